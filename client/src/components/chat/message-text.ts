import type { IntlShape } from 'react-intl';
import { GIFTS } from '@shared/rules/chat-gifts.js';
import type { MessageKind } from '@shared/api/chats.js';

export function giftEmoji(giftId: string | null): string {
  return GIFTS.find((g) => g.id === giftId)?.emoji ?? '🎁';
}

/**
 * The text a message shows: icebreakers store an i18n key (each side reads the opener in its own
 * language), gifts show their emoji and name.
 */
export function messageText(intl: IntlShape, message: { kind: MessageKind; body: string; gift_id: string | null }): string {
  if (message.kind === 'icebreaker') {
    return message.body.startsWith('icebreaker.') ? intl.formatMessage({ id: message.body }) : message.body;
  }
  if (message.kind === 'gift') {
    const name = intl.formatMessage({ id: `chat.gift.${message.gift_id ?? 'unknown'}` });
    return message.body ? `${giftEmoji(message.gift_id)} ${name} · ${message.body}` : `${giftEmoji(message.gift_id)} ${name}`;
  }
  return message.body;
}

import type { IntlShape } from 'react-intl';
import { GIFTS } from '@shared/rules/chat-gifts.js';
import type { MessageKind } from '@shared/api/chats.js';

export function giftEmoji(giftId: string | null): string {
  return GIFTS.find((g) => g.id === giftId)?.emoji ?? '🎁';
}

/**
 * The text a message shows: icebreakers store an i18n key (each side reads the opener in its own
 * language), gifts show their emoji and name (`withGiftEmoji` false: the name alone, where the
 * emoji is drawn large beside it, as in a bubble).
 */
export function messageText(intl: IntlShape, message: { kind: MessageKind; body: string; gift_id: string | null }, withGiftEmoji = true): string {
  if (message.kind === 'icebreaker') {
    return message.body.startsWith('icebreaker.') ? intl.formatMessage({ id: message.body }) : message.body;
  }
  if (message.kind === 'gift') {
    const name = intl.formatMessage({ id: `chat.gift.${message.gift_id ?? 'unknown'}` });
    const caption = withGiftEmoji ? `${giftEmoji(message.gift_id)} ${name}` : name;
    return message.body ? `${caption} · ${message.body}` : caption;
  }
  return message.body;
}

import type { IntlShape } from 'react-intl';
import { GIFTS } from '@shared/rules/chat-gifts.js';
import type { MessageKind } from '@shared/api/chats.js';

export function giftEmoji(giftId: string | null): string {
  return GIFTS.find((g) => g.id === giftId)?.emoji ?? '🎁';
}

/** The catalogue's gift, or 'unknown' for one taken out of it since (old chats keep theirs). */
function giftNameKey(giftId: string | null): string {
  return `chat.gift.${GIFTS.some((g) => g.id === giftId) ? giftId : 'unknown'}`;
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
    const name = intl.formatMessage({ id: giftNameKey(message.gift_id) });
    const caption = withGiftEmoji ? `${giftEmoji(message.gift_id)} ${name}` : name;
    return message.body ? `${caption} · ${message.body}` : caption;
  }
  return message.body;
}

const EMOJI_PARTS = /^[\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}\u200D\uFE0F]+$/u;
const PICTOGRAPH = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * A text of one to three emoji and nothing else, shown large as messengers do. Counted in what the
 * reader sees as one emoji (a family or a flag is several code points).
 */
export function isEmojiOnly(text: string): boolean {
  const trimmed = text.trim();
  if (!EMOJI_PARTS.test(trimmed)) return false;
  const shown = [...graphemes.segment(trimmed)];
  return shown.length <= 3 && shown.every((g) => PICTOGRAPH.test(g.segment));
}

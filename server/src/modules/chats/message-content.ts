/** Turns a parsed send request into what gets stored and what it costs, by the site's settings. */
import type { SiteRow } from '@db/schema/index.js';
import type { MessageKind } from '@shared/api/chats.js';
import { isGiftId } from '@shared/rules/chat-gifts.js';
import { findIcebreaker } from '@shared/rules/chat-icebreakers.js';
import { checkMessageBody } from '@shared/rules/chat-message.js';
import { badRequest } from '../../http/errors.js';

export interface MessageContent {
  kind: MessageKind;
  body: string;
  giftId: string | null;
  cost: number;
  reason: 'message' | 'gift';
}

interface ContentInput {
  kind: MessageKind;
  body: string;
  gift_id?: string;
  icebreaker_id?: string;
}

/** Throws 400 message_empty / message_too_long {max} / invalid_request {fields}. */
export function messageContent(input: ContentInput, site: SiteRow): MessageContent {
  refuseMisfits(input);
  if (input.kind === 'icebreaker') {
    const icebreaker = findIcebreaker(input.icebreaker_id);
    // The client sends the opener's key as the body, or nothing; typed text would be dropped.
    if (!icebreaker || (input.body !== '' && input.body !== icebreaker.key)) {
      throw badRequest('invalid_request', { fields: { [icebreaker ? 'body' : 'icebreaker_id']: 'invalid_request' } });
    }
    return { kind: 'icebreaker', body: icebreaker.key, giftId: null, cost: site.messageCredits, reason: 'message' };
  }
  const isGift = input.kind === 'gift';
  if (isGift && !isGiftId(input.gift_id)) throw badRequest('invalid_request', { fields: { gift_id: 'invalid_request' } });
  const checked = checkMessageBody(input.body, site.messageLength, { allowEmpty: isGift });
  if (!checked.ok) throw badRequest(checked.error, checked.error === 'message_too_long' ? { max: checked.max } : {});
  return isGift
    ? { kind: 'gift', body: checked.body, giftId: input.gift_id!, cost: site.giftCredits, reason: 'gift' }
    : { kind: 'text', body: checked.body, giftId: null, cost: site.messageCredits, reason: 'message' };
}

/**
 * A field of another kind is a mistake, not something to drop quietly: a text with a gift_id was
 * stored (and charged) as a plain text, an icebreaker with a typed body lost the text.
 */
function refuseMisfits(input: ContentInput): void {
  const fields: Record<string, 'invalid_request'> = {};
  if (input.kind !== 'gift' && input.gift_id !== undefined) fields.gift_id = 'invalid_request';
  if (input.kind !== 'icebreaker' && input.icebreaker_id !== undefined) fields.icebreaker_id = 'invalid_request';
  if (Object.keys(fields).length > 0) throw badRequest('invalid_request', { fields });
}

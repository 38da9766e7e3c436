/** Rules for the text of a chat message, shared so the composer can warn before sending. */
import { DIRECTION_CONTROL_RANGES, showsSomething } from './visible-text.js';

/** Length as a member counts it: code points, so an emoji is one character, not two. */
export function messageLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

export type MessageBodyCheck =
  | { ok: true; body: string }
  | { ok: false; error: 'message_empty' }
  | { ok: false; error: 'message_too_long'; max: number };

/**
 * Characters never stored: control characters but the line feed and tab (a NUL was stored as it
 * came), carriage returns (a Windows line end is one line end), and the directional embeddings,
 * overrides and isolates, which turn the text after them around in previews and lists the message
 * does not own (visible-text.ts: DIRECTION_CONTROL_RANGES).
 */
const NEVER_STORED = new RegExp(`[\\u0000-\\u0008\\u000B-\\u001F\\u007F-\\u009F${DIRECTION_CONTROL_RANGES}]`, 'u');
const NEVER_STORED_ALL = new RegExp(NEVER_STORED.source, 'gu');

/**
 * The text as it is sent and stored: cleaned (see NEVER_STORED) and trimmed. The composer counts
 * this against message_length, so the line ends after a text do not make it look too long.
 */
export function cleanMessageBody(raw: string): string {
  // Tested before replacing: on every send, and almost no text has any of them.
  return (NEVER_STORED.test(raw) ? raw.replace(NEVER_STORED_ALL, '') : raw).trim();
}

/**
 * Cleans the text (see NEVER_STORED), trims it and checks it against the site's message_length.
 * Text messages must show something; a gift may carry an empty note (allowEmpty).
 */
export function checkMessageBody(raw: string, max: number, options: { allowEmpty?: boolean } = {}): MessageBodyCheck {
  const body = cleanMessageBody(raw);
  if (!showsSomething(body)) {
    if (!options.allowEmpty) return { ok: false, error: 'message_empty' };
    return { ok: true, body: '' };
  }
  if (messageLength(body) > max) return { ok: false, error: 'message_too_long', max };
  return { ok: true, body };
}

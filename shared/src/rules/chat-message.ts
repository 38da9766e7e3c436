/** Rules for the text of a chat message, shared so the composer can warn before sending. */

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
 * Trims the text and checks it against the site's message_length. Text messages must not be
 * empty; a gift may carry an empty note (allowEmpty).
 */
export function checkMessageBody(raw: string, max: number, options: { allowEmpty?: boolean } = {}): MessageBodyCheck {
  const body = raw.trim();
  if (!body && !options.allowEmpty) return { ok: false, error: 'message_empty' };
  if (messageLength(body) > max) return { ok: false, error: 'message_too_long', max };
  return { ok: true, body };
}

/** What a piece of text shows when it is read: shared by the message and the member-name rules. */

/**
 * Characters that show nothing (the class below is everything else): whitespace, format characters (zero-width spaces and joiners,
 * direction marks, the soft hyphen, the word joiner, the byte-order mark), variation selectors,
 * the combining grapheme joiner, and the letters that render blank (the Hangul fillers and the
 * blank braille pattern). A text of only these is empty to the member who reads it.
 */
const SHOWS_SOMETHING = /[^\s\p{Cf}\uFE00-\uFE0F\u{E0100}-\u{E01EF}\u034F\u115F\u1160\u3164\uFFA0\u2800]/u;

export function showsSomething(text: string): boolean {
  return SHOWS_SOMETHING.test(text);
}

/**
 * The directional embeddings, overrides and isolates: they turn the text after them around, also
 * text they do not own (the rest of a line in a list or a mail). Right-to-left text needs none of
 * them: the client sets each text's direction. Chat messages drop them (chat-message.ts), member
 * names refuse them (username.ts).
 */
export const DIRECTION_CONTROL_RANGES = '\\u202A-\\u202E\\u2066-\\u2069';
export const DIRECTION_CONTROLS = new RegExp(`[${DIRECTION_CONTROL_RANGES}]`, 'u');

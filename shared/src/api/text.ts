import { z } from 'zod';

// A UTF-16 surrogate without its pair. JSON lets a client send one ("\ud800"); SQLite then stores
// bytes that are not UTF-8 and reads them back as three replacement characters, so the text a
// member saw live differs from the text in their history, and a length check counted one
// character for three.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isWellFormedText(value: string): boolean {
  return !LONE_SURROGATE.test(value);
}

/** A string of text a member writes and others read: any characters, but whole ones. */
export const memberText = () => z.string().refine(isWellFormedText);

// Control characters (C0, DEL, C1). Stored as they came, a bell or a terminal colour code
// ("\u001b[31m") rings or repaints the terminal of whoever reads the record or a log line of it,
// and a form feed or a lone carriage return rewrites what the reader sees of the lines around it.
const ANY_CONTROL = /\p{Cc}/u;
// The same but the tab and the line end ("\n", or "\r\n" as Windows and a form's submission write it).
const CONTROL_BUT_LINE_ENDS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|\r(?!\n)/;

/** One line of member text (a tracking value): whole characters and no control characters at all. */
export const lineText = () => memberText().refine((value) => !ANY_CONTROL.test(value));

/**
 * Member text of several lines (the sign-up message): whole characters, no control characters
 * but the tab and the line end. Refused, not cleaned: input is never quietly reshaped.
 */
export const linesText = () => memberText().refine((value) => !CONTROL_BUT_LINE_ENDS.test(value));

/**
 * A password, sent or checked: whole characters only. Hashed, half a character became U+FFFD, so
 * every other half (and U+FFFD itself) opened the same account.
 */
export const passwordText = (max: number) => z.string().max(max).refine(isWellFormedText);

/**
 * A whole number in a query string, between `min` and `max`: digits only. `z.coerce.number()`
 * alone also took `0x1`, `1e3`, ` 7` and an empty value (as 0).
 */
export const queryInt = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .regex(/^\d{1,16}$/)
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

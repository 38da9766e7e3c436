/**
 * "e-mail" as one word on screen: a line may end after any hyphen, and a narrow phone showed "e-"
 * at one line's end and "mail" at the next (en, de, fr, it, nl, pl). The hyphen after a word's
 * leading e becomes U+2011, the non-breaking hyphen. The 'Amora Emoji' face never draws it (not in
 * its unicode-range); the text font does: DejaVu Sans, Chromium's system-ui on Linux, has the
 * glyph, and e2e/shell-routes.spec.ts checks the word comes from one font. A font without it falls
 * back for that one character. Later hyphens stay breakable: de "E-Mail-|Adresse" may still wrap
 * where German wraps it.
 *
 * Applied to every catalogue string as it loads, so a new or retranslated message is covered
 * without anyone remembering the character; the JSON files keep the plain hyphen.
 */
const EMAIL_HYPHEN = /(?<!\p{L})([Ee])-(?=[Mm]ail)/gu;

export function keepEmailWhole(text: string): string {
  return text.replace(EMAIL_HYPHEN, '$1\u2011');
}

/**
 * The name under an installed app's icon (the web app manifest's short_name). A launcher cuts that
 * label after about 12 characters ("Romantische…"), and a site's full name often runs longer. The
 * sites table has no short name of its own, so it is made from the name: the name when it fits,
 * else the whole words of it that fit (a hyphen or a dash ends a word too), with no punctuation left
 * hanging; a single word longer than the label is cut after its first 12 characters.
 */
export const HOME_SCREEN_NAME_LENGTH = 12;

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const WORD_GAP = /^\s$/u;
const WORD_JOINING_DASH = /^[-‐‑–—]$/u;
const TRAILING_PUNCTUATION = /[\s\p{P}]+$/u;

export function homeScreenName(name: string): string {
  const whole = name.trim();
  // Characters as a reader counts them: an emoji or a letter with its accent is one.
  const chars = Array.from(graphemes.segment(whole), (s) => s.segment);
  if (chars.length <= HOME_SCREEN_NAME_LENGTH) return whole;
  for (let end = HOME_SCREEN_NAME_LENGTH; end > 0; end--) {
    const endsWord = WORD_GAP.test(chars[end]!) || WORD_GAP.test(chars[end - 1]!) || WORD_JOINING_DASH.test(chars[end - 1]!);
    if (!endsWord) continue;
    const words = chars.slice(0, end).join('').replace(TRAILING_PUNCTUATION, '');
    if (words) return words;
  }
  return chars.slice(0, HOME_SCREEN_NAME_LENGTH).join('').trimEnd();
}

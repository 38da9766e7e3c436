import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isArgumentElement, isPluralElement, isSelectElement, isTagElement, parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { LOCALES } from '@shared/constants.js';
import { ERROR_MESSAGES } from '@shared/errors.js';

const dir = fileURLToPath(new URL('./messages/', import.meta.url));
type Catalogue = Record<string, string>;
const read = (path: string): Catalogue => JSON.parse(readFileSync(path, 'utf8')) as Catalogue;
const shell = Object.fromEntries(LOCALES.map((l) => [l, read(`${dir}${l}.json`)])) as Record<(typeof LOCALES)[number], Catalogue>;
const chatFiles = readdirSync(`${dir}chat`, { withFileTypes: true }).filter((f) => f.name.endsWith('.json'));
const chat = Object.fromEntries(chatFiles.map((f) => [f.name.replace('.json', ''), read(`${dir}chat/${f.name}`)])) as Record<string, Catalogue>;

/** Argument and tag names a message uses, and whether every plural has an `other` branch. */
function shape(elements: MessageFormatElement[], names = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (isArgumentElement(el) || isPluralElement(el) || isSelectElement(el)) names.add(el.value);
    if (isTagElement(el)) {
      names.add(`<${el.value}>`);
      shape(el.children, names);
    }
    if (isPluralElement(el) || isSelectElement(el)) {
      expect(Object.keys(el.options)).toContain('other');
      for (const option of Object.values(el.options)) shape(option.value, names);
    }
  }
  return names;
}

describe.each([
  ['shell', shell as Record<string, Catalogue>],
  ['chat', chat],
])('%s catalogue', (_name, catalogues) => {
  const present = Object.keys(catalogues);
  it.skipIf(present.length === 0)('exists for all seven locales with exactly the same keys', () => {
    expect(present.sort()).toEqual([...LOCALES].sort());
    const keys = Object.keys(catalogues.en ?? {}).sort();
    for (const locale of LOCALES) expect(Object.keys(catalogues[locale] ?? {}).sort(), locale).toEqual(keys);
  });

  it.skipIf(present.length === 0)('has valid ICU messages using the same arguments as English', () => {
    for (const locale of present) {
      for (const [key, message] of Object.entries(catalogues[locale]!)) {
        let parsed: MessageFormatElement[] = [];
        expect(() => (parsed = parse(message)), `${locale} ${key}`).not.toThrow();
        expect(message, `${locale} ${key}: an apostrophe before a brace quotes it`).not.toMatch(/'[{}#]/);
        const english = catalogues.en?.[key];
        if (english !== undefined) expect([...shape(parsed)].sort(), `${locale} ${key}`).toEqual([...shape(parse(english))].sort());
      }
    }
  });

  it.skipIf(present.length === 0)('is really translated (not English copies)', () => {
    const english = catalogues.en ?? {};
    for (const locale of present.filter((l) => l !== 'en')) {
      const entries = Object.entries(catalogues[locale]!);
      const copies = entries.filter(([key, text]) => text === english[key] && /[a-z]{4,}/i.test(text));
      // A few words are the same in several languages (Likes, FAQ, E-mail, Contact, champagne, place names).
      const allowed = Math.max(5, Math.floor(entries.length * 0.06));
      expect(copies.length, `${locale}: ${copies.map(([k]) => k).join(', ')}`).toBeLessThanOrEqual(allowed);
    }
  });
});

describe('error messages', () => {
  it('every error code of shared/src/errors.ts has a translation in every locale', () => {
    for (const locale of LOCALES) {
      for (const code of Object.keys(ERROR_MESSAGES)) expect(shell[locale], `${locale} errors.${code}`).toHaveProperty(`errors.${code}`);
    }
  });
  it('the English texts are the spec texts', () => {
    // Word for word; a no-break space may keep a number with its unit ("15\u00a0min.").
    for (const [code, text] of Object.entries(ERROR_MESSAGES)) expect(shell.en[`errors.${code}`]?.replace(/\u00a0/g, ' ')).toBe(text);
  });
  it('shell and chat catalogues do not fight over a key', () => {
    const overlap = Object.keys(chat.en ?? {}).filter((key) => key in shell.en);
    expect(overlap).toEqual([]);
  });
});

describe('Polish texts', () => {
  // Polish typesetting never ends a line on a one-letter word ("w", "z", "i", "o", "u", "a"): a
  // no-break space after it carries it to the next line with the word it belongs to.
  it('keep every one-letter word with the word after it', () => {
    const oneLetterThenSpace = /(^|[\s(„"«])[aiouwzAIOUWZ] /;
    const found = [shell.pl, chat.pl].flatMap((catalogue) => Object.entries(catalogue ?? {}).filter(([, text]) => oneLetterThenSpace.test(text)).map(([key]) => key));
    expect(found).toEqual([]);
  });
});

describe('numbers and their signs', () => {
  // German, Spanish and French put a space before "%": a plain one let the line end between the
  // number and its sign ("46" / "% höhere Chance" on a 360 px phone); a no-break space keeps them.
  it('keep a % sign or "min." on the line of its number', () => {
    // and "15 min." on the log-in lock-out at many phone widths
    const breakableBeforePercent = /[\d}] (%|[Mm]in\.)/;
    const found = Object.entries({ ...shell, ...Object.fromEntries(Object.entries(chat).map(([l, c]) => [`chat/${l}`, c])) })
      .flatMap(([locale, catalogue]) => Object.entries(catalogue).filter(([, text]) => breakableBeforePercent.test(text)).map(([key]) => `${locale} ${key}`));
    expect(found).toEqual([]);
  });

  // French hours ("9 h", "17 h"): the support page's "entre 9" ended a line on a 390 px phone.
  it('keep a French hour with its "h"', () => {
    const found = [shell.fr, chat.fr].flatMap((catalogue) => Object.entries(catalogue ?? {}).filter(([, text]) => /\d h\b/.test(text)).map(([key]) => key));
    expect(found).toEqual([]);
  });
});

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '@shared/constants.js';
import { capitalizeFirst } from '../../i18n/capitalize-first.js';
import { listTime } from './chat-list-time.js';

const catalogue = (locale: Locale) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../i18n/messages/chat/${locale}.json`, import.meta.url)), 'utf8')) as Record<string, string>;

// Saturday noon, local time (the list counts days by the viewer's calendar).
const now = new Date(2026, 0, 10, 12).getTime();
const at = (day: number) => new Date(2026, 0, day, 9, 30).toISOString();

/** One list's labels in `locale`: a message from yesterday, one from Thursday, one from the week before. */
function labels(locale: Locale) {
  const intl = createIntl({ locale, messages: catalogue(locale) });
  return { yesterday: listTime(intl, at(9), now), weekday: listTime(intl, at(8), now), date: listTime(intl, at(2), now) };
}

const startsUpper = (text: string, locale: string) => {
  const first = text[0]!;
  return first === first.toLocaleUpperCase(locale) && first !== first.toLocaleLowerCase(locale);
};

describe('the chat list dates its entries with one kind of capitals per language', () => {
  it.each(LOCALES)('%s: "yesterday" and a weekday both begin with a capital', (locale) => {
    const { yesterday, weekday } = labels(locale);
    expect(startsUpper(yesterday, locale), yesterday).toBe(true);
    expect(startsUpper(weekday, locale), weekday).toBe(true);
  });

  it('in French, German and Polish as a reader expects them', () => {
    expect(labels('fr')).toMatchObject({ yesterday: 'Hier', weekday: 'Jeu.' });
    expect(labels('de')).toMatchObject({ yesterday: 'Gestern', weekday: 'Do' });
    expect(labels('pl')).toMatchObject({ yesterday: 'Wczoraj', weekday: 'Czw.' });
  });

  it('leaves a date that begins with its day number as it was', () => {
    expect(labels('fr').date).toBe(new Intl.DateTimeFormat('fr', { day: 'numeric', month: 'short' }).format(new Date(2026, 0, 2)));
  });
});

describe('capitalizeFirst', () => {
  it("follows the language's own rules, and leaves an empty label alone", () => {
    expect(capitalizeFirst('istanbul', 'tr')).toBe('İstanbul');
    expect(capitalizeFirst('śr.', 'pl')).toBe('Śr.');
    expect(capitalizeFirst('', 'en')).toBe('');
  });
});

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '@shared/constants.js';
import { dayLabel } from './chat-day-label.js';

const catalogue = (locale: Locale) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../i18n/messages/chat/${locale}.json`, import.meta.url)), 'utf8')) as Record<string, string>;

// Saturday 10 January 2026, noon local time.
const now = new Date(2026, 0, 10, 12);
const day = (d: number, year = 2026) => new Date(year, 0, d, 9, 30);

function labels(locale: Locale) {
  const intl = createIntl({ locale, messages: catalogue(locale) });
  return { today: dayLabel(intl, day(10), now), yesterday: dayLabel(intl, day(9), now), thursday: dayLabel(intl, day(8), now), lastYear: dayLabel(intl, day(8, 2025), now) };
}

const startsUpper = (text: string, locale: string) => {
  const first = text[0]!;
  return first === first.toLocaleUpperCase(locale) && first !== first.toLocaleLowerCase(locale);
};

describe("the open chat's day separators", () => {
  it.each(LOCALES)('%s: today, yesterday and an older day all begin with a capital', (locale) => {
    const { today, yesterday, thursday } = labels(locale);
    for (const label of [today, yesterday, thursday]) expect(startsUpper(label, locale), label).toBe(true);
  });

  it('read as a French, German or English reader expects, with the year only for another year', () => {
    expect(labels('fr')).toMatchObject({ yesterday: 'Hier', thursday: 'Jeudi 8 janvier', lastYear: 'Mercredi 8 janvier 2025' });
    expect(labels('de')).toMatchObject({ yesterday: 'Gestern', thursday: 'Donnerstag, 8. Januar' });
    expect(labels('en')).toMatchObject({ today: 'Today', thursday: 'Thursday, January 8' });
  });
});

// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCALES } from '@shared/constants.js';
import de from '../../i18n/messages/chat/de.json';
import en from '../../i18n/messages/chat/en.json';
import es from '../../i18n/messages/chat/es.json';
import fr from '../../i18n/messages/chat/fr.json';
import it_ from '../../i18n/messages/chat/it.json';
import nl from '../../i18n/messages/chat/nl.json';
import pl from '../../i18n/messages/chat/pl.json';
import { PresenceText } from './PresenceText.js';

const catalogues: Record<string, Record<string, string>> = { de, en, es, fr, it: it_, nl, pl };
const chatMessages = (locale: string) => catalogues[locale]!;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function lineFor(locale: string, presence: { online: boolean; last_seen: string | null }): string {
  const { container } = render(
    <IntlProvider locale={locale} messages={chatMessages(locale)}>
      <PresenceText presence={presence} typing={false} />
    </IntlProvider>,
  );
  return container.textContent ?? '';
}

describe('the presence line under a peer\'s name', () => {
  // A member who left a moment ago must not read as online at a glance: French said "En ligne à
  // l'instant" (online just now) under a peer who had gone, the word the line uses for "Online".
  for (const locale of LOCALES) {
    it(`does not begin an offline peer's "last seen" with the word for Online (${locale})`, () => {
      const online = lineFor(locale, { online: true, last_seen: null });
      cleanup();
      for (const agoMs of [5_000, 5 * 60_000, 3 * 3_600_000]) {
        const lastSeen = lineFor(locale, { online: false, last_seen: new Date(Date.now() - agoMs).toISOString() });
        cleanup();
        expect(lastSeen.length, `${locale}: a last-seen line`).toBeGreaterThan(0);
        expect(lastSeen.toLocaleLowerCase(locale).startsWith(online.toLocaleLowerCase(locale)), `${locale}: "${lastSeen}" begins with "${online}"`).toBe(false);
      }
    });
  }
});

describe('the time of "last seen"', () => {
  // With the phone's text size large the time may have to wrap (it is an inline block in chat.css):
  // de "vor 53 | Minuten" then parted a number from its unit. A no-break space keeps them together.
  for (const locale of LOCALES) {
    it(`binds the number to its unit with a no-break space (${locale})`, () => {
      for (const agoMs of [53 * 60_000, 23 * 3_600_000, 3 * 7 * 86_400_000]) {
        const line = lineFor(locale, { online: false, last_seen: new Date(Date.now() - agoMs).toISOString() });
        cleanup();
        expect(line, `${locale}: "${line}"`).toMatch(/\d\u00a0\p{L}/u);
        expect(line, `${locale}: "${line}"`).not.toMatch(/\d[ \t]\p{L}/u);
      }
    });
  }
});

describe('a last seen almost a year ago', () => {
  // Months of 30 days made 360 to 364 days "12 months ago"; a reader counts that as a year.
  it('reads as a year from day 360, and as 11 months the day before', () => {
    const now = new Date(2026, 11, 2, 12, 0);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    const seen = (days: number) => {
      const line = lineFor('en', { online: false, last_seen: new Date(2026, 11, 2 - days, 12, 0).toISOString() });
      cleanup();
      return line;
    };
    expect(seen(359)).toBe('Last seen 11\u00a0months ago');
    expect(seen(360)).toBe('Last seen last year');
    expect(seen(364)).toBe('Last seen last year');
  });
});

describe('"last seen" a week, a month or a year ago', () => {
  // Intl words these alone ("settimana scorsa"); after "Ultimo accesso" Italian needs its article
  // ("il mese scorso"; a week is "una settimana fa", as "la settimana scorsa" took a second line
  // on a 390 px phone). Each language's whole line, as a reader expects it.
  const expected: Record<string, [week: string, month: string, year: string]> = {
    en: ['Last seen last week', 'Last seen last month', 'Last seen last year'],
    de: ['Zuletzt online letzte Woche', 'Zuletzt online letzten Monat', 'Zuletzt online letztes Jahr'],
    es: ['Últ. vez la semana pasada', 'Últ. vez el mes pasado', 'Últ. vez el año pasado'],
    fr: ['Vu la semaine dernière', 'Vu le mois dernier', 'Vu l’année dernière'],
    it: ['Ultimo accesso una settimana fa', 'Ultimo accesso il mese scorso', 'Ultimo accesso l’anno scorso'],
    nl: ['Gezien vorige week', 'Gezien vorige maand', 'Gezien vorig jaar'],
    pl: ['Widziano w\u00a0zeszłym tygodniu', 'Widziano w\u00a0zeszłym miesiącu', 'Widziano w\u00a0zeszłym roku'],
  };
  for (const locale of LOCALES) {
    it(`reads as a sentence (${locale})`, () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(2026, 11, 2, 12, 0));
      const lines = [8, 40, 400].map((days) => {
        const line = lineFor(locale, { online: false, last_seen: new Date(2026, 11, 2 - days, 12, 0).toISOString() });
        cleanup();
        return line;
      });
      expect(lines).toEqual(expected[locale]);
    });
  }
});

import { describe, expect, it } from 'vitest';
import { buildRows, formatMinorUnits, listTimeKind, relativeParts } from './chat-format.js';
import { fromDto } from '../../state/chat-thread.js';

describe('minimum message cost', () => {
  it('formats minor units in the country currency per language', () => {
    expect(formatMinorUnits(50, 'EUR', 'nl', 'NL')).toMatch(/€\s?0,50/);
    expect(formatMinorUnits(50, 'EUR', 'de', 'DE')).toMatch(/0,50\s?€/);
    expect(formatMinorUnits(99, 'GBP', 'en', 'GB')).toBe('£0.99');
    expect(formatMinorUnits(149, 'USD', 'en', 'US')).toBe('$1.49');
    expect(formatMinorUnits(250, 'PLN', 'pl', 'PL')).toMatch(/2,50\s?zł/);
    expect(formatMinorUnits(50, 'CHF', 'de', 'CH')).toMatch(/CHF\s?0.50/);
  });

  // The member's own country's currency: its plain sign, not one that tells it from others
  // ("0,99 £GB" in French, "0,99 GBP" in Polish and Spanish looked broken to a British member).
  it('shows the currency by its plain sign in every language', () => {
    expect(formatMinorUnits(99, 'GBP', 'fr', 'GB')).toMatch(/^0,99\s?£$/);
    expect(formatMinorUnits(99, 'GBP', 'pl', 'GB')).toMatch(/^0,99\s?£$/);
    expect(formatMinorUnits(99, 'GBP', 'es', 'GB')).toMatch(/^0,99\s?£$/);
  });

  it('falls back to the language when the pair is unusual', () => {
    expect(formatMinorUnits(100, 'EUR', 'en', 'ZZ')).toMatch(/€1(\.00)?/);
  });
});

describe('relative last seen', () => {
  const now = Date.UTC(2025, 5, 10, 12);
  it('picks the largest fitting unit', () => {
    expect(relativeParts(now - 30_000, now)).toEqual({ value: -30, unit: 'second' });
    expect(relativeParts(now - 5 * 60_000, now)).toEqual({ value: -5, unit: 'minute' });
    expect(relativeParts(now - 3 * 3_600_000, now)).toEqual({ value: -3, unit: 'hour' });
    expect(relativeParts(now - 2 * 86_400_000, now)).toEqual({ value: -2, unit: 'day' });
    expect(relativeParts(now - 14 * 86_400_000, now)).toEqual({ value: -2, unit: 'week' });
    expect(relativeParts(now - 400 * 86_400_000, now)).toEqual({ value: -1, unit: 'year' });
  });

  it('counts days by the calendar: late the day before yesterday is 2 days ago, not yesterday', () => {
    const noon = new Date(2026, 10, 28, 11, 24).getTime();
    expect(relativeParts(new Date(2026, 10, 26, 20, 29).getTime(), noon)).toEqual({ value: -2, unit: 'day' });
    expect(relativeParts(new Date(2026, 10, 27, 9, 0).getTime(), noon)).toEqual({ value: -1, unit: 'day' });
    // Under a day is still hours, even across midnight.
    expect(relativeParts(new Date(2026, 10, 27, 23, 0).getTime(), noon)).toEqual({ value: -12, unit: 'hour' });
  });
});

describe('message rows', () => {
  it('puts a day separator before each new day and groups a sender', () => {
    const at = (day: number, hour: number) => new Date(2025, 0, day, hour).toISOString();
    const messages = [
      { id: 1, sender: 1, created_at: at(1, 10) },
      { id: 2, sender: 1, created_at: at(1, 11) },
      { id: 3, sender: 2, created_at: at(1, 12) },
      { id: 4, sender: 2, created_at: at(2, 9) },
    ].map((m) => fromDto({ ...m, conversation: 1, client_id: `c${m.id}xxxxxx`, kind: 'text', body: 'x', gift_id: null }));
    const shape = (rows: ReturnType<typeof buildRows>) => rows.map((r) => (r.type === 'message' ? `${r.message.id}${r.firstOfGroup ? '*' : ''}` : r.type));
    expect(shape(buildRows(messages))).toEqual(['day', '1*', '2', '3*', 'day', '4*']);
    // The first unread message gets its divider, and starts a group of its own.
    expect(shape(buildRows(messages, messages[1]!.key))).toEqual(['day', '1*', 'unread', '2*', '3*', 'day', '4*']);
    expect(shape(buildRows(messages, messages[3]!.key))).toEqual(['day', '1*', '2', '3*', 'day', 'unread', '4*']);
  });

  it('never names an earlier day again: a message still unsent from before midnight stays under the newest day', () => {
    const at = (day: number, hour: number, minute = 0) => new Date(2025, 0, day, hour, minute).toISOString();
    const stored = [
      { id: 1, sender: 2, created_at: at(1, 22) },
      { id: 2, sender: 2, created_at: at(2, 0, 10) },
    ].map((m) => fromDto({ ...m, conversation: 1, client_id: `c${m.id}xxxxxx`, kind: 'text', body: 'x', gift_id: null }));
    // Written at 23:55, still waiting for the network: after the stored ones, as the list shows them.
    const pending = { ...fromDto({ id: 0, sender: 1, created_at: at(1, 23, 55), conversation: 1, client_id: 'pendingxx', kind: 'text', body: 'x', gift_id: null }), id: null, local: 'pending' as const };
    const rows = buildRows([...stored, pending]);
    const days = rows.filter((r) => r.type === 'day').map((r) => r.key);
    expect(days).toEqual(['day-2025-01-01', 'day-2025-01-02']);
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
    expect(rows.at(-1)).toMatchObject({ type: 'message', message: { client_id: 'pendingxx' } });
  });

  it('dates the separators in the zone the member is in now, also for messages placed before a move', () => {
    const messages = [
      { id: 1, created_at: '2025-01-01T20:00:00.000Z' },
      { id: 2, created_at: '2025-01-01T23:30:00.000Z' },
    ].map((m) => fromDto({ ...m, sender: 1, conversation: 1, client_id: `c${m.id}xxxxxx`, kind: 'text', body: 'x', gift_id: null }));
    const days = () => buildRows(messages).filter((r) => r.type === 'day').map((r) => r.key);
    const zone = process.env.TZ;
    try {
      process.env.TZ = 'UTC';
      expect(days()).toEqual(['day-2025-01-01']);
      // Flown to Tokyo (UTC+9): 20:00 and 23:30 UTC are 05:00 and 08:30 on 2 January there.
      process.env.TZ = 'Asia/Tokyo';
      expect(days()).toEqual(['day-2025-01-02']);
      // To New York (UTC-5): 15:00 and 18:30 on 1 January.
      process.env.TZ = 'America/New_York';
      expect(days()).toEqual(['day-2025-01-01']);
      // Auckland (UTC+13 in January): 09:00 and 12:30 on 2 January.
      process.env.TZ = 'Pacific/Auckland';
      expect(days()).toEqual(['day-2025-01-02']);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});

describe('the chat list dates a last message as the open chat names its day', () => {
  // Saturday 28 November 2026, 09:30 local time.
  const now = new Date(2026, 10, 28, 9, 30).getTime();
  const at = (month: number, day: number, hour: number, year = 2026) => new Date(year, month, day, hour).getTime();

  it('today by the time, the day before as yesterday (however few hours ago), then the weekday, then the date', () => {
    expect(listTimeKind(at(10, 28, 0), now)).toBe('time');
    expect(listTimeKind(at(10, 27, 23), now)).toBe('yesterday');
    expect(listTimeKind(at(10, 27, 0), now)).toBe('yesterday');
    expect(listTimeKind(at(10, 26, 12), now)).toBe('weekday');
    expect(listTimeKind(at(10, 22, 12), now)).toBe('weekday');
    expect(listTimeKind(at(10, 21, 12), now)).toBe('date');
    expect(listTimeKind(at(0, 2, 12), now)).toBe('date');
    expect(listTimeKind(at(11, 30, 12, 2025), now)).toBe('dateWithYear');
  });
});

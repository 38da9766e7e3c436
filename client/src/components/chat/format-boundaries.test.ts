import { afterEach, describe, expect, it } from 'vitest';
import { calendarDaysBetween, listTimeKind, relativeParts } from './chat-format.js';
import { isEmojiOnly } from './message-text.js';

const zone = process.env.TZ;
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe('chat formatting at its edges', () => {
  it('a message from the evening of the day the clocks went forward is "yesterday" the morning after, not today', () => {
    process.env.TZ = 'Europe/Amsterdam';
    // 29 March 2026: 02:00 becomes 03:00 in Amsterdam; that day is 23 hours long.
    const evening = new Date(2026, 2, 29, 20, 0).getTime();
    const morning = new Date(2026, 2, 30, 10, 0).getTime();
    expect(calendarDaysBetween(evening, morning)).toBe(1);
    expect(listTimeKind(evening, morning)).toBe('yesterday');
  });

  it('a minute ago says a minute, not 60 seconds', () => {
    const now = Date.UTC(2026, 0, 1, 12);
    expect(relativeParts(now - 59_000, now)).toEqual({ value: -59, unit: 'second' });
    expect(relativeParts(now - 60_000, now)).toEqual({ value: -1, unit: 'minute' });
  });

  it('a last seen 360 to 364 days ago says a year, not "12 months ago"', () => {
    const now = new Date(2026, 11, 2, 12, 0).getTime();
    const daysAgo = (days: number) => new Date(2026, 11, 2 - days, 12, 0).getTime();
    expect(relativeParts(daysAgo(359), now)).toEqual({ value: -11, unit: 'month' });
    for (const days of [360, 362, 364, 365, 729]) expect(relativeParts(daysAgo(days), now), `${days} days`).toEqual({ value: -1, unit: 'year' });
    expect(relativeParts(daysAgo(730), now)).toEqual({ value: -2, unit: 'year' });
  });

  it('shows up to three emoji large, and not four', () => {
    expect(isEmojiOnly('😀😀😀')).toBe(true);
    expect(isEmojiOnly('😀😀😀😀')).toBe(false);
  });
});

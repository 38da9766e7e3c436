import { describe, expect, it } from 'vitest';
import { termsVersionDate } from './terms-date.js';

describe('termsVersionDate', () => {
  it('is 2023-12-01 12:00 UTC when the site was added earlier', () => {
    expect(termsVersionDate('2021-06-30').toISOString()).toBe('2023-12-01T12:00:00.000Z');
  });

  it('is the added date when that is later', () => {
    expect(termsVersionDate('2024-03-18').toISOString()).toBe('2024-03-18T00:00:00.000Z');
  });

  it('compares at the hour: the same day before noon still gives the fixed date, after noon the added time', () => {
    expect(termsVersionDate('2023-12-01').toISOString()).toBe('2023-12-01T12:00:00.000Z');
    expect(termsVersionDate('2023-12-01T15:30:00Z').toISOString()).toBe('2023-12-01T15:30:00.000Z');
  });

  it('falls back to the fixed date for a missing or unreadable value', () => {
    for (const value of [null, undefined, '', 'not a date', '2024-13-45']) {
      expect(termsVersionDate(value).toISOString()).toBe('2023-12-01T12:00:00.000Z');
    }
  });
});

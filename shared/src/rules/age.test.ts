import { describe, expect, it } from 'vitest';
import { ageOn, birthDateError, isBirthDateAllowed, parseBirthDate } from './age.js';

const on = (iso: string) => Date.parse(`${iso}T12:00:00Z`);

describe('parseBirthDate', () => {
  it('reads strict YYYY-MM-DD dates', () => {
    expect(parseBirthDate('1990-05-17')).toEqual({ year: 1990, month: 5, day: 17 });
    expect(parseBirthDate('2000-02-29')).toEqual({ year: 2000, month: 2, day: 29 });
  });

  it('rejects impossible dates and other formats', () => {
    for (const bad of ['2001-02-29', '1990-13-01', '1990-00-10', '1990-04-31', '17-05-1990', '1990/05/17', '1990-5-17', '', 'yesterday']) {
      expect(parseBirthDate(bad), bad).toBeNull();
    }
  });
});

describe('ageOn', () => {
  it('counts completed years, turning a year older on the birthday itself', () => {
    expect(ageOn('2008-03-10', on('2026-03-09'))).toBe(17);
    expect(ageOn('2008-03-10', on('2026-03-10'))).toBe(18);
    expect(ageOn('1990-12-31', on('2026-01-01'))).toBe(35);
  });

  it('ages a 29 February birthday on 1 March in common years', () => {
    expect(ageOn('2000-02-29', on('2026-02-28'))).toBe(25);
    expect(ageOn('2000-02-29', on('2026-03-01'))).toBe(26);
  });
});

describe('isBirthDateAllowed', () => {
  it('allows members from their 18th birthday on', () => {
    expect(isBirthDateAllowed('2008-03-10', on('2026-03-09'))).toBe(false);
    expect(isBirthDateAllowed('2008-03-10', on('2026-03-10'))).toBe(true);
  });

  it('refuses future dates, invalid dates and implausible ages', () => {
    expect(isBirthDateAllowed('2030-01-01', on('2026-01-01'))).toBe(false);
    expect(isBirthDateAllowed('1990-02-30', on('2026-01-01'))).toBe(false);
    expect(isBirthDateAllowed('1066-10-14', on('2026-01-01'))).toBe(false);
  });
});

describe('birthDateError', () => {
  it('calls an empty date missing, and a wrong or too recent one invalid', () => {
    expect(birthDateError('', on('2026-01-01'))).toBe('birth_date_required');
    expect(birthDateError('1990-02-30', on('2026-01-01'))).toBe('invalid_birth_date');
    expect(birthDateError('2010-01-01', on('2026-01-01'))).toBe('invalid_birth_date');
    expect(birthDateError('1990-01-01', on('2026-01-01'))).toBeNull();
  });
});

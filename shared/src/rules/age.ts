import { MINIMUM_AGE } from '../constants.js';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Older than this is taken for a typo (e.g. 1066 for 1966), not a member. */
const MAXIMUM_AGE = 120;

/** Parses a strict YYYY-MM-DD calendar date; null for anything else, including 2001-02-30. */
export function parseBirthDate(value: string): { year: number; month: number; day: number } | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** Completed years between a YYYY-MM-DD birth date and `nowMs` (UTC); null for an invalid date. */
export function ageOn(birthDate: string, nowMs: number): number | null {
  const born = parseBirthDate(birthDate);
  if (!born) return null;
  const now = new Date(nowMs);
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  const day = now.getUTCDate();
  const hadBirthday = month > born.month || (month === born.month && day >= born.day);
  return year - born.year - (hadBirthday ? 0 : 1);
}

/**
 * The sign-up date-of-birth rule: a real date, not in the future, and at least MINIMUM_AGE
 * years before `nowMs` (the injectable clock on the server, Date.now() in the browser).
 */
export function isBirthDateAllowed(birthDate: string, nowMs: number): boolean {
  const age = ageOn(birthDate, nowMs);
  return age !== null && age >= MINIMUM_AGE && age <= MAXIMUM_AGE;
}

/**
 * What sign-up says about a date of birth: none given is `birth_date_required` ("Invalid date of
 * birth." read as if the date typed were wrong); a wrong date or one too young stays
 * `invalid_birth_date`, the spec's message.
 */
export function birthDateError(birthDate: string, nowMs: number): 'birth_date_required' | 'invalid_birth_date' | null {
  if (birthDate.trim() === '') return 'birth_date_required';
  return isBirthDateAllowed(birthDate, nowMs) ? null : 'invalid_birth_date';
}

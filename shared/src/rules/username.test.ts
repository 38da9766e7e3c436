import { describe, expect, it } from 'vitest';
import { isUsernameAllowed, usernameError } from './username.js';

describe('isUsernameAllowed', () => {
  it('accepts ordinary names, including non-Latin ones', () => {
    expect(isUsernameAllowed('Sophie', 'sophie@example.com')).toBe(true);
    expect(isUsernameAllowed('Łukasz', 'l@example.pl')).toBe(true);
    expect(isUsernameAllowed('Al', 'al@example.com')).toBe(true);
  });

  it('refuses a name equal to the e-mail address, ignoring case and spaces', () => {
    expect(isUsernameAllowed('sophie@example.com', 'sophie@example.com')).toBe(false);
    expect(isUsernameAllowed(' Sophie@Example.com ', 'sophie@example.com')).toBe(false);
  });

  it('refuses a name starting with @', () => {
    expect(isUsernameAllowed('@sophie', 'sophie@example.com')).toBe(false);
    expect(isUsernameAllowed('  @sophie', 'x@example.com')).toBe(false);
  });

  it('refuses names shorter than 2 or longer than 40 characters', () => {
    expect(isUsernameAllowed('A', 'a@example.com')).toBe(false);
    expect(isUsernameAllowed('   ', 'a@example.com')).toBe(false);
    expect(isUsernameAllowed('x'.repeat(40), 'a@example.com')).toBe(true);
    expect(isUsernameAllowed('x'.repeat(41), 'a@example.com')).toBe(false);
  });

  it('refuses control characters and links, which would end up in mails and profiles', () => {
    expect(isUsernameAllowed('Sophie\nClick here to verify', 'a@example.com')).toBe(false);
    expect(isUsernameAllowed('Sophie\u0007', 'a@example.com')).toBe(false);
    expect(isUsernameAllowed('see https://evil.example', 'a@example.com')).toBe(false);
    expect(isUsernameAllowed('www.evil.example', 'a@example.com')).toBe(false);
    expect(isUsernameAllowed('Anne-Sophie O’Neil', 'a@example.com')).toBe(true);
  });

  it('refuses a bare domain, which mail programs and messengers link all the same', () => {
    expect(isUsernameAllowed('Verify at evil.com', 'a@example.com')).toBe(false);
    expect(isUsernameAllowed('hotdates.COM', 'a@example.com')).toBe(false);
    expect(isUsernameAllowed('Anna meet-me.nl', 'a@example.com')).toBe(false);
    expect(isUsernameAllowed('Write to anna@gmail.com', 'a@example.com')).toBe(false);
    expect(isUsernameAllowed('Zoë at zoë.de!', 'a@example.com')).toBe(false);
    // A dot that ends no domain: initials, a title, a word that only starts like an ending.
    expect(isUsernameAllowed('J.R. Smith', 'a@example.com')).toBe(true);
    expect(isUsernameAllowed('Dr.Who', 'a@example.com')).toBe(true);
    expect(isUsernameAllowed('Anna.Maria', 'a@example.com')).toBe(true);
    expect(isUsernameAllowed('St. Nicolas', 'a@example.com')).toBe(true);
    expect(isUsernameAllowed('Mary.Comfort', 'a@example.com')).toBe(true);
  });
});

describe('usernameError', () => {
  it('calls a name with nothing in it missing, and a name that breaks a rule not allowed', () => {
    expect(usernameError('', 'a@example.com')).toBe('username_required');
    expect(usernameError('   ', 'a@example.com')).toBe('username_required');
    expect(usernameError('A', 'a@example.com')).toBe('username_invalid');
    expect(usernameError('@sophie', 'a@example.com')).toBe('username_invalid');
    expect(usernameError('Sophie', 'a@example.com')).toBeNull();
  });
});

describe('names that show nothing or turn text around', () => {
  it('a name of only invisible characters counts as none typed, so the form says to choose one', () => {
    expect(usernameError('\u200B\u200B', 'a@example.com')).toBe('username_required');
    expect(usernameError('\u3164\u3164', 'a@example.com')).toBe('username_required');
    expect(usernameError('\u200BAl', 'a@example.com')).toBe(null);
  });

  it('refuses direction overrides and isolates; right-to-left names need none', () => {
    expect(isUsernameAllowed('\u202EAnna', 'a@example.com')).toBe(false);
    expect(isUsernameAllowed('An\u2067na', 'a@example.com')).toBe(false);
    expect(isUsernameAllowed('ליאור', 'a@example.com')).toBe(true);
  });
});

describe('line and paragraph separators', () => {
  it('refuses U+2028 and U+2029, which break the line like a newline', () => {
    expect(isUsernameAllowed('Sophie\u2028Verify below', 'a@example.com')).toBe(false);
    expect(isUsernameAllowed('Sophie\u2029Support', 'a@example.com')).toBe(false);
  });
});

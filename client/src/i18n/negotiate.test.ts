import { describe, expect, it } from 'vitest';
import { initialLocale } from './negotiate.js';

describe('language at start', () => {
  it('the cookie wins', () => expect(initialLocale('pl', 'de_DE')).toBe('pl'));
  it('without a cookie: first two letters of domain_language when supported', () => {
    expect(initialLocale(null, 'de_DE')).toBe('de');
    expect(initialLocale(null, 'nl')).toBe('nl');
  });
  it('falls back to en', () => {
    expect(initialLocale(null, 'pt_BR')).toBe('en');
    expect(initialLocale(null, undefined)).toBe('en');
  });
});

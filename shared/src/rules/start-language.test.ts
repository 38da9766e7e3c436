import { describe, expect, it } from 'vitest';
import { languageCookieLocale, startLocale } from './start-language.js';

describe('language at start', () => {
  it('the cookie wins', () => expect(startLocale('pl', 'de_DE')).toBe('pl'));
  it('without a cookie: first two letters of domain_language when supported', () => {
    expect(startLocale(null, 'de_DE')).toBe('de');
    expect(startLocale(null, 'nl')).toBe('nl');
  });
  it('falls back to en', () => {
    expect(startLocale(null, 'pt_BR')).toBe('en');
    expect(startLocale(null, undefined)).toBe('en');
  });
});

describe('the language cookie in a cookie string', () => {
  it('is read from document.cookie and from a Cookie header alike', () => {
    expect(languageCookieLocale('auth.sid=abc; i18n_redirected=de; other=1')).toBe('de');
    expect(languageCookieLocale('auth.sid=abc;i18n_redirected=fr')).toBe('fr');
  });
  it('counts a missing, unknown or broken value as no cookie', () => {
    expect(languageCookieLocale(undefined)).toBeNull();
    expect(languageCookieLocale('')).toBeNull();
    expect(languageCookieLocale('other_i18n_redirected=de')).toBeNull();
    expect(languageCookieLocale('i18n_redirected=pt')).toBeNull();
    expect(languageCookieLocale('i18n_redirected=%E0%A4%A')).toBeNull();
  });
});

import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_DAYS, type Locale } from '@shared/constants.js';
import { languageCookieLocale } from '@shared/rules/start-language.js';

/** The language chosen on this device, read as the server reads it for the app shell. */
export function readLanguageCookie(): Locale | null {
  return languageCookieLocale(document.cookie);
}

/** The chosen language is remembered for 365 days (spec section 9). */
export function writeLanguageCookie(locale: Locale): void {
  const maxAge = LANGUAGE_COOKIE_DAYS * 24 * 3600;
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
}

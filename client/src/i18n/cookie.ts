import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_DAYS, type Locale } from '@shared/constants.js';
import { isLocale } from '@shared/rules/language-visibility.js';

export function readLanguageCookie(): Locale | null {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${LANGUAGE_COOKIE}=`));
  const value = match ? decodeURIComponent(match.slice(LANGUAGE_COOKIE.length + 1)) : null;
  return isLocale(value) ? value : null;
}

/** The chosen language is remembered for 365 days (spec section 9). */
export function writeLanguageCookie(locale: Locale): void {
  const maxAge = LANGUAGE_COOKIE_DAYS * 24 * 3600;
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
}

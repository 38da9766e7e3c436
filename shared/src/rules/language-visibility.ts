import { LANGUAGES_BY_COUNTRY, LOCALES, type Locale } from '../constants.js';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** First two letters of a language tag ('en_US', 'de-AT') when that locale is supported. */
export function localeFromTag(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const short = tag.slice(0, 2).toLowerCase();
  return isLocale(short) ? short : null;
}

/**
 * Languages the dropdown offers: those of the visitor's country, plus the current locale and the
 * browser language (spec section 9), in the order of LOCALES.
 */
export function visibleLanguages(country: string | null | undefined, current: Locale, browserLanguage?: string | null): Locale[] {
  const set = new Set<Locale>(LANGUAGES_BY_COUNTRY[(country ?? '').toUpperCase()] ?? []);
  set.add(current);
  const browser = localeFromTag(browserLanguage);
  if (browser) set.add(browser);
  return LOCALES.filter((l) => set.has(l));
}

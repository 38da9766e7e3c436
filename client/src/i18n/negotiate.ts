import { DEFAULT_LOCALE, type Locale } from '@shared/constants.js';
import { localeFromTag } from '@shared/rules/language-visibility.js';

/** Language at start: the cookie if set, else the first two letters of domain_language when supported, else en. */
export function initialLocale(cookie: Locale | null, domainLanguage: string | null | undefined): Locale {
  return cookie ?? localeFromTag(domainLanguage) ?? DEFAULT_LOCALE;
}

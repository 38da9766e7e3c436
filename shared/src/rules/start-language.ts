/**
 * The language a page starts in, decided the same way by the client (i18n/boot) and by the server
 * for the app shell it sends (the `lang` and the <noscript> text a page has before any script
 * runs, http/site-shells.ts): the language cookie (a choice on this device) first, else the
 * member's own language (`accountLanguage`, the client only: it knows the member before its first
 * render), else the first two letters of the site's domain_language when supported (spec section
 * 3, "Language at server start"), else English. The browser's own language (Accept-Language) is
 * not part of it.
 */
import { DEFAULT_LOCALE, LANGUAGE_COOKIE, type Locale } from '../constants.js';
import { isLocale, localeFromTag } from './language-visibility.js';

export function startLocale(cookie: Locale | null, domainLanguage: string | null | undefined, accountLanguage?: string | null): Locale {
  return cookie ?? (isLocale(accountLanguage) ? accountLanguage : null) ?? localeFromTag(domainLanguage) ?? DEFAULT_LOCALE;
}

/**
 * The supported language in the language cookie of a cookie string (`document.cookie`, or a
 * request's Cookie header), null without one. A value that is no language of ours, or a broken
 * percent-escape, counts as no cookie.
 */
export function languageCookieLocale(cookies: string | null | undefined): Locale | null {
  const prefix = `${LANGUAGE_COOKIE}=`;
  const pair = cookies
    ?.split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(prefix));
  if (pair === undefined) return null;
  let value: string;
  try {
    value = decodeURIComponent(pair.slice(prefix.length));
  } catch {
    return null;
  }
  return isLocale(value) ? value : null;
}

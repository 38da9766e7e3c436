import { fetchSettings, type SiteSettings } from '../api/settings.js';
import { fetchCurrentUser } from '../api/user.js';
import { readLanguageCookie } from '../i18n/cookie.js';
import { activateLocale } from '../i18n/change-locale.js';
import { initialLocale } from '../i18n/negotiate.js';
import { appStore } from '../state/jotai.js';
import { settingsAtom } from '../state/settings.js';
import { userAtom, userLoadedAtom } from '../state/user.js';

/** Loads the member in the background; guards wait for userLoadedAtom. */
export async function refreshUser(): Promise<void> {
  try {
    appStore.set(userAtom, await fetchCurrentUser());
  } catch {
    appStore.set(userAtom, null);
  } finally {
    appStore.set(userLoadedAtom, true);
  }
}

/**
 * Everything the first render needs: the messages of the start language. Settings are awaited
 * only when no language cookie exists, because only then does domain_language pick the language.
 */
export async function boot(): Promise<void> {
  void refreshUser();
  const settings: Promise<SiteSettings | null> = fetchSettings().catch(() => null);
  void settings.then((s) => appStore.set(settingsAtom, s));
  const cookie = readLanguageCookie();
  const locale = initialLocale(cookie, cookie ? null : (await settings)?.domain_language);
  await activateLocale(locale);
}

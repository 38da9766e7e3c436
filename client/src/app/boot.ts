import type { UserDto } from '@shared/api/user.js';
import { WAITED_WITHIN_MS } from '@shared/constants.js';
import { startLocale } from '@shared/rules/start-language.js';
import { setMemberOfPage } from '../api/http.js';
import { fetchSettings, type SiteSettings } from '../api/settings.js';
import { fetchCurrentUser } from '../api/user.js';
import { readLanguageCookie } from '../i18n/cookie.js';
import { followAccountLanguage } from '../i18n/account-language.js';
import { activateLocale } from '../i18n/change-locale.js';
import { appStore } from '../state/jotai.js';
import { settingsAtom } from '../state/settings.js';
import { rememberSiteName } from '../state/site-name.js';
import { userAtom, userLoadedAtom, userUnreachableAtom } from '../state/user.js';
import { createRetrySchedule } from './retry-schedule.js';
import { followLogOutElsewhere } from './use-logout.js';

// The can't-connect page has its own back-off, so each of its attempts is a single request: a
// "Try again" answers at once instead of after api()'s 7.75 s of retries.
const userLoadRetries = createRetrySchedule(() => refreshUser({ retries: 0 }));

/** The "Try again" button of the can't-connect page. */
export function retryUserLoadNow(): void {
  userLoadRetries.now();
}

/**
 * Loads the member in the background; guards wait for userLoadedAtom. Only an answer decides
 * between member and visitor: a failure without one (offline, 5xx, 503 while Redis is away) keeps
 * what is shown, and a first load waits on the can't-connect page, retrying, instead of showing a
 * member whose session is fine the logged-out app.
 */
export async function refreshUser(options: { retries?: number; within?: number } = {}): Promise<void> {
  if (appStore.get(userUnreachableAtom)) appStore.set(userUnreachableAtom, 'trying');
  let user: UserDto | null;
  try {
    user = await fetchCurrentUser(options);
  } catch {
    if (!appStore.get(userLoadedAtom)) {
      appStore.set(userUnreachableAtom, 'waiting');
      userLoadRetries.failed();
    }
    return;
  }
  userLoadRetries.stop();
  // A start without network got no settings either: the site name and entry warning need them.
  if (appStore.get(userUnreachableAtom) && !appStore.get(settingsAtom)) void loadSettings();
  appStore.set(userAtom, user);
  appStore.set(userLoadedAtom, true);
  appStore.set(userUnreachableAtom, null);
}

function loadSettings(options: { retries?: number; within?: number } = {}): Promise<SiteSettings | null> {
  const settings = fetchSettings(options).catch(() => null);
  void settings.then((s) => {
    if (s) {
      appStore.set(settingsAtom, s);
      rememberSiteName(s.name);
    }
    // The start gave up early (START_WITHIN_MS) so that the page is not held up; on a slow but
    // working network the answer may still come, with api()'s own patience.
    else if (options.within !== undefined) void loadSettings();
  });
  return settings;
}

/**
 * How long the first loads may take in all. api()'s retries ride out a blip in 7.75 s, but each
 * attempt may wait 15 s for an answer (http.ts `deadlines`): on a network where requests get none
 * (a stalled connection, an origin a CDN waits on) the first render, which waits for the settings
 * when there is no language cookie, showed a blank white page for 98 s, and the can't-connect
 * page came as late.
 */
export const START_WITHIN_MS = WAITED_WITHIN_MS;

/**
 * When the browser already knows it has no network, api()'s retries (7.75 s, meant for blips such
 * as a server restart) only keep the member looking at an empty page: the first loads make one
 * attempt each, and the can't-connect page shows at once and tries again as soon as the browser
 * says it is online. Otherwise they give up after START_WITHIN_MS.
 */
function startRetries(): { retries?: number; within?: number } {
  const browserOffline = typeof navigator !== 'undefined' && navigator.onLine === false;
  return browserOffline ? { retries: 0 } : { within: START_WITHIN_MS };
}

/** The first load of the member (see startRetries). */
export function loadUserAtStart(): Promise<void> {
  return refreshUser(startRetries());
}

/**
 * Everything the first render needs: the messages of the start language. Settings and the member
 * are awaited only when no language cookie exists, because only then do the member's own language
 * and domain_language pick it; both are bounded by START_WITHIN_MS. The member is awaited too so
 * that a member on a device with no cookie starts in her language: the page came up in the site's
 * and switched a moment later, when the member loaded (followAccountLanguage).
 */
export async function boot(): Promise<void> {
  setMemberOfPage(() => appStore.get(userAtom)?.id ?? null);
  followLogOutElsewhere();
  const userLoad = loadUserAtStart();
  const settings = loadSettings(startRetries());
  const cookie = readLanguageCookie();
  const [loaded] = cookie ? [null] : await Promise.all([settings, userLoad]);
  const locale = startLocale(cookie, loaded?.domain_language, appStore.get(userAtom)?.language);
  await activateLocale(locale);
  // After the start language, so the member's own cannot be overtaken by it.
  followAccountLanguage();
}

/**
 * The site's name as the UI shows it (logo, footer, tab title, landing and static pages). The
 * settings bring it, but only after a request: until then the UI showed the build's default brand,
 * which on a white-label site flashed before the site's own name. So the name of this site's last
 * settings is remembered (localStorage is per origin, so per site) and shown until they arrive.
 */
import { atom } from './jotai.js';
import { settingsAtom } from './settings.js';

export const SITE_NAME_STORAGE_KEY = 'site-name';
/** Only on a first visit (or with storage blocked) before the settings load. */
export const DEFAULT_SITE_NAME = 'Amora';

function rememberedSiteName(): string | null {
  try {
    return localStorage.getItem(SITE_NAME_STORAGE_KEY);
  } catch {
    return null; // storage blocked (privacy settings): the default until the settings load
  }
}

/** Keeps the name of the settings just loaded for the next start of the app on this site. */
export function rememberSiteName(name: string): void {
  try {
    localStorage.setItem(SITE_NAME_STORAGE_KEY, name);
  } catch {
    // storage blocked or full: the next start shows the default until the settings load
  }
}

/** The settings' name once loaded, else the remembered one, else the default. */
export const siteNameAtom = atom((get) => get(settingsAtom)?.name ?? rememberedSiteName() ?? DEFAULT_SITE_NAME);

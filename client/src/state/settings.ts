import type { SiteSettings } from '../api/settings.js';
import { atom } from './jotai.js';

/** Site settings of GET /api/settings.php; null until loaded (or when the call failed). */
export const settingsAtom = atom<SiteSettings | null>(null);

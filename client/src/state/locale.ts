import { DEFAULT_LOCALE, type Locale } from '@shared/constants.js';
import { atom } from './jotai.js';

export const localeAtom = atom<Locale>(DEFAULT_LOCALE);

import { atom } from './jotai.js';

export interface SignupDraft {
  step: number;
  gender: 'male' | 'female' | '';
  seeking: 'male' | 'female' | 'both' | '';
  date_of_birth: string;
  name: string;
  email: string;
  signup_message: string;
}

export const EMPTY_DRAFT: SignupDraft = { step: 0, gender: '', seeking: '', date_of_birth: '', name: '', email: '', signup_message: '' };
export const DRAFT_STORAGE_KEY = 'signup-draft';

function readDraft(): SignupDraft {
  try {
    const raw = sessionStorage.getItem(DRAFT_STORAGE_KEY);
    return raw ? { ...EMPTY_DRAFT, ...(JSON.parse(raw) as Partial<SignupDraft>) } : EMPTY_DRAFT;
  } catch {
    return EMPTY_DRAFT;
  }
}

const draftBase = atom<SignupDraft>(readDraft());

/** Sign-up form draft, mirrored to sessionStorage so it survives reloads. */
export const signupDraftAtom = atom(
  (get) => get(draftBase),
  (_get, set, next: SignupDraft) => {
    set(draftBase, next);
    try {
      sessionStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify(next));
    } catch {
      // private mode or full storage: the draft still lives in memory
    }
  },
);

/** The password is kept in memory only: never written to any storage. */
export const signupPasswordAtom = atom('');

export function clearStoredDraft(): void {
  try {
    sessionStorage.removeItem(DRAFT_STORAGE_KEY);
  } catch {
    // nothing stored
  }
}

import type { UserDto } from '@shared/api/user.js';
import { atom } from './jotai.js';

/** The logged-in member, or null when logged out. */
export const userAtom = atom<UserDto | null>(null);
/** False until the first GET /api/user.php answered: guards wait for it. */
export const userLoadedAtom = atom(false);
export const loggedInAtom = atom((get) => get(userAtom) !== null);

import type { UserDto } from '@shared/api/user.js';
import { atom } from './jotai.js';

/** The logged-in member, or null when logged out. */
export const userAtom = atom<UserDto | null>(null);
/** False until the first GET /api/user.php answered: guards wait for it. */
export const userLoadedAtom = atom(false);
export const loggedInAtom = atom((get) => get(userAtom) !== null);

/**
 * Set while the first load of the member failed without an answer about the session (offline,
 * 5xx, 503 during an outage) and boot keeps retrying: 'waiting' between attempts, 'trying' during
 * one. The member-or-visitor screens show the can't-connect page instead of guessing "logged out".
 * Null otherwise, including once userLoadedAtom is true.
 */
export type UserUnreachable = 'waiting' | 'trying' | null;
export const userUnreachableAtom = atom<UserUnreachable>(null);

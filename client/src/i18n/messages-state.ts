import { atom } from '../state/jotai.js';
import type { Messages } from './load-messages.js';

/** The loaded catalogue of the current locale. */
export const messagesAtom = atom<Messages>({});

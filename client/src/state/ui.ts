import { atom } from './jotai.js';

/** The signup modal is global: landing CTAs, /signup and lander links all open the same one. */
export const signupModalOpenAtom = atom(false);

export interface Toast {
  id: number;
  tone: 'info' | 'success' | 'danger';
  text: string;
}
export const toastsAtom = atom<Toast[]>([]);

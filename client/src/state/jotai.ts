/**
 * The one door to jotai: components import atoms helpers from here so that every atom lives in
 * the same store (the realtime bridge and the HTTP layer write into it outside React).
 */
export { atom, useAtom, useAtomValue, useSetAtom, Provider, createStore } from 'jotai';
export type { Atom, PrimitiveAtom, WritableAtom } from 'jotai';
export { selectAtom } from 'jotai/utils';
import { createStore } from 'jotai';

export const appStore = createStore();

/**
 * Where the keyboard goes after a chat is deleted from the list: to the entry that took its place,
 * or the list's title when none is left. The delete records the target here; the list moves the
 * focus once it has rendered without the chat. (A chat deleted from its own menu closes, and
 * ChatsPage gives the focus to the list as for any chat that closes under it.)
 */
import { useEffect } from 'react';
import { appStore, atom, useAtomValue } from '../../state/jotai.js';

/** A chat list entry by its profile id, or null for the list's title. */
export interface FocusAfterDelete {
  profile: number | null;
}

const focusAfterDeleteAtom = atom<FocusAfterDelete | null>(null);

/** Records where the focus goes once the list shows the deleted chat gone. */
export function focusChatListAfterDelete(target: FocusAfterDelete): void {
  appStore.set(focusAfterDeleteAtom, target);
}

/**
 * The list's side: after each render, moves the focus to the recorded target (`locate` finds its
 * element in the list). The target is kept until the focus has landed, because on a phone the
 * list is hidden (display: none, which takes no focus) until the navigation away from the deleted
 * chat has rendered. It is dropped when the list goes, so it never reaches a later list.
 */
export function useFocusAfterDelete(locate: (target: FocusAfterDelete) => HTMLElement | null): void {
  const target = useAtomValue(focusAfterDeleteAtom);
  // Every render: the one that shows the list is not known in advance.
  useEffect(() => {
    if (!target) return;
    const element = locate(target);
    element?.focus();
    if (element && document.activeElement === element) appStore.set(focusAfterDeleteAtom, null);
  });
  useEffect(() => () => appStore.set(focusAfterDeleteAtom, null), []);
}

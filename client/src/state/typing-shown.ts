/** Which peers are shown typing (typingAtom), from the socket's `typing` events, and until when. */
import { appStore } from './jotai.js';
import { typingAtom } from './chats.js';

const TYPING_SHOWN_MS = 6_000;

/** A `typing` event from `profile`: shown for TYPING_SHOWN_MS unless renewed or stopped. */
export function showTyping(profile: number, typing: boolean): void {
  const next = new Map(appStore.get(typingAtom));
  if (typing) {
    const until = Date.now() + TYPING_SHOWN_MS;
    next.set(profile, until);
    // The stop may never come (once either member blocks the other the server drops it), and the
    // chat list redraws its times once a minute: it said "typing…" for up to a minute after.
    window.setTimeout(() => endTyping(profile, until), TYPING_SHOWN_MS);
  } else next.delete(profile);
  appStore.set(typingAtom, next);
}

/** Ends `profile`'s typing shown until `until`, unless a later typing event renewed it. */
function endTyping(profile: number, until: number): void {
  if (appStore.get(typingAtom).get(profile) === until) stopTypingOf([profile]);
}

/** Ends the typing shown of `profiles` (their message came, or they went offline). */
export function stopTypingOf(profiles: Iterable<number>): void {
  const typing = new Map(appStore.get(typingAtom));
  let changed = false;
  for (const profile of profiles) changed = typing.delete(profile) || changed;
  if (changed) appStore.set(typingAtom, typing);
}

/**
 * A peer's presence as the chat may show it. While this tab reaches the server by no road
 * (connection 'offline': neither the socket nor a poll gets through), nobody is shown online: the
 * last word may be minutes old, and a flaky-network audit (session 31) saw a peer shown "Online"
 * with a green dot all the while a phone was offline. Unknown is shown as nothing; "last seen"
 * stays, it was true when it was read.
 */
import { connectionAtom, presenceAtom, type ConnectionState, type Presence } from './chats.js';
import { useAtomValue } from './jotai.js';

function shownPresence(known: Presence | undefined, connection: ConnectionState): Presence | undefined {
  if (connection === 'offline' && known?.online) return { online: false, last_seen: null };
  return known;
}

/**
 * The presence to show for `profile`: what the socket or a list told, else `fallback` (the profile
 * as loaded; undefined while the chat has not loaded it yet).
 */
export function useShownPresence(profile: number, fallback: Presence): Presence;
export function useShownPresence(profile: number, fallback: Presence | undefined): Presence | undefined;
export function useShownPresence(profile: number, fallback: Presence | undefined): Presence | undefined {
  return shownPresence(useAtomValue(presenceAtom).get(profile) ?? fallback, useAtomValue(connectionAtom));
}

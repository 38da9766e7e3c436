/**
 * Which profiles' online state the socket is asked to send: the chat list's, and the chat or
 * profile page opened last (state/realtime.ts gives the socket and says when a list was loaded).
 */
import type { ChatsResponse } from '@shared/api/chats.js';
import type { ChatSocket } from '../api/socket.js';
import { appStore } from './jotai.js';
import { takePresence } from './chat-store.js';
import { chatEntriesAtom } from './chats.js';
import { ACK_TIMEOUT_MS } from './socket-commands.js';

const PRESENCE_WATCH_MAX = 200;

/**
 * The profiles last watched besides the list (the chat or profile page opened last). Every list
 * over the socket (each reconnect's catch-up, each `invalidate` of chats) replaces the socket's
 * watch list with the listed profiles, and a REST list's watch named the list alone: a chat past
 * the newest 200, a deleted one opened again, or a profile page then kept showing the state of
 * that moment ("Online" for someone long gone). Kept so each later watch names them again.
 */
let watchedBeyondList: number[] = [];

/** A new start of the realtime owner: no page has asked for a profile yet. */
export function forgetWatched(): void {
  watchedBeyondList = [];
}

/**
 * Asks `socket` (when connected) for the online state of the profiles in the list, and of `extra`
 * (an opened chat or profile), which later watches keep naming until the next `extra`.
 */
export function watchPresenceOn(socket: ChatSocket | null, extra?: number[]): void {
  if (extra) watchedBeyondList = extra;
  if (!socket?.connected) return;
  const ids = watchedIds();
  if (ids.length === 0) return;
  void watch(socket, ids, ACK_TIMEOUT_MS);
}

function watchedIds(): number[] {
  return [...new Set([...watchedBeyondList, ...appStore.get(chatEntriesAtom).keys()])].slice(0, PRESENCE_WATCH_MAX);
}

/** Sends the watch; true when the server answered within `timeoutMs` (a refusal is an answer too). */
function watch(socket: ChatSocket, ids: number[], timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    socket.timeout(timeoutMs).emit('presence:watch', { profiles: ids }, (error, result) => {
      resolve(!error && result !== undefined);
      if (error || !result?.ok) return;
      takePresence(result.data.map((p) => [p.profile, { online: p.online, last_seen: p.last_seen, at: p.at }]));
    });
  });
}

/**
 * Whether the connected `socket` still reaches the server: the watch asked again (the same
 * profiles, so it changes nothing on the server but the states it answers), answered within
 * `timeoutMs` or not.
 */
export function socketAnswers(socket: ChatSocket, timeoutMs: number): Promise<boolean> {
  return watch(socket, watchedIds(), timeoutMs);
}

/**
 * A list was loaded. The socket's answer (`overSocket`) made the listed profiles this socket's
 * presence watch list; after a REST load the client asks for that itself.
 */
export function watchAfterList(socket: ChatSocket | null, response: ChatsResponse, overSocket: boolean): void {
  // The socket's list made its newest 200 profiles the whole watch list: a profile on screen
  // beyond them is asked for again.
  const listed = new Set(response.chats.slice(0, PRESENCE_WATCH_MAX).map((c) => c.profile.id));
  if (!overSocket || watchedBeyondList.some((id) => !listed.has(id))) watchPresenceOn(socket);
}

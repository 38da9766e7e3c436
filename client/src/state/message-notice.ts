/**
 * The peer's message to announce in a banner on pages other than the chats (MessageNotice.tsx):
 * a member reading profiles or their likes sees who wrote and what, as messengers show it, where
 * the Messages badge alone said only that something came. Only messages that arrive live, or
 * with a poll round while the socket is down: the ones a catch-up brings after a time away are
 * many and old, and the badge and list say them.
 */
import type { MessageDto } from '@shared/api/chats.js';
import { appStore, atom } from './jotai.js';
import { selfId } from './chat-store.js';

/** The newest live message from a peer, until shown and dismissed; null: none to show. */
export const messageNoticeAtom = atom<MessageDto | null>(null);

/** A message came over the socket: announced when it is a peer's and the member can see this tab. */
export function noticeArrival(message: MessageDto): void {
  if (message.sender === selfId()) return;
  // A hidden tab tells through its title, the app badge and push; a banner would wait for the
  // member's return there, stale, in every tab they left open.
  if (typeof document !== 'undefined' && document.visibilityState !== 'visible') return;
  appStore.set(messageNoticeAtom, message);
}

/** The newest peer message among `messages` (a poll round's), announced as one that came live. */
export function noticeNewestArrival(messages: readonly MessageDto[]): void {
  const me = selfId();
  let newest: MessageDto | undefined;
  for (const message of messages) if (message.sender !== me && (newest === undefined || message.id > newest.id)) newest = message;
  if (newest) noticeArrival(newest);
}

/** Message `id`'s banner goes (a newer message's stays). */
export function dismissNotice(id: number): void {
  if (appStore.get(messageNoticeAtom)?.id === id) appStore.set(messageNoticeAtom, null);
}

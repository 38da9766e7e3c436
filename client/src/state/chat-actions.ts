/**
 * What the chat screens can do. Loads go over REST; commands that have a socket twin (send, read,
 * typing) ask the realtime owner for the road that is open. Every function writes its result into
 * the atoms; components only read those.
 */
import type { MessageKind, MessagesResponse } from '@shared/api/chats.js';
import { WAITED_WITHIN_MS } from '@shared/constants.js';
import { deleteChat, fetchMessages, setBlocked } from '../api/chats.js';
import { appStore } from './jotai.js';
import { addOutgoing, markRetrying, mergeStored, newClientId, newestPeerMessageId, newestStoredId, oldestStoredId, removeOutgoing, restoreOutgoing } from './chat-thread.js';
import { getThread, holdRemoval, removeEntry, selfId, setCounts, takeProfilePresence, updateEntry, updateThread } from './chat-store.js';
import { chatEntriesAtom, forgetOpenedChat, rememberOpenedChat, threadMetaAtom } from './chats.js';
import { deliver, refreshChats, sendReadMark, sendTyping, watchPresence } from './realtime.js';
import { countsAtom } from './counts.js';
import { discardDraft, draftOf, saveDraft } from './chat-drafts.js';
import { dropOutboxOf } from './outbox.js';
import { serverNow } from './server-clock.js';

const PAGE_SIZE = 50;

function applyPage(response: MessagesResponse, older: boolean): number {
  const profile = response.profile.id;
  updateThread(
    profile,
    (thread) => {
      const merged = mergeStored({ ...thread, conversation: thread.conversation ?? response.conversation }, response.messages);
      return {
        ...merged,
        loaded: true,
        historyCut: response.history_cut,
        // only the first page and older pages say whether history continues upwards; a history
        // cut lifted since the thread was loaded (the member went premium) has older messages
        // before what it holds, and the held thread said it had reached its beginning
        hasMoreBefore: older || !thread.loaded ? response.has_more : merged.hasMoreBefore || (thread.historyCut && !response.history_cut),
        peerLastRead: Math.max(merged.peerLastRead, response.peer_last_read),
        // An opening (not an older page) says where the unread messages begin.
        ...(older ? {} : { openedReadMark: response.last_read, openedNewest: response.messages.at(-1)?.id ?? 0 }),
      };
    },
    response.conversation,
  );
  const meta = { profile: response.profile, blocked_by_me: response.blocked_by_me, blocked_me: response.blocked_me, conversation_limit_reached: response.conversation_limit_reached };
  appStore.set(threadMetaAtom, new Map(appStore.get(threadMetaAtom)).set(profile, meta));
  return profile;
}

/** A chat to open: by conversation id (/chats/:id) or by profile (/members/:id/chat). */
export type ChatTarget = { conversation: number } | { profile: number };

/** Opens a chat; returns the profile id. Gives up after WAITED_WITHIN_MS: the chat offers Try again. */
export async function openChat(target: ChatTarget): Promise<number> {
  const response = await fetchMessages({ ...target, limit: PAGE_SIZE }, { within: WAITED_WITHIN_MS });
  const profile = applyPage(response, false);
  // Its presence was read live (as a profile's is): newer than what the socket told at an earlier
  // opening, which it stopped keeping up once the chat was left.
  if (!response.blocked_by_me && !response.blocked_me) takeProfilePresence(response.profile);
  rememberOpenedChat(profile);
  watchPresence([profile]);
  return profile;
}

/** Infinite scroll upwards: the page before the oldest message held. */
export async function loadOlderMessages(profile: number): Promise<void> {
  const thread = getThread(profile);
  const oldest = thread ? oldestStoredId(thread) : null;
  if (!thread || thread.conversation === null || oldest === null || !thread.hasMoreBefore) return;
  const response = await fetchMessages({ conversation: thread.conversation, before: oldest, limit: PAGE_SIZE });
  applyPage(response, true);
}

export interface ComposedMessage {
  kind: MessageKind;
  /** text, or the icebreaker's i18n key, or a gift's note */
  body: string;
  giftId?: string;
}

/** Shows the bubble at once (pending) and delivers it with a fresh client id. */
export function sendChatMessage(profile: number, composed: ComposedMessage): void {
  const me = selfId();
  if (me === null) return;
  const clientId = newClientId();
  updateThread(profile, (t) => addOutgoing(t, { sender: me, clientId, kind: composed.kind, body: composed.body, giftId: composed.giftId ?? null, now: new Date(serverNow()) }));
  // After the thread's older pending messages, if any: the peer reads them in the order written.
  void deliver(profile);
}

/** Tries a failed message again with the same client id (stored at most once). */
export function retryChatMessage(profile: number, key: string): void {
  updateThread(profile, (t) => markRetrying(t, key));
  void deliver(profile);
}

export function discardChatMessage(profile: number, key: string): void {
  updateThread(profile, (t) => removeOutgoing(t, key));
}

const lastMarked = new Map<number, number>();

/** Opening (or looking at) a conversation reads it: unread -> 0 at once, then the server confirms. */
export async function markChatRead(profile: number): Promise<void> {
  const thread = getThread(profile);
  if (!thread || thread.conversation === null) return;
  const newest = newestPeerMessageId(thread);
  const entry = appStore.get(chatEntriesAtom).get(profile);
  const unread = entry?.num_unread_messages ?? 0;
  if (unread === 0 && newest <= (lastMarked.get(thread.conversation) ?? 0)) return;
  // No message of the peer on screen (newest 0), yet unread ones: a free member's chat whose
  // messages are all older than the history cut. Opening it reads them all (the mark goes without
  // an id), or the badge would count them for good.
  if (newest > 0) lastMarked.set(thread.conversation, newest);
  if (unread > 0) {
    updateEntry(profile, (e) => ({ ...e, num_unread_messages: 0 }));
    const counts = appStore.get(countsAtom);
    const total = Math.max(0, counts.total_unread - unread);
    appStore.set(countsAtom, { ...counts, total_unread: total, badge: total + counts.total_new_likes });
  }
  try {
    await sendReadMark(thread.conversation, newest === 0 ? undefined : newest);
  } catch {
    lastMarked.delete(thread.conversation);
  }
}

/** Whether the event went out: none before the chat exists or while the socket is down. */
export function setTyping(profile: number, typing: boolean): boolean {
  const conversation = getThread(profile)?.conversation;
  return conversation ? sendTyping(conversation, typing) : false;
}

/**
 * Removes a chat from the list at once, then on the server (by profile: every conversation with
 * that member). On failure the list is reloaded and false is returned so the screen can alert.
 */
export async function removeChat(profile: number): Promise<boolean> {
  const shown = newestShownWith(profile);
  const me = selfId();
  // Kept until the server answers: a delete that fails (offline, a server error) leaves the chat,
  // and the member's unsent messages and draft in it are theirs again.
  const held = getThread(profile);
  const draft = me === null ? '' : draftOf(me, profile);
  removeEntry(profile);
  forgetOpenedChat(profile);
  discardDraft(me, profile);
  // Up to what the member was shown: a message on its way as they pressed delete stays. Also when
  // that is none (0: a free member's chat all past the history cut): without up_to the server hid
  // everything stored, such a message too.
  const startedAt = serverNow();
  const request = deleteChat({ profile, up_to: shown });
  const arrivedMeanwhile = holdRemoval(profile, request);
  try {
    const answer = await request;
    if (me !== null) dropOutboxOf(me, profile, startedAt);
    setCounts(answer.counts);
    // The chat is back, showing only what came after: the list says so. So it may be when a
    // message came while the delete was on its way (stored after it, it brought the chat back).
    if (answer.kept.length > 0 || arrivedMeanwhile()) await refreshChats();
    return true;
  } catch {
    if (held && held.outgoing.length > 0) {
      updateThread(profile, (t) => held.outgoing.reduce(restoreOutgoing, t), held.conversation);
      if (held.outgoing.some((m) => m.local === 'pending')) void deliver(profile);
    }
    if (me !== null && draft !== '' && draftOf(me, profile) === '') saveDraft(me, profile, draft);
    await refreshChats();
    return false;
  }
}

/** The newest stored message the client shows with `profile`, in the list or the open chat; 0 if none. */
function newestShownWith(profile: number): number {
  const listed = appStore.get(chatEntriesAtom).get(profile)?.last_message?.id ?? 0;
  const thread = getThread(profile);
  return Math.max(listed, thread ? newestStoredId(thread) : 0);
}

export async function setChatBlocked(profile: number, blocked: boolean): Promise<void> {
  await setBlocked(profile, blocked);
  const meta = appStore.get(threadMetaAtom).get(profile);
  if (meta) appStore.set(threadMetaAtom, new Map(appStore.get(threadMetaAtom)).set(profile, { ...meta, blocked_by_me: blocked }));
  updateEntry(profile, (e) => ({ ...e, blocked_by_me: blocked }));
}

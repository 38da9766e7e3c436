/**
 * Writes into the chat atoms of the app store. Both the realtime owner (socket events, catch-up,
 * polling) and the chat actions (loads, sends) go through these, so a message is applied the same
 * way whichever road it came by.
 */
import type { ChatEntryDto, ChatProfileDto, ChatsResponse, CountsDto, MessageDto } from '@shared/api/chats.js';
import type { UserDto } from '@shared/api/user.js';
import { newerPresence } from '@shared/presence-order.js';
import { countsAtom } from './counts.js';
import { appStore } from './jotai.js';
import { userAtom } from './user.js';
import { applyPeerRead, dropStoredThrough, emptyThread, holdsStored, mergeStored, peerMessagesAfter, trimToNewest, type Thread } from './chat-thread.js';
import { discardDraft } from './chat-drafts.js';
import { entryReadThrough, entryWithMessages, keepLiveMarks, listedWithLive } from './live-entries.js';
import { type Presence, type ThreadMeta, chatEntriesAtom, chatListLoadsAtom, chatsLoadedAtom, connectionAtom, conversationProfilesAtom, forgetOpenedChat, openChatAtom, presenceAtom, threadMetaAtom, threadsAtom } from './chats.js';

export function selfId(): number | null {
  return appStore.get(userAtom)?.id ?? null;
}

/**
 * Shows counts unless the ones shown are later: like balances (setCredits), counts arrive by
 * several roads (frames of this node and of others relayed through Redis, answers to polls and read
 * marks) and not always in the order they were read; their version tells which is the later.
 * Counts without one (from a server of before versions, while a deploy rolls) are shown as they come.
 */
export function setCounts(counts: CountsDto): void {
  const shown = appStore.get(countsAtom);
  if (typeof counts.version === 'number' && counts.version < shown.version) return;
  const reading = Math.min(counts.total_unread, beingReadOnScreen());
  appStore.set(countsAtom, reading === 0 ? counts : { ...counts, total_unread: counts.total_unread - reading, badge: counts.badge - reading });
}

/** Per conversation, the newest message the server said the member has read (read marks' answers, 'message:read'). */
const confirmedRead = new Map<number, number>();

/**
 * Forgets the read marks confirmed so far: called as the realtime owner starts for a member. A
 * conversation has two members, so one who logged in after the other in the same tab found the
 * other's read mark here, and the title counted her own unread messages in the chat on screen.
 */
export function forgetConfirmedReads(): void {
  confirmedRead.clear();
}

/** The server has the member's read mark in `conversation` through `message`. */
export function confirmRead(conversation: number, message: number): void {
  if (message > (confirmedRead.get(conversation) ?? 0)) confirmedRead.set(conversation, message);
}

/**
 * The peer's messages in the chat on screen that the server still counts unread: they are read as
 * they arrive, but the read mark takes a round trip, and counts that come meanwhile (with the
 * message itself) count them. Shown as they came, the page title and the app badge went up and
 * back down with every message into the open chat.
 */
function beingReadOnScreen(): number {
  const open = appStore.get(openChatAtom);
  const thread = open === null ? undefined : getThread(open);
  if (!thread || thread.conversation === null) return 0;
  const through = Math.max(confirmedRead.get(thread.conversation) ?? 0, thread.openedReadMark);
  return peerMessagesAfter(thread, through, Infinity).length;
}

/**
 * Shows a balance unless the one shown is later: balances arrive by several roads (answers,
 * frames relayed by another node, polls) and not always in the order they were made, and the
 * version (the ledger row a balance comes from) tells which is the later. A balance without one
 * (from a server of before versions, while a deploy rolls) is shown as it comes, as it always was.
 */
export function setCredits(credits: number, version?: number): void {
  const user = appStore.get(userAtom);
  if (!user) return;
  if (version === undefined) {
    if (user.credits !== credits) appStore.set(userAtom, { ...user, credits });
    return;
  }
  if (version < user.credits_version) return;
  if (user.credits !== credits || user.credits_version !== version) appStore.set(userAtom, { ...user, credits, credits_version: version });
}

/** A freshly loaded account, keeping the balance shown when that one is later (see setCredits). */
export function withLaterCredits(loaded: UserDto): UserDto {
  const shown = appStore.get(userAtom);
  // Negated, so that a shown balance without a version (from a server of before versions) never wins.
  if (!shown || shown.id !== loaded.id || !(shown.credits_version > loaded.credits_version)) return loaded;
  return { ...loaded, credits: shown.credits, credits_version: shown.credits_version };
}

export function getThread(profile: number): Thread | undefined {
  return appStore.get(threadsAtom).get(profile);
}

/**
 * What a chat keeps of its messages while no view shows it: its newest page, so opening it again
 * (offline too, or on a slow network while the newest page reloads) shows it at once, and older
 * pages load again on scrolling up. Before, every chat opened during a visit kept all it had
 * loaded and every message that came into it afterwards, for as long as the page lived (a helper
 * measured 1 MB for 3,000 messages into a chat left earlier).
 */
export const KEPT_WHILE_UNVIEWED = 50;

/** How many chat views show each thread (profile id -> count). */
const threadViewers = new Map<number, number>();

/** A chat view shows `profile`'s thread until the returned function is called; then it is trimmed. */
export function viewThread(profile: number): () => void {
  threadViewers.set(profile, (threadViewers.get(profile) ?? 0) + 1);
  return () => {
    const left = (threadViewers.get(profile) ?? 1) - 1;
    if (left > 0) return void threadViewers.set(profile, left);
    threadViewers.delete(profile);
    if (getThread(profile)) updateThread(profile, (t) => trimToNewest(t, KEPT_WHILE_UNVIEWED));
  };
}

/** Replaces one thread (creating it when absent) with `change(thread)`. */
export function updateThread(profile: number, change: (thread: Thread) => Thread, conversation: number | null = null): Thread {
  const threads = appStore.get(threadsAtom);
  const current = threads.get(profile) ?? emptyThread(profile, conversation);
  const next = change(current);
  if (next !== current || !threads.has(profile)) appStore.set(threadsAtom, new Map(threads).set(profile, next));
  return next;
}

export function updateEntry(profile: number, change: (entry: ChatEntryDto) => ChatEntryDto | null): void {
  const entries = appStore.get(chatEntriesAtom);
  const current = entries.get(profile);
  if (!current) return;
  const next = change(current);
  if (next === current) return;
  const copy = new Map(entries);
  if (next) {
    keepLiveMarks(current, next);
    copy.set(profile, next);
  } else copy.delete(profile);
  appStore.set(chatEntriesAtom, copy);
}

/**
 * Chats deleted on this device whose DELETE has not been answered yet. A list loaded meanwhile (a
 * reconnect's catch-up, a poll) still holds them and would bring them back on screen. `arrived`: a
 * message in the chat came meanwhile (see holdRemoval).
 */
const removalsInFlight = new Map<number, { arrived: boolean }>();

/**
 * Marks a chat as being deleted until `settled` (the DELETE request) is done, either way. Returns
 * whether a message in it arrived meanwhile: one stored just after the delete brought the chat
 * back on the server, but the list it called for was read while the hold kept the chat off screen,
 * so the badge counted a message the list did not show (until the next reconnect).
 */
export function holdRemoval(profile: number, settled: Promise<unknown>): () => boolean {
  const hold = { arrived: false };
  removalsInFlight.set(profile, hold);
  const release = () => removalsInFlight.get(profile) === hold && removalsInFlight.delete(profile);
  void settled.then(release, release);
  return () => hold.arrived;
}

/**
 * Takes in presence states (a `presence` event, a watch's answer, a list's entries), each only
 * where it is the newer one (newerPresence: frames and answers can cross). Returns what is shown.
 */
export function takePresence(states: ReadonlyArray<readonly [number, Presence]>): ReadonlyMap<number, Presence> {
  const shown = new Map(appStore.get(presenceAtom));
  for (const [profile, state] of states) shown.set(profile, newerPresence(shown.get(profile), state));
  appStore.set(presenceAtom, shown);
  return shown;
}

/**
 * The presence a profile's own answer brought (GET /api/profile.php reads it live), where it is the
 * newer one. What the socket told at an earlier visit outranked it: the page was left, the socket
 * stopped watching that profile, and a visit again while the socket was down showed "Online" for
 * a member long gone, whatever the fresh answer said.
 */
export function takeProfilePresence(profile: ChatProfileDto): void {
  takePresence([[profile.id, { online: profile.online, last_seen: profile.last_seen, at: profile.presence_at }]]);
}

/**
 * The list as GET /api/chats.php or the socket's `chats` command returned it. `livePresence`: its
 * online states were read after the socket started watching them (the `chats` command), so they
 * replace what the client holds. A REST list's states only fill gaps while the socket is online,
 * whose presence events are newer.
 */
export function applyChats(response: ChatsResponse, { livePresence = false } = {}): void {
  const shown = appStore.get(chatEntriesAtom);
  const open = appStore.get(openChatAtom);
  const entries = new Map<number, ChatEntryDto>();
  for (const entry of response.chats) {
    const profile = entry.profile.id;
    if (!removalsInFlight.has(profile)) entries.set(profile, listedWithLive(entry, shown.get(profile), open === profile));
  }
  appStore.set(chatEntriesAtom, entries);
  appStore.set(chatsLoadedAtom, true);
  setCounts(response.counts);

  const socketOnline = appStore.get(connectionAtom) === 'online';
  const heard = appStore.get(presenceAtom);
  takePresence(
    response.chats
      // An entry in a block has no presence to show, whatever was heard before the block: the
      // server watches that profile no more, so no later event would put "Online" right.
      .filter(({ profile, blocked_by_me, blocked_me }) => livePresence || !socketOnline || !heard.has(profile.id) || blocked_by_me || blocked_me)
      .map(({ profile }) => [profile.id, { online: profile.online, last_seen: profile.last_seen, at: profile.presence_at }]),
  );
  applyEntriesToOpenedChats(response.chats);

  // Read ticks of opened threads follow the list too (the socket event may have been missed), and
  // so does a deletion in another tab this one missed (offline) before the chat came back.
  for (const entry of response.chats) {
    const thread = getThread(entry.profile.id);
    if (thread && entry.peer_last_read > thread.peerLastRead) updateThread(entry.profile.id, (t) => applyPeerRead(t, entry.peer_last_read));
    if (thread && entry.visible_after > 0) updateThread(entry.profile.id, (t) => dropStoredThrough(t, entry.visible_after));
  }
  appStore.set(chatListLoadsAtom, appStore.get(chatListLoadsAtom) + 1);
}

/**
 * An opened chat's header and composer follow the list: a block or unblock by either member, or
 * the peer confirming their e-mail, reaches the other tabs and the other member as a reloaded list
 * ('invalidate chats'), and the composer must close or open without the chat being reopened.
 */
function applyEntriesToOpenedChats(entries: readonly ChatEntryDto[]): void {
  const metas = appStore.get(threadMetaAtom);
  let changed: Map<number, ThreadMeta> | null = null;
  for (const entry of entries) {
    const meta = metas.get(entry.profile.id);
    if (!meta) continue;
    const same =
      meta.blocked_by_me === entry.blocked_by_me && meta.blocked_me === entry.blocked_me && meta.profile.can_receive_replies === entry.profile.can_receive_replies;
    if (same) continue;
    changed ??= new Map(metas);
    changed.set(entry.profile.id, { ...meta, profile: { ...meta.profile, can_receive_replies: entry.profile.can_receive_replies }, blocked_by_me: entry.blocked_by_me, blocked_me: entry.blocked_me });
  }
  if (changed) appStore.set(threadMetaAtom, changed);
}

/**
 * Applies stored messages (socket, sync, poll, ack). Returns the ones whose conversation the client
 * does not know yet (a chat started elsewhere): the caller reloads the list and applies them again.
 */
export function applyMessages(messages: readonly MessageDto[]): MessageDto[] {
  const me = selfId();
  const profiles = appStore.get(conversationProfilesAtom);
  const unknown: MessageDto[] = [];
  const byProfile = new Map<number, MessageDto[]>();
  for (const message of messages) {
    const profile = profiles.get(message.conversation) ?? (message.sender !== me ? message.sender : undefined);
    if (profile === undefined) {
      unknown.push(message);
      continue;
    }
    byProfile.set(profile, [...(byProfile.get(profile) ?? []), message]);
  }
  for (const [profile, batch] of byProfile) {
    const removal = removalsInFlight.get(profile);
    if (removal) removal.arrived = true;
    const thread = getThread(profile);
    const viewed = threadViewers.has(profile);
    if (thread) updateThread(profile, (t) => (viewed ? mergeStored(t, batch) : trimToNewest(mergeStored(t, batch), KEPT_WHILE_UNVIEWED)));
    const fresh = thread ? batch.filter((m) => !holdsStored(thread, m.id)) : batch;
    updateEntryForMessages(profile, fresh, me);
    if (!appStore.get(chatEntriesAtom).has(profile)) unknown.push(...batch.filter((m) => !unknown.includes(m)));
  }
  return unknown;
}

/**
 * The member's own message, stored (an ack or a REST answer): its thread has it already, and the
 * list entry shows it as the newest ("You: ..."). applyMessages would skip it, as its thread holds it.
 */
export function applyOwnStored(profile: number, message: MessageDto): void {
  updateEntryForMessages(profile, [message], selfId());
}

function updateEntryForMessages(profile: number, fresh: readonly MessageDto[], me: number | null): void {
  if (fresh.length === 0) return;
  // The open chat is read as messages arrive, so its badge stays at zero.
  const isOpen = appStore.get(openChatAtom) === profile;
  updateEntry(profile, (entry) => entryWithMessages(entry, fresh, me, isOpen));
}

/** 'message:read': the peer read our messages (ticks), or we read it in some tab (`unread` left). */
export function applyReadEvent(conversation: number, reader: number, message: number, unread = 0): void {
  const profile = appStore.get(conversationProfilesAtom).get(conversation);
  if (profile === undefined) return;
  if (reader === selfId()) {
    confirmRead(conversation, message);
    // The chat on screen is read as messages arrive: its entry stays at zero (updateEntryForMessages).
    const left = appStore.get(openChatAtom) === profile ? 0 : unread;
    updateEntry(profile, (entry) => entryReadThrough(entry, message, left));
    return;
  }
  if (getThread(profile)) updateThread(profile, (t) => applyPeerRead(t, message));
  updateEntry(profile, (entry) => (message > entry.peer_last_read ? { ...entry, peer_last_read: message } : entry));
}

/** Removes a chat from the list at once (spec: before the server confirms). */
export function removeEntry(profile: number): ChatEntryDto | undefined {
  const entry = appStore.get(chatEntriesAtom).get(profile);
  updateEntry(profile, () => null);
  const threads = appStore.get(threadsAtom);
  if (threads.has(profile)) {
    const copy = new Map(threads);
    copy.delete(profile);
    appStore.set(threadsAtom, copy);
  }
  return entry;
}

/** 'chat:removed': deleted in another tab or on another device. */
export function removeConversation(conversation: number): void {
  const profile = appStore.get(conversationProfilesAtom).get(conversation);
  if (profile === undefined) return;
  removeEntry(profile);
  confirmedRead.delete(conversation);
  // /chats on a desktop would otherwise reopen it as the last opened chat.
  forgetOpenedChat(profile);
  discardDraft(selfId(), profile);
}

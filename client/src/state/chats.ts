/**
 * Chat state (spec section 3 "Chat state"): the conversation list, the threads the member opened,
 * presence and typing of peers, and the connection state. Written only by the realtime owner
 * (state/realtime.ts) and the chat actions (state/chat-actions.ts); components read.
 * Threads and entries are keyed by the peer's profile id (== user id): a chat opened from a
 * profile has no conversation id until its first message is stored.
 */
import type { ChatEntryDto, ChatProfileDto } from '@shared/api/chats.js';
import { appStore, atom } from './jotai.js';
import { userAtom } from './user.js';
import type { Thread } from './chat-thread.js';

/**
 * `polling`: the socket is down but REST answers (the fallback brings messages every minute or so);
 * `offline`: neither is reached.
 */
export type ConnectionState = 'connecting' | 'online' | 'polling' | 'offline';

export interface Presence {
  online: boolean;
  last_seen: string | null;
  /** when the server decided it (PresenceDto.at), to take newer states only (newerPresence) */
  at?: number;
}

/** profile id -> list entry */
export const chatEntriesAtom = atom<ReadonlyMap<number, ChatEntryDto>>(new Map());
/** false until GET /api/chats.php answered once (the list shows a spinner on the first load only) */
export const chatsLoadedAtom = atom(false);
/**
 * How many lists were taken in (applyChats): a block or unblock reaches every tab of both members
 * as a reloaded list (the block's `invalidate`), but no list entry speaks of a chat not begun yet,
 * or of a profile on screen. Those screens read their own state again with each list.
 */
export const chatListLoadsAtom = atom(0);

/**
 * Newest conversation first, by its last message. An entry without one is a free member's chat
 * whose last message is past the history cut, so older than every entry that shows one: those go
 * last, in the order the server listed them (newest first; the sort is stable).
 */
export const chatListAtom = atom((get) => [...get(chatEntriesAtom).values()].sort(byNewestMessage));

function byNewestMessage(a: ChatEntryDto, b: ChatEntryDto): number {
  if (a.last_message === null || b.last_message === null) return (a.last_message === null ? 1 : 0) - (b.last_message === null ? 1 : 0);
  return b.last_message.id - a.last_message.id;
}

/** profile id -> thread */
export const threadsAtom = atom<ReadonlyMap<number, Thread>>(new Map());

/** conversation id -> profile id, from the list and the opened threads */
export const conversationProfilesAtom = atom((get) => {
  const index = new Map<number, number>();
  for (const entry of get(chatEntriesAtom).values()) index.set(entry.conversation, entry.profile.id);
  for (const thread of get(threadsAtom).values()) if (thread.conversation !== null) index.set(thread.conversation, thread.profile);
  return index;
});

export const presenceAtom = atom<ReadonlyMap<number, Presence>>(new Map());
/** profile id -> time (ms) the typing indicator expires */
export const typingAtom = atom<ReadonlyMap<number, number>>(new Map());
export const connectionAtom = atom<ConnectionState>('connecting');
/** Web push is a later issue: false until then, which keeps polling at 60 s. */
export const pushSubscribedAtom = atom(false);
/** The chat on screen (profile id) while the page is visible: its new messages are read at once. */
export const openChatAtom = atom<number | null>(null);

/**
 * Unread messages in the chats other than the one on screen, as the list will show them. Summed
 * from the entries rather than taken from the server's total, which counts a message in the open
 * chat until its read mark comes back, and would flick up and down with every message there.
 */
export const unreadElsewhereAtom = atom((get) => {
  const open = get(openChatAtom);
  let unread = 0;
  for (const [profile, entry] of get(chatEntriesAtom)) if (profile !== open) unread += entry.num_unread_messages;
  return unread;
});

const LAST_OPENED_PREFIX = 'last-opened-chat';

/**
 * One key per member: on a shared browser the next member's /chats opened the chat of the member
 * the previous one had opened last, when he had one with that member too.
 */
function lastOpenedKey(): string | null {
  const member = appStore.get(userAtom)?.id;
  return member === undefined ? null : `${LAST_OPENED_PREFIX}:${member}`;
}

export interface LastOpenedChat {
  profile: number;
  /** ISO date it was opened */
  date: string;
}

/** The member's last opened chat (spec: "last opened chat profile and date"), kept across visits. */
export function readLastOpenedChat(): LastOpenedChat | null {
  try {
    const key = lastOpenedKey();
    const raw = key === null ? null : localStorage.getItem(key);
    const parsed = raw ? (JSON.parse(raw) as Partial<LastOpenedChat>) : null;
    return parsed && typeof parsed.profile === 'number' && typeof parsed.date === 'string' ? { profile: parsed.profile, date: parsed.date } : null;
  } catch {
    return null;
  }
}

export function rememberOpenedChat(profile: number, now = new Date()): void {
  try {
    const key = lastOpenedKey();
    if (key !== null) localStorage.setItem(key, JSON.stringify({ profile, date: now.toISOString() } satisfies LastOpenedChat));
  } catch {
    // storage full or disabled: the app still works without it
  }
}

/** At log-out: no member's last chat stays on the device (the unkeyed one of earlier versions neither). */
export function clearLastOpenedChats(): void {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(LAST_OPENED_PREFIX)) localStorage.removeItem(key);
  } catch {
    // nothing stored
  }
}

/** What the header needs about a chat's peer when it is opened (also before any message exists). */
export interface ThreadMeta {
  profile: ChatProfileDto;
  blocked_by_me: boolean;
  blocked_me: boolean;
  /** only premium may start this chat (MessagesResponse): it holds until the conversation exists */
  conversation_limit_reached: boolean;
}
/** profile id -> header data from GET /api/messages.php */
export const threadMetaAtom = atom<ReadonlyMap<number, ThreadMeta>>(new Map());

/** Forgets the remembered chat when it is the one being deleted. */
export function forgetOpenedChat(profile: number): void {
  try {
    const key = lastOpenedKey();
    if (key !== null && readLastOpenedChat()?.profile === profile) localStorage.removeItem(key);
  } catch {
    // nothing stored
  }
}

/**
 * A chat-list entry as the list gave it plus what live frames brought since. Frames and list loads
 * cross on their way: a list read before a message can be answered after that message's frame (a
 * catch-up, a poll), and two messages' frames can come in the other order than they were stored
 * (one relayed by another node). Counting each message against the entry as listed, not against
 * the newest one shown, counts it once whichever came first, and a list older than a frame does
 * not undo it.
 */
import type { ChatEntryDto, MessageDto } from '@shared/api/chats.js';

interface LiveSinceList {
  /** the newest message id the list gave for the entry (0: none shown) */
  listed: number;
  /** the newest message applied live since, when newer than `listed` */
  newest: MessageDto | null;
  /** ids of the peer's messages applied live since, newer than `listed` */
  fromPeer: ReadonlySet<number>;
  /** the member has read the chat up to this message, in this tab or another */
  readThrough: number;
}

// Kept with the entry object itself (carried over by keepLiveMarks when an entry is replaced): an
// entry put in place some other way starts from what it shows.
const marks = new WeakMap<ChatEntryDto, LiveSinceList>();

function marksOf(entry: ChatEntryDto): LiveSinceList {
  return marks.get(entry) ?? { listed: entry.last_message?.id ?? 0, newest: null, fromPeer: new Set(), readThrough: 0 };
}

/** How many ids of the peer's messages since its list `entry` keeps (diagnostics and tests). */
export function peerIdsKeptSinceList(entry: ChatEntryDto): number {
  return marks.get(entry)?.fromPeer.size ?? 0;
}

/** `next` replaces `previous` (a read, a block): what was applied live to `previous` stays known. */
export function keepLiveMarks(previous: ChatEntryDto, next: ChatEntryDto): void {
  const kept = marks.get(previous);
  if (kept && !marks.has(next)) marks.set(next, kept);
}

/**
 * The entry after stored messages of its chat: the newest becomes the preview, and each of the
 * peer's counts once as unread, unless the chat is open (read as they arrive) or was read past it.
 */
export function entryWithMessages(entry: ChatEntryDto, messages: readonly MessageDto[], me: number | null, isOpen: boolean): ChatEntryDto {
  const live = marksOf(entry);
  let newest = live.newest;
  let fromPeer: Set<number> | null = null;
  let unread = 0;
  for (const message of messages) {
    if (message.id <= live.listed) continue;
    if (!newest || message.id > newest.id) newest = message;
    // One read already is never counted (entryReadThrough), nor kept.
    if (message.sender === me || message.id <= live.readThrough || live.fromPeer.has(message.id) || fromPeer?.has(message.id)) continue;
    (fromPeer ??= new Set(live.fromPeer)).add(message.id);
    if (!isOpen && message.id > live.readThrough) unread++;
  }
  if (newest === live.newest && fromPeer === null) return entry;
  const shown = entry.last_message;
  const next = {
    ...entry,
    last_message: newest && (!shown || newest.id > shown.id) ? newest : shown,
    num_unread_messages: entry.num_unread_messages + unread,
  };
  marks.set(next, { ...live, newest, fromPeer: fromPeer ?? live.fromPeer });
  return next;
}

/** The member read the chat up to `message` (some tab's read mark), leaving `unread` of it. */
export function entryReadThrough(entry: ChatEntryDto, message: number, unread: number): ChatEntryDto {
  const live = marksOf(entry);
  const next = entry.num_unread_messages === unread ? entry : { ...entry, num_unread_messages: unread };
  const readThrough = Math.max(live.readThrough, message);
  // The ids read are counted no more (nor again when they come twice): a chat left open all day
  // on a socket that stayed up kept every one of them until the next list, copied at each message.
  const fromPeer = [...live.fromPeer].some((id) => id <= readThrough) ? new Set([...live.fromPeer].filter((id) => id > readThrough)) : live.fromPeer;
  marks.set(next, { ...live, fromPeer, readThrough });
  return next;
}

/**
 * A freshly listed entry, with what was applied live to the entry it replaces (`shown`) and that
 * the list does not hold yet: it was read before those messages were stored.
 */
export function listedWithLive(listed: ChatEntryDto, shown: ChatEntryDto | undefined, isOpen: boolean): ChatEntryDto {
  const live = shown ? marks.get(shown) : undefined;
  const listedId = listed.last_message?.id ?? 0;
  if (!live) return listed;
  const newest = live.newest && live.newest.id > listedId ? live.newest : null;
  const fromPeer = new Set([...live.fromPeer].filter((id) => id > listedId));
  const unreadLive = isOpen ? 0 : [...fromPeer].filter((id) => id > live.readThrough).length;
  // Read up to the listed newest message or past it: what the list counted as unread was read since.
  const unreadListed = listedId > 0 && live.readThrough >= listedId ? 0 : listed.num_unread_messages;
  const next =
    newest === null && unreadLive === 0 && unreadListed === listed.num_unread_messages
      ? listed
      : { ...listed, last_message: newest ?? listed.last_message, num_unread_messages: unreadListed + unreadLive };
  marks.set(next, { listed: listedId, newest, fromPeer, readThrough: live.readThrough });
  return next;
}

/**
 * One conversation as the client holds it: stored messages (an array sorted by id)
 * and own outgoing messages that the server has not acknowledged yet. Pure functions only: every
 * change returns a new Thread so jotai sees it, and the same message arriving twice (ack,
 * 'message:new' from the socket, sync after a reconnect, a polling round) is kept once.
 */
import type { MessageDto, MessageKind } from '@shared/api/chats.js';
import type { ErrorCode } from '@shared/errors.js';
import { serverNow } from './server-clock.js';

export type DeliveryState = 'pending' | 'sent' | 'read' | 'failed';

/** Why an outgoing message could not be delivered (shown beside it, with a retry). */
export interface SendFailure {
  code: ErrorCode | 'network';
  needed?: number;
}

/** A message as the thread shows it: the stored MessageDto, or an own message not yet stored. */
export interface ChatMessage extends Omit<MessageDto, 'id' | 'conversation'> {
  /** Stable render key that survives the pending -> stored transition. */
  key: string;
  /** null until the server stored it */
  id: number | null;
  conversation: number | null;
  /** Own unacknowledged messages only: 'pending' while trying, 'failed' after a refusal. */
  local: 'pending' | 'failed' | null;
  failure: SendFailure | null;
}

export interface Thread {
  /** the other member (profile id == user id) */
  profile: number;
  conversation: number | null;
  /** stored messages ascending by id (looked up by binary search: holdsStored) */
  stored: readonly ChatMessage[];
  /** own messages not acknowledged yet, in the order they were written */
  outgoing: readonly ChatMessage[];
  peerLastRead: number;
  /** older messages exist on the server (infinite scroll up) */
  hasMoreBefore: boolean;
  historyCut: boolean;
  /** the first page was loaded from the server */
  loaded: boolean;
  /**
   * As the chat was last opened: the member's own read mark and the newest message then. The peer's
   * messages between the two were unread, and "Unread messages" goes above the first of them.
   */
  openedReadMark: number;
  openedNewest: number;
}

export function messageKey(sender: number, clientId: string): string {
  return `${sender}:${clientId}`;
}

export function emptyThread(profile: number, conversation: number | null): Thread {
  return { profile, conversation, stored: [], outgoing: [], peerLastRead: 0, hasMoreBefore: false, historyCut: false, loaded: false, openedReadMark: 0, openedNewest: 0 };
}

export function fromDto(dto: MessageDto): ChatMessage {
  return {
    key: messageKey(dto.sender, dto.client_id),
    id: dto.id,
    conversation: dto.conversation,
    sender: dto.sender,
    client_id: dto.client_id,
    kind: dto.kind,
    body: dto.body,
    gift_id: dto.gift_id,
    created_at: dto.created_at,
    local: null,
    failure: null,
  };
}

/** Width of the time part: base 36 of a millisecond timestamp, fixed so ids sort as their times do (to the year 5138). */
const TIME_DIGITS = 9;

/**
 * A client id the server accepts (8-64 chars of [A-Za-z0-9_-]); unique per send, reused on retries.
 * It starts with the time, so the server's unique index on (client_id, sender) takes new ids at its
 * end, where the sends of one commit share a page; random ids would each write a page of their own.
 * 64 random bits after it keep ids unique within a millisecond.
 */
export function newClientId(now: number = Date.now()): string {
  const bytes = new Uint8Array(8);
  globalThis.crypto.getRandomValues(bytes);
  const random = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return now.toString(36).padStart(TIME_DIGITS, '0') + random;
}

/** Index where a message with `id` belongs in an ascending array (binary search). */
export function insertionIndex(sorted: readonly ChatMessage[], id: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((sorted[mid]!.id ?? 0) < id) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * Adds stored messages (any order, possibly already held) to the thread. A message that matches
 * an own outgoing one by client id replaces it, so an optimistic bubble turns into the stored one
 * instead of appearing twice.
 */
export function mergeStored(thread: Thread, incoming: readonly MessageDto[]): Thread {
  const fresh = incoming.filter((m) => !holdsStored(thread, m.id));
  if (fresh.length === 0) return thread;
  // One copy of the array per merge. A map of the ids beside it had to be copied too, and on a
  // 10,000-message chat that copy made each live message cost milliseconds.
  const stored = thread.stored.slice();
  const arrivedKeys = new Set<string>();
  for (const dto of fresh) {
    const last = stored[stored.length - 1];
    const message = fromDto(dto);
    // Fast path: new messages nearly always belong at the end.
    if (!last || (last.id ?? 0) < dto.id) stored.push(message);
    else {
      const at = insertionIndex(stored, dto.id);
      if (stored[at]?.id === dto.id) continue; // twice in `incoming`
      stored.splice(at, 0, message);
    }
    arrivedKeys.add(message.key);
  }
  const outgoing = thread.outgoing.filter((m) => !arrivedKeys.has(m.key));
  const conversation = thread.conversation ?? fresh[0]!.conversation;
  return { ...thread, conversation, stored, outgoing };
}

/** Whether the thread holds the stored message `id`. */
export function holdsStored(thread: Thread, id: number): boolean {
  return thread.stored[insertionIndex(thread.stored, id)]?.id === id;
}

export interface OutgoingDraft {
  sender: number;
  clientId: string;
  kind: MessageKind;
  body: string;
  giftId: string | null;
  now: Date;
}

/** The optimistic bubble shown the moment the member presses send. */
export function addOutgoing(thread: Thread, draft: OutgoingDraft): Thread {
  const message: ChatMessage = {
    key: messageKey(draft.sender, draft.clientId),
    id: null,
    conversation: thread.conversation,
    sender: draft.sender,
    client_id: draft.clientId,
    kind: draft.kind,
    body: draft.body,
    gift_id: draft.giftId,
    created_at: draft.now.toISOString(),
    local: 'pending',
    failure: null,
  };
  return { ...thread, outgoing: [...thread.outgoing, message] };
}

/** The peer's messages after message `after`, up to message `through`, were unread: "Unread messages" goes above the first. */
export interface UnreadSpan {
  after: number;
  through: number;
}

/** The first of the peer's messages in `span`, or null. */
export function firstUnreadIn(thread: Thread, span: UnreadSpan): ChatMessage | null {
  // From the span's start (a binary search), not the thread's: it is near the end of a long chat.
  for (let i = insertionIndex(thread.stored, span.after + 1); i < thread.stored.length; i++) {
    const message = thread.stored[i]!;
    if (message.id! > span.through) break;
    if (message.sender === thread.profile) return message;
  }
  return null;
}

/** The first message that was unread when the chat was opened, or null. */
export function firstUnreadAtOpen(thread: Thread): ChatMessage | null {
  return firstUnreadIn(thread, { after: thread.openedReadMark, through: thread.openedNewest });
}

/** How far the server's time as the device reckons it (server-clock.ts) may lag behind the server's for cameWhileAway. */
export const CLOCK_MARGIN_MS = 2_000;

/**
 * Back on a page that was hidden with message `readThrough` the newest read on screen, at `backAt`
 * (ms, the server's time as this device reckons it: server-clock.ts): the peer's messages that came meanwhile were not read (a hidden page
 * has no chat open) and are the member's news, as unread ones are at an opening. Those already
 * held came live while away; on a phone whose socket died with the screen locked they come a few
 * seconds after the return, with the catch-up, so the question is asked again as messages arrive:
 * - a span (its first message gets the divider) when the first of the peer's messages after
 *   `readThrough` was written before the return;
 * - 'live' when it was written after it: the member saw it come, and nothing is news;
 * - 'none' while none is held: ask again with the next messages.
 * A message's time is the server's; a reckoning up to CLOCK_MARGIN_MS behind the server's (the
 * offset is known to about a round trip) still counts what was written as it came back.
 */
export function cameWhileAway(thread: Thread, readThrough: number, backAt: number): UnreadSpan | 'live' | 'none' {
  const newest = newestPeerMessageId(thread);
  const first = firstUnreadIn(thread, { after: readThrough, through: newest });
  if (!first) return 'none';
  return Date.parse(first.created_at) > backAt + CLOCK_MARGIN_MS ? 'live' : { after: readThrough, through: newest };
}

/**
 * The peer's messages stored after message `after`, the newest `limit` of them, oldest first.
 * Reads from the end: a chat open at its newest with 10,000 messages held looks at a few.
 */
export function peerMessagesAfter(thread: Thread, after: number, limit: number): ChatMessage[] {
  const found: ChatMessage[] = [];
  for (let i = thread.stored.length - 1; i >= 0 && found.length < limit; i--) {
    const message = thread.stored[i]!;
    if ((message.id ?? 0) <= after) break;
    if (message.sender === thread.profile) found.push(message);
  }
  return found.reverse();
}

/** An unsent message saved before a reload (state/outbox.ts), back at the end of its thread. */
export function restoreOutgoing(thread: Thread, message: ChatMessage): Thread {
  if (thread.outgoing.some((m) => m.key === message.key) || thread.stored.some((m) => m.key === message.key)) return thread;
  return { ...thread, outgoing: [...thread.outgoing, message] };
}

function updateOutgoing(thread: Thread, key: string, change: Partial<ChatMessage>): Thread {
  if (!thread.outgoing.some((m) => m.key === key)) return thread;
  return { ...thread, outgoing: thread.outgoing.map((m) => (m.key === key ? { ...m, ...change } : m)) };
}

/**
 * Refusals the same message can never get past. Others may pass later: credits bought, premium
 * taken, the block lifted, the e-mail confirmed, the network back.
 */
const FINAL_REFUSALS: ReadonlySet<SendFailure['code']> = new Set(['icebreaker_unavailable', 'message_too_long', 'message_empty', 'invalid_request', 'not_found']);

/** Whether a failed message is worth a Retry button. */
export function canRetry(failure: SendFailure | null): boolean {
  return failure === null || !FINAL_REFUSALS.has(failure.code);
}

export function markFailed(thread: Thread, key: string, failure: SendFailure): Thread {
  return updateOutgoing(thread, key, { local: 'failed', failure });
}

/** Back to pending for a retry; the client id stays the same so the server stores it once. */
/** The member's Retry: written now, as far as the send goes (one kept for a day goes out too). */
export function markRetrying(thread: Thread, key: string, now = new Date(serverNow())): Thread {
  return updateOutgoing(thread, key, { local: 'pending', failure: null, created_at: now.toISOString() });
}

export function removeOutgoing(thread: Thread, key: string): Thread {
  return { ...thread, outgoing: thread.outgoing.filter((m) => m.key !== key) };
}

/** The peer's read pointer only ever moves forward (events can arrive out of order). */
export function applyPeerRead(thread: Thread, messageId: number): Thread {
  return messageId > thread.peerLastRead ? { ...thread, peerLastRead: messageId } : thread;
}

/** The tick state of an own message. */
export function deliveryState(message: ChatMessage, peerLastRead: number): DeliveryState {
  if (message.local === 'failed') return 'failed';
  if (message.local === 'pending' || message.id === null) return 'pending';
  return message.id <= peerLastRead ? 'read' : 'sent';
}

/** The thread without its stored messages up to `id` (deleted by the member: ChatEntryDto.visible_after). */
export function dropStoredThrough(thread: Thread, id: number): Thread {
  if ((thread.stored[0]?.id ?? Infinity) > id) return thread;
  return withOnlyStored(thread, thread.stored.filter((m) => m.id! > id), false);
}

/** The thread with only its newest `keep` stored messages (older ones load again on scrolling up). */
export function trimToNewest(thread: Thread, keep: number): Thread {
  if (thread.stored.length <= keep) return thread;
  return withOnlyStored(thread, thread.stored.slice(-keep), true);
}

/** `thread` holding just `stored` (a run of its own stored messages, in order), its index to match. */
function withOnlyStored(thread: Thread, stored: ChatMessage[], hasMoreBefore: boolean): Thread {
  return { ...thread, stored, hasMoreBefore };
}

export function newestStoredId(thread: Thread): number {
  return thread.stored[thread.stored.length - 1]?.id ?? 0;
}

export function oldestStoredId(thread: Thread): number | null {
  return thread.stored[0]?.id ?? null;
}

/** Newest message written by the peer (what "mark read" points at). */
export function newestPeerMessageId(thread: Thread): number {
  for (let i = thread.stored.length - 1; i >= 0; i--) {
    const message = thread.stored[i]!;
    if (message.sender === thread.profile) return message.id ?? 0;
  }
  return 0;
}

/** Stored then outgoing: the order the message list renders. */
export function visibleMessages(thread: Thread): ChatMessage[] {
  return thread.outgoing.length === 0 ? (thread.stored as ChatMessage[]) : [...thread.stored, ...thread.outgoing];
}

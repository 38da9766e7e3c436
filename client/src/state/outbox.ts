/**
 * The member's unsent messages, kept in localStorage so that a reload, a crash or a closed tab
 * loses none: a message written offline is still pending when the page comes back and goes out
 * with its first client id (the server stores it once), and a refused one still shows why, with
 * Retry and Remove. Kept per member, and dropped at log-out, as they are private text.
 *
 * Several tabs share one member's key: each tab writes only its own entries into what is stored
 * and leaves the other tabs' alone, so a message written offline in one tab is not erased by
 * another tab's save. A page that starts takes every entry; one still held by a living tab then
 * goes out from both, under one client id, and the server stores it once.
 */
import type { ChatMessage, Thread } from './chat-thread.js';
import { serverNow } from './server-clock.js';

const KEY_PREFIX = 'chat-outbox:';
/** A message still pending after this long is shown as not sent (Retry) instead of going out by itself. */
export const OUTBOX_AUTO_SEND_MS = 24 * 60 * 60_000;

export interface OutboxEntry {
  profile: number;
  message: ChatMessage;
}

/** Every own message not yet stored, of every thread. */
export function outboxOf(threads: Iterable<Thread>): OutboxEntry[] {
  const entries: OutboxEntry[] = [];
  for (const thread of threads) for (const message of thread.outgoing) entries.push({ profile: thread.profile, message });
  return entries;
}

/** Per member: this tab's entries as last written, and their keys (to take back the ones it sent). */
let lastWritten = new Map<number, { text: string; keys: ReadonlySet<string> }>();

export function saveOutbox(userId: number, entries: readonly OutboxEntry[]): void {
  const text = JSON.stringify(entries);
  const previous = lastWritten.get(userId);
  if (previous?.text === text || (previous === undefined && entries.length === 0)) return;
  const keys = new Set(entries.map((e) => e.message.key));
  try {
    // Other tabs' entries stay: those this tab never wrote and does not hold now.
    const others = readEntries(userId).filter((e) => !keys.has(e.message.key) && !previous?.keys.has(e.message.key));
    writeEntries(userId, [...others, ...entries]);
    lastWritten.set(userId, { text, keys });
  } catch {
    // storage full or disabled: the messages stay in memory, as before
  }
}

/**
 * Calls `onDone` with the keys of the entries another tab took out of `userId`'s outbox: the
 * member removed that refused message there, or it was stored. A tab that had taken the entry at
 * its start kept it (Not sent, with Retry) and wrote it back with its next save, so a message
 * removed in one tab came back at the next reload. Returns the unsubscribe.
 */
export function watchOtherTabs(userId: number, onDone: (keys: ReadonlySet<string>) => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && event.key !== KEY_PREFIX + userId) return;
    const now = new Set(parseEntries(event.newValue).map((e) => e.message.key));
    const gone = new Set(parseEntries(event.oldValue).map((e) => e.message.key).filter((key) => !now.has(key)));
    if (gone.size > 0) onDone(gone);
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/**
 * A message written so long ago that going out by itself now would surprise both members ("See
 * you at 8 tonight?" a day late): it waits for the member's Retry instead. Whether the page was
 * reloaded meanwhile (loadOutbox) or stayed open (the realtime owner's sends).
 */
export function waitedTooLong(message: ChatMessage, now: number): boolean {
  return message.local === 'pending' && now - Date.parse(message.created_at) > OUTBOX_AUTO_SEND_MS;
}

/** The saved messages; one pending for longer than OUTBOX_AUTO_SEND_MS comes back as not sent. */
export function loadOutbox(userId: number, now = serverNow()): OutboxEntry[] {
  const entries = readEntries(userId).map((entry) =>
    waitedTooLong(entry.message, now) ? { ...entry, message: { ...entry.message, local: 'failed' as const, failure: { code: 'network' as const } } } : entry,
  );
  // Tabs' entries are stored one tab after another: back in the order they were written.
  return entries.sort((a, b) => Date.parse(a.message.created_at) - Date.parse(b.message.created_at));
}

function readEntries(userId: number): OutboxEntry[] {
  try {
    return parseEntries(localStorage.getItem(KEY_PREFIX + userId));
  } catch {
    return [];
  }
}

/** Stores the member's whole outbox (no key at all when it is empty); throws as localStorage does. */
function writeEntries(userId: number, entries: readonly OutboxEntry[]): void {
  if (entries.length === 0) localStorage.removeItem(KEY_PREFIX + userId);
  else localStorage.setItem(KEY_PREFIX + userId, JSON.stringify(entries));
}

function parseEntries(raw: string | null): OutboxEntry[] {
  try {
    const parsed = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(parsed) ? parsed.filter(isEntry) : [];
  } catch {
    return [];
  }
}

/**
 * A chat deleted: its entries written before `before` (ms) leave what is stored, also those of a
 * tab closed since, which no living tab holds (each drops its own with the thread). Left there,
 * the next page load took the message and sent it, bringing the deleted chat back with it.
 */
export function dropOutboxOf(userId: number, profile: number, before: number): void {
  try {
    const all = readEntries(userId);
    const kept = all.filter((e) => e.profile !== profile || Date.parse(e.message.created_at) >= before);
    if (kept.length < all.length) writeEntries(userId, kept);
  } catch {
    // nothing stored
  }
}

/** At log-out: nothing of the member's stays on the device. */
export function clearOutboxes(): void {
  lastWritten = new Map();
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(KEY_PREFIX)) localStorage.removeItem(key);
  } catch {
    // nothing stored
  }
}

function isEntry(value: unknown): value is OutboxEntry {
  const entry = value as OutboxEntry;
  return (
    typeof entry === 'object' && entry !== null && typeof entry.profile === 'number' && typeof entry.message === 'object' && entry.message !== null &&
    typeof entry.message.key === 'string' && typeof entry.message.client_id === 'string' && typeof entry.message.body === 'string' &&
    (entry.message.local === 'pending' || entry.message.local === 'failed')
  );
}

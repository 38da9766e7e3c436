/**
 * The member's unsent messages, kept in localStorage so that a reload, a crash or a closed tab
 * loses none: a message written offline is still pending when the page comes back and goes out
 * with its first client id (the server stores it once), and a refused one still shows why, with
 * Retry and Remove. Kept per member, and dropped at log-out, as they are private text.
 */
import type { ChatMessage, Thread } from './chat-thread.js';

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

let lastWritten = new Map<number, string>();

export function saveOutbox(userId: number, entries: readonly OutboxEntry[]): void {
  const text = entries.length === 0 ? '' : JSON.stringify(entries);
  if (lastWritten.get(userId) === text) return;
  try {
    if (text === '') localStorage.removeItem(KEY_PREFIX + userId);
    else localStorage.setItem(KEY_PREFIX + userId, text);
    lastWritten.set(userId, text);
  } catch {
    // storage full or disabled: the messages stay in memory, as before
  }
}

/** The saved messages; one pending for longer than OUTBOX_AUTO_SEND_MS comes back as not sent. */
export function loadOutbox(userId: number, now = Date.now()): OutboxEntry[] {
  try {
    const raw = localStorage.getItem(KEY_PREFIX + userId);
    const parsed = raw ? (JSON.parse(raw) as unknown) : [];
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(isEntry).map((entry) =>
      entry.message.local === 'pending' && now - Date.parse(entry.message.created_at) > OUTBOX_AUTO_SEND_MS
        ? { ...entry, message: { ...entry.message, local: 'failed', failure: { code: 'network' } } }
        : entry,
    );
  } catch {
    return [];
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

/**
 * What the member has typed in a chat and not sent, per chat partner. Every messenger keeps it:
 * a member who opens another chat or a profile halfway through a message, or reloads, finds the
 * text where they left it, and the chat list says "Draft: …" meanwhile.
 *
 * In localStorage, one key per member, dropped at log-out with the outbox (private text). Tabs
 * share it: each save reads what is stored and changes only its own chat's entry, and the other
 * tabs' lists follow through the storage event. A draft untouched for DRAFT_MAX_AGE_MS is
 * forgotten, so a chat abandoned months ago does not keep saying "Draft".
 */
import { appStore, atom, selectAtom } from './jotai.js';

const KEY_PREFIX = 'chat-drafts:';
export const DRAFT_MAX_AGE_MS = 30 * 24 * 60 * 60_000;

interface StoredDraft {
  text: string;
  /** when it was last typed in (ms) */
  at: number;
}

/** The drafts of the member shown, by chat partner's profile id. */
export const chatDraftsAtom = atom<ReadonlyMap<number, string>>(new Map());

/**
 * One chat's draft, for its entry in the list: the entry renders again only when its own draft
 * changes, not at every key typed in another chat.
 */
export function draftAtomOf(profile: number) {
  return selectAtom(chatDraftsAtom, (drafts) => drafts.get(profile));
}

/**
 * The draft of one chat, as the composer starts with it. Read from storage, not from
 * chatDraftsAtom: the chats page fills that in an effect, which runs after its children's first
 * render, so a chat that renders at once would start empty.
 */
export function draftOf(userId: number, profile: number, now = Date.now()): string {
  const stored = readStored(userId);
  return (stored ? textsOf(stored, now) : appStore.get(chatDraftsAtom)).get(profile) ?? '';
}

/**
 * How often an open page looks again for drafts that have grown too old: a tab left open for weeks
 * kept saying "Draft: …" in the list, while the chat, which reads with the time of now, opened
 * with an empty box.
 */
export const DRAFTS_RECHECK_MS = 60 * 60_000;

/** Reads the member's drafts into chatDraftsAtom and follows other tabs' changes; returns the unsubscribe. */
export function followDrafts(userId: number, now: () => number = Date.now): () => void {
  // Read anew, not filtered from the atom: without storage the atom's drafts have no dates.
  const load = () => {
    const stored = readStored(userId);
    if (stored || appStore.get(chatDraftsAtom).size === 0) appStore.set(chatDraftsAtom, textsOf(stored ?? new Map(), now()));
  };
  load();
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === KEY_PREFIX + userId) load();
  };
  window.addEventListener('storage', onStorage);
  const recheck = window.setInterval(load, DRAFTS_RECHECK_MS);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.clearInterval(recheck);
  };
}

/** Keeps `text` as the draft of the chat with `profile`; blank text (sent, or erased) removes it. */
export function saveDraft(userId: number, profile: number, text: string, now = Date.now()): void {
  // Without storage (disabled, or a private mode that refuses it) this page's drafts are all there is.
  const stored = readStored(userId) ?? new Map([...appStore.get(chatDraftsAtom)].map(([p, text]) => [p, { text, at: now }]));
  for (const [other, draft] of stored) if (now - draft.at > DRAFT_MAX_AGE_MS) stored.delete(other);
  if (text.trim() === '') {
    if (!stored.has(profile) && !appStore.get(chatDraftsAtom).has(profile)) return;
    stored.delete(profile);
  } else {
    stored.set(profile, { text, at: now });
  }
  try {
    if (stored.size === 0) localStorage.removeItem(KEY_PREFIX + userId);
    else localStorage.setItem(KEY_PREFIX + userId, JSON.stringify(Object.fromEntries(stored)));
  } catch {
    // storage full or disabled: the draft still lives in this page
  }
  appStore.set(chatDraftsAtom, textsOf(stored, now));
}

/** A deleted chat's draft goes with it: written again, it would bring back "Draft: …" under a revived chat. */
export function discardDraft(userId: number | null, profile: number): void {
  if (userId !== null) saveDraft(userId, profile, '');
}

/** At log-out: nothing of the member's stays on the device. */
export function clearDrafts(): void {
  appStore.set(chatDraftsAtom, new Map());
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(KEY_PREFIX)) localStorage.removeItem(key);
  } catch {
    // nothing stored
  }
}

function textsOf(stored: ReadonlyMap<number, StoredDraft>, now: number): ReadonlyMap<number, string> {
  const texts = new Map<number, string>();
  for (const [profile, draft] of stored) if (now - draft.at <= DRAFT_MAX_AGE_MS) texts.set(profile, draft.text);
  return texts;
}

/** What is stored, or undefined when storage cannot be read at all. */
function readStored(userId: number): Map<number, StoredDraft> | undefined {
  const drafts = new Map<number, StoredDraft>();
  let raw: string | null;
  try {
    raw = localStorage.getItem(KEY_PREFIX + userId);
  } catch {
    return undefined;
  }
  try {
    const parsed = JSON.parse(raw ?? '{}') as unknown;
    if (typeof parsed !== 'object' || parsed === null) return drafts;
    for (const [key, value] of Object.entries(parsed)) {
      const draft = value as StoredDraft;
      if (/^\d+$/.test(key) && typeof draft?.text === 'string' && typeof draft.at === 'number') drafts.set(Number(key), draft);
    }
  } catch {
    // unreadable: no drafts
  }
  return drafts;
}

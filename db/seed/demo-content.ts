/**
 * Conversations and likes around the two demo accounts (and a sprinkle of likes between demo
 * members), so the chat list, unread badges and likes pages have something to show. Unread
 * counts follow the chat module's rule: messages from the peer with id > last_read_message_id.
 */
import type Database from 'better-sqlite3';
import type { Random } from './prng.js';
import type { SeededMember } from './statements.js';
import { CHAT_SCRIPTS, SOPHIE_JAMES_SCRIPT, SOPHIE_OLD_SCRIPT, type ChatScript } from './data/chat-scripts.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Older than the history cut of a free member (30 days), by a margin. */
const OLD_CHAT_AGE = 40 * DAY;

export interface DemoContentInput {
  sqlite: Database.Database;
  rng: Random;
  now: number;
  sophie: SeededMember;
  james: SeededMember;
  members: readonly SeededMember[];
}

function statements(sqlite: Database.Database) {
  return {
    conversation: sqlite.prepare('INSERT INTO conversations (user_low, user_high, started_by, created_at) VALUES (?, ?, ?, ?)'),
    member: sqlite.prepare(
      'INSERT INTO conversation_members (conversation_id, user_id, unread_count, last_read_message_id, last_message_id) VALUES (?, ?, ?, ?, ?)',
    ),
    message: sqlite.prepare(
      "INSERT INTO messages (conversation_id, sender_id, client_id, kind, body, created_at) VALUES (?, ?, ?, 'text', ?, ?)",
    ),
    like: sqlite.prepare('INSERT OR IGNORE INTO likes (liker_id, liked_id, is_new, created_at) VALUES (?, ?, ?, ?)'),
  };
}

type Statements = ReturnType<typeof statements>;

/**
 * Writes one conversation between `account` and `peer` from a script. The last `unread` lines
 * (all from the peer) stay unread for the account; the peer has read everything.
 */
function writeConversation(st: Statements, key: string, account: number, peer: number, script: ChatScript, startedAt: number): void {
  const starter = script.lines[0]!.fromAccount ? account : peer;
  const conversationId = Number(st.conversation.run(Math.min(account, peer), Math.max(account, peer), starter, startedAt).lastInsertRowid);
  const ids: number[] = [];
  let at = startedAt;
  script.lines.forEach((line, i) => {
    at += line.afterMinutes * MINUTE;
    const sender = line.fromAccount ? account : peer;
    ids.push(Number(st.message.run(conversationId, sender, `seed-${key}-m${i}`, line.text, at).lastInsertRowid));
  });
  const readUpTo = script.lines.length - script.unread;
  const accountLastRead = readUpTo > 0 ? ids[readUpTo - 1]! : 0;
  const accountUnread = script.lines.slice(readUpTo).filter((l) => !l.fromAccount).length;
  const lastId = ids[ids.length - 1]!;
  st.member.run(conversationId, account, accountUnread, accountLastRead, lastId);
  st.member.run(conversationId, peer, 0, lastId, lastId);
}

/** Visible members whose orientation fits the demo account (`wants` gender, seeking the account's gender). */
function partnersFor(members: readonly SeededMember[], wants: 'male' | 'female', accountGender: 'male' | 'female', countries: string[]) {
  const fits = members.filter(
    (m) => !m.spec.invisible && m.spec.orientation.gender === wants && (m.spec.orientation.seeking === accountGender || m.spec.orientation.seeking === 'both'),
  );
  const local = fits.filter((m) => countries.includes(m.spec.country));
  return local.length >= 12 ? local : fits;
}

/**
 * The account's chats and likes. `oldChat`: one more chat, past a free member's history cut, with
 * a member the random choice left out; written first, as the oldest it has the lowest ids, and
 * without the random stream, so every other seeded choice stays as it was.
 */
function seedAccountContent(st: Statements, rng: Random, now: number, account: SeededMember, partners: readonly SeededMember[], oldChat?: ChatScript): void {
  const chosen = rng.sample(partners, CHAT_SCRIPTS.length + 8);
  const oldFriend = oldChat && partners.find((m) => !chosen.includes(m));
  if (oldChat && oldFriend) writeConversation(st, `${account.id}-old`, account.id, oldFriend.id, oldChat, now - OLD_CHAT_AGE);
  const chatPartners = chosen.slice(0, CHAT_SCRIPTS.length);
  chatPartners.forEach((peer, i) => {
    // Older scripts first, so the newest conversation sits on top of the list.
    const startedAt = now - (CHAT_SCRIPTS.length - i) * DAY + rng.int(0, 6 * HOUR);
    writeConversation(st, `${account.id}-${i}`, account.id, peer.id, CHAT_SCRIPTS[i]!, startedAt);
  });
  // Likes received: some still new (badge), a couple already seen.
  chosen.slice(CHAT_SCRIPTS.length).forEach((liker, i) => {
    st.like.run(liker.id, account.id, i < 5 ? 1 : 0, now - rng.int(10 * MINUTE, 5 * DAY));
  });
  // Likes given: two chat partners and one of the likers, which makes that one a match.
  for (const liked of [...chatPartners.slice(0, 2), ...chosen.slice(CHAT_SCRIPTS.length, CHAT_SCRIPTS.length + 1)]) {
    st.like.run(account.id, liked.id, 1, now - rng.int(HOUR, 3 * DAY));
  }
}

export function seedDemoContent({ sqlite, rng, now, sophie, james, members }: DemoContentInput): void {
  const st = statements(sqlite);
  // Sophie is the free member: her old chat shows the history cut.
  seedAccountContent(st, rng, now, sophie, partnersFor(members, 'male', 'female', ['NL', 'BE', 'DE']), SOPHIE_OLD_SCRIPT);
  seedAccountContent(st, rng, now, james, partnersFor(members, 'female', 'male', ['GB', 'IE', 'US']));
  writeConversation(st, 'sophie-james', sophie.id, james.id, SOPHIE_JAMES_SCRIPT, now - 3 * HOUR);
  st.like.run(james.id, sophie.id, 1, now - 4 * HOUR);

  // Likes between demo members, so every profile's likes page is not empty.
  for (let i = 0; i < Math.floor(members.length / 2); i++) {
    const liker = rng.pick(members);
    const liked = rng.pick(members);
    if (liker.id !== liked.id) st.like.run(liker.id, liked.id, rng.chance(0.5) ? 1 : 0, now - rng.int(MINUTE, 30 * DAY));
  }
}

/**
 * `npm run bench -- unread`: the unread total that every counts event carries, so every message a
 * member receives, for a member with 1 to 1,000 conversations of which a tenth, half or all have
 * something unread. The app's statement (the unread sum through the partial index
 * `conversation_members_unread`, with the new-likes count beside it since session 17) runs beside
 * the same sum through `conversation_members_user` (every conversation row of the member, the plan
 * before session 12) on the same database, alternating. The app's call goes through drizzle's
 * prepared-query wrapper and also counts the member's new likes (one index look-up; this member has
 * none), the baseline goes straight to better-sqlite3: at a few conversations the app's side
 * carries a microsecond or two more. Pin it: `taskset -c 0 npm run bench -- unread`.
 */
import { connectionOf } from '@db/prepared.js';
import { unreadAndNewLikesOf } from '../../server/src/modules/chats/queries.js';
import { createMember } from '../../server/src/test/factories.js';
import { startTestServer } from '../../server/src/test/harness.js';
import { printTable, type Cell } from './lib/table.js';

export const description = "a member's unread total (every received message) against the plan that read every conversation row";

const CONVERSATIONS = [1, 10, 100, 1000];
const UNREAD_SHARES = [0.1, 0.5, 1];
const CALLS = 4000;

export async function main(): Promise<void> {
  const server = await startTestServer();
  try {
    const sqlite = connectionOf(server.db);
    const everyRow = sqlite.prepare(
      'SELECT sum(unread_count) AS n FROM conversation_members INDEXED BY conversation_members_user WHERE user_id = ? AND deleted_at IS NULL',
    );
    const addConversation = sqlite.prepare('INSERT INTO conversations (user_low, user_high, started_by, created_at) VALUES (?, ?, ?, 0)');
    const addMember = sqlite.prepare('INSERT INTO conversation_members (conversation_id, user_id, unread_count) VALUES (?, ?, 0)');
    const setUnread = sqlite.prepare('UPDATE conversation_members SET unread_count = ? WHERE user_id = ?');
    const markSomeUnread = sqlite.prepare(
      'UPDATE conversation_members SET unread_count = 3 WHERE user_id = ? AND conversation_id IN (SELECT conversation_id FROM conversation_members WHERE user_id = ? ORDER BY conversation_id LIMIT ?)',
    );

    const rows: Cell[][] = [];
    for (const conversations of CONVERSATIONS) {
      const member = await createMember(server.db);
      for (let i = 0; i < conversations; i++) {
        const peer = await createMember(server.db);
        const id = addConversation.run(Math.min(member.id, peer.id), Math.max(member.id, peer.id), peer.id).lastInsertRowid;
        addMember.run(id, member.id);
        addMember.run(id, peer.id);
      }
      for (const unread of new Set(UNREAD_SHARES.map((share) => Math.max(1, Math.round(conversations * share))))) {
        setUnread.run(0, member.id);
        markSomeUnread.run(member.id, member.id, unread);
        const app = () => unreadAndNewLikesOf(server.db, member.id).unread;
        const before = () => Number((everyRow.get(member.id) as { n: number }).n);
        if (app() !== before() || app() !== unread * 3) throw new Error(`the two sums disagree: ${app()} against ${before()}`);
        // Alternating rounds, so a change in the machine's speed touches both sides alike.
        const appTimes: number[] = [];
        const beforeTimes: number[] = [];
        for (let round = 0; round < 5; round++) {
          appTimes.push(microsPerCall(app));
          beforeTimes.push(microsPerCall(before));
        }
        rows.push([conversations, unread, median(appTimes), median(beforeTimes)]);
      }
    }
    printTable(
      `µs per unread total (median of 5 alternating rounds of ${CALLS.toLocaleString('en-US')} calls)`,
      ['conversations', 'with unread', 'app (partial index)', 'baseline: every conversation row'],
      rows,
    );
  } finally {
    await server.destroy();
  }
}

function microsPerCall(call: () => number): number {
  const started = process.hrtime.bigint();
  for (let i = 0; i < CALLS; i++) call();
  return Number(process.hrtime.bigint() - started) / 1000 / CALLS;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * `npm run bench -- send`: the cost of storing one chat message in-process, without sockets:
 * `sendMessage` (every rule, the ledger, counters, group commit) one at a time and with 8 and 32
 * sends in flight, against the floor of persisting anything at all measured in the same run on the
 * same database: one INSERT of a message-sized row per transaction, and 32 per transaction.
 * Run the process pinned (`taskset -c 0 npm run bench -- send`) for steadier figures.
 * Environment: BENCH_SENDS (default 4000 per row).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { sites, users, type UserRow } from '@db/schema/index.js';
import { connectionOf } from '@db/prepared.js';
import { silentNotifier } from '../../server/src/realtime/notifier.js';
import { sendMessage } from '../../server/src/modules/chats/service.js';
import { createMember } from '../../server/src/test/factories.js';
import { startTestServer } from '../../server/src/test/harness.js';
import { printTable } from './lib/table.js';

export const description = 'in-process cost of sendMessage (all rules, group commit) vs a bare INSERT per transaction';

const PAIRS = 200;

export async function main(): Promise<void> {
  const sends = Number(process.env.BENCH_SENDS ?? 4000);
  const server = await startTestServer();
  try {
    const site = server.db.select().from(sites).where(eq(sites.id, server.siteId)).get()!;
    const row = (id: number) => server.db.select().from(users).where(eq(users.id, id)).get()!;
    const pairs: Array<[UserRow, UserRow]> = [];
    for (let i = 0; i < PAIRS; i++) {
      const a = await createMember(server.db, { credits: 10_000_000, paidUser: true });
      const b = await createMember(server.db, { credits: 10_000_000, paidUser: true });
      pairs.push([row(a.id), row(b.id)]);
    }
    const ctx = { ...server.ctx, notifier: silentNotifier };
    const send = (i: number) => {
      const [a, b] = pairs[i % PAIRS]!;
      return sendMessage(ctx, a, site, { profile: b.id, client_id: randomUUID().replace(/-/g, ''), body: 'Hello there, how is your week going?' });
    };
    const inFlight = async (concurrency: number) => {
      const started = performance.now();
      for (let i = 0; i < sends; i += concurrency) await Promise.all(Array.from({ length: concurrency }, (_, j) => send(i + j)));
      return ((performance.now() - started) * 1000) / sends;
    };

    const sqlite = connectionOf(server.db);
    sqlite.exec('CREATE TABLE bench_floor (id INTEGER PRIMARY KEY, conversation_id INTEGER, sender_id INTEGER, body TEXT, created_at INTEGER)');
    const insert = sqlite.prepare('INSERT INTO bench_floor (conversation_id, sender_id, body, created_at) VALUES (?, ?, ?, ?)');
    const floor = (perTransaction: number) => {
      const batch = sqlite.transaction(() => {
        for (let j = 0; j < perTransaction; j++) insert.run(1, 2, 'Hello there, how is your week going?', Date.now());
      });
      const started = performance.now();
      for (let i = 0; i < sends; i += perTransaction) batch.immediate();
      return ((performance.now() - started) * 1000) / sends;
    };

    await inFlight(1); // warm-up: statements prepared, conversations created
    const rows: Array<[string, number]> = [
      ['baseline: 1 INSERT per transaction', floor(1)],
      ['baseline: 32 INSERTs per transaction', floor(32)],
      ['sendMessage, one at a time', await inFlight(1)],
      ['sendMessage, 8 in flight', await inFlight(8)],
      ['sendMessage, 32 in flight', await inFlight(32)],
    ];
    printTable(
      `${sends} messages per row, ${PAIRS} pairs of members, one process (checkpoints in its worker thread)`,
      ['what', 'µs per message'],
      rows.map(([what, micros]) => [what, micros.toFixed(1)]),
    );
  } finally {
    await server.destroy();
  }
}

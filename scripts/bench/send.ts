/**
 * `npm run bench -- send`: the cost of storing one chat message in-process, without sockets:
 * `sendMessage` (every rule, the ledger, counters, group commit) one at a time and with 8 and 32
 * sends in flight, against the floor of persisting anything at all measured in the same run on the
 * same database: one INSERT of a message-sized row per transaction, and 32 per transaction. Then
 * sends paced at 300, 1,000 and 3,000/s: a commit every turn, commits at least 4 ms apart (the
 * interval until session 15), and at least MIN_COMMIT_INTERVAL_MS apart (the one in force).
 * Run the process pinned (`taskset -c 0 npm run bench -- send`) for steadier figures.
 * Senders take turns in a scattered order, each round another, as members of a real site do:
 * sends in id order, or in the order the conversations were created, would share table and index
 * pages in each commit and look cheaper than they are (lib/scattered-order.ts). Client ids are
 * made as the app's client makes them, before each timed row (lib/send-fixture.ts, ClientIdPool).
 * Environment: BENCH_SENDS (default 4000 per row), BENCH_PAIRS (default 5000: 10,000 members).
 */
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { sites } from '@db/schema/index.js';
import { groupCommit, MIN_COMMIT_INTERVAL_MS } from '@db/group-commit.js';
import { connectionOf } from '@db/prepared.js';
import { silentNotifier } from '../../server/src/realtime/notifier.js';
import { sendMessage } from '../../server/src/modules/chats/service.js';
import { startTestServer } from '../../server/src/test/harness.js';
import { turnsOf } from './lib/scattered-order.js';
import { bareInsertTransaction, BENCH_MESSAGE, ClientIdPool, createChatPairs } from './lib/send-fixture.js';
import { printTable } from './lib/table.js';

export const description = 'in-process cost of sendMessage (all rules, group commit) vs a bare INSERT per transaction';

const PAIRS = Number(process.env.BENCH_PAIRS ?? 5000);
/** A commit every turn, the interval before session 15 (4 ms), and the one in force. */
const INTERVALS = [...new Set([0, 4, MIN_COMMIT_INTERVAL_MS])];

/** Bytes this process has written so far: here the database, its WAL and the checkpoints. */
function bytesWritten(): number {
  return Number(/^wchar: (\d+)$/m.exec(readFileSync('/proc/self/io', 'utf8'))?.[1] ?? NaN);
}

export async function main(): Promise<void> {
  const sends = Number(process.env.BENCH_SENDS ?? 4000);
  const server = await startTestServer();
  try {
    const site = server.db.select().from(sites).where(eq(sites.id, server.siteId)).get()!;
    const pairs = await createChatPairs(server.db, PAIRS);
    const ctx = { ...server.ctx, notifier: silentNotifier };
    // One sequence of turns for the whole run: every row goes on where the one before stopped.
    const turnOf = turnsOf(PAIRS, 'bench-send');
    let turn = 0;
    const clientIds = new ClientIdPool();
    const send = () => {
      const [a, b] = pairs[turnOf(turn++)]!;
      return sendMessage(ctx, a, site, { profile: b.id, client_id: clientIds.take(), body: BENCH_MESSAGE });
    };
    const inFlight = async (concurrency: number): Promise<[number, number]> => {
      clientIds.fill(Math.ceil(sends / concurrency) * concurrency);
      const started = performance.now();
      const written = bytesWritten();
      for (let i = 0; i < sends; i += concurrency) await Promise.all(Array.from({ length: concurrency }, send));
      return [((performance.now() - started) * 1000) / sends, (bytesWritten() - written) / sends];
    };

    const sqlite = connectionOf(server.db);
    const floor = (perTransaction: number): [number, number] => {
      const batch = bareInsertTransaction(sqlite, perTransaction);
      const started = performance.now();
      const written = bytesWritten();
      for (let i = 0; i < sends; i += perTransaction) batch.immediate();
      return [((performance.now() - started) * 1000) / sends, (bytesWritten() - written) / sends];
    };

    // Sends arriving on a clock, one or a few per event-loop turn, as a server sees them: CPU per
    // message (this process, the checkpoint worker included) and messages per commit, with the
    // group commit's minimum interval between commits and without it (a commit every turn).
    const queue = groupCommit(server.db);
    const paced = async (rate: number, minIntervalMs: number) => {
      const count = Math.min(sends, rate * 3);
      clientIds.fill(count);
      queue.minIntervalMs = minIntervalMs;
      const commitsBefore = queue.commits;
      const cpuBefore = process.cpuUsage();
      const written = bytesWritten();
      const started = performance.now();
      const inFlight: Array<Promise<unknown>> = [];
      await new Promise<void>((resolve) => {
        const tick = setInterval(() => {
          const due = Math.min(count, Math.floor(((performance.now() - started) * rate) / 1000));
          while (inFlight.length < due) inFlight.push(send());
          if (inFlight.length >= count) {
            clearInterval(tick);
            resolve();
          }
        }, 1);
      });
      await Promise.all(inFlight);
      const cpu = process.cpuUsage(cpuBefore);
      queue.minIntervalMs = MIN_COMMIT_INTERVAL_MS;
      return { micros: (cpu.user + cpu.system) / count, perCommit: count / (queue.commits - commitsBefore), bytes: (bytesWritten() - written) / count };
    };

    // The in-flight rows time the work itself: a sender that waits for each answer would otherwise
    // also wait out the minimum interval between commits, which is idle time, not cost.
    queue.minIntervalMs = 0;
    await inFlight(1); // warm-up: statements prepared, conversations created
    const rows: Array<[string, [number, number], number?]> = [
      ['baseline: 1 INSERT per transaction', floor(1)],
      ['baseline: 32 INSERTs per transaction', floor(32)],
      ['sendMessage, one at a time', await inFlight(1)],
      ['sendMessage, 8 in flight', await inFlight(8)],
      ['sendMessage, 32 in flight', await inFlight(32)],
    ];
    for (const rate of [300, 1000, 3000]) {
      // interleaved, so a drift of the machine's speed hits both alike
      for (const minIntervalMs of [...INTERVALS, ...INTERVALS]) {
        const { micros, perCommit, bytes } = await paced(rate, minIntervalMs);
        rows.push([`sendMessage at ${rate}/s, commits ≥ ${minIntervalMs} ms apart (CPU)`, [micros, bytes], perCommit]);
      }
    }
    printTable(
      `${sends} messages per row (paced rows: 3 s of sends), ${PAIRS} pairs of members, one process (checkpoints in its worker thread)`,
      ['what', 'µs per message', 'bytes written per message', 'messages per commit'],
      rows.map(([what, [micros, bytes], perCommit]) => [what, micros.toFixed(1), bytes.toFixed(0), perCommit === undefined ? '' : perCommit.toFixed(1)]),
    );
  } finally {
    await server.destroy();
  }
}

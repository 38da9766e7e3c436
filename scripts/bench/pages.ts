/**
 * `npm run bench -- pages`: which B-trees a chat send writes, counted in the WAL's frames. Each
 * page a commit changes is one frame (a 4 KB write, copied again into the database file by the
 * next checkpoint), so this is what a send costs the disk, and a large share of what it costs the
 * CPU, in a figure that does not move with the machine's speed. The database is first grown by
 * BENCH_GROW sends (64 per commit), so that the indexes keyed by member or conversation are
 * larger than one commit's reach; then BENCH_COMMITS commits of 64 sends each are counted, with
 * senders in three orders: rounds in a fresh shuffle each (as the benches send), pairs drawn at
 * random, and every round in the order of the first, which created the conversations (as the
 * benches sent until session 19). Baseline from the same run and database: one INSERT of a
 * message-sized row into a table of its own, 64 per commit. CPU per send is printed too, but only
 * the frames are steady.
 * Environment: BENCH_PAIRS (5000: 10,000 members), BENCH_GROW (150000), BENCH_COMMITS (100).
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { openDb, type Db } from '@db/client.js';
import { groupCommit } from '@db/group-commit.js';
import { sites, type UserRow } from '@db/schema/index.js';
import type { AppContext } from '../../server/src/context.js';
import { sendMessage } from '../../server/src/modules/chats/service.js';
import { silentNotifier } from '../../server/src/realtime/notifier.js';
import { insertTestSite } from '../../server/src/test/factories.js';
import { tempDir } from '../../server/src/test/harness.js';
import { turnsOf } from './lib/scattered-order.js';
import { bareInsertTransaction, BENCH_MESSAGE, ClientIdPool, createChatPairs } from './lib/send-fixture.js';
import { printTable } from './lib/table.js';

export const description = 'WAL frames (pages written) per chat send, by B-tree, after growing the database; vs a bare INSERT';

const PAIRS = Number(process.env.BENCH_PAIRS ?? 5000);
const GROW = Number(process.env.BENCH_GROW ?? 150_000);
const COMMITS = Number(process.env.BENCH_COMMITS ?? 100);
const PER_COMMIT = 64;

interface Count {
  framesPerSend: number;
  byTree: Map<string, number>;
  cpuMicrosPerSend: number;
}

/** Frames in the WAL by the B-tree their page belongs to (pages new since `names` was read: "new pages"). */
function framesByTree(file: string, names: Map<number, string>): { frames: number; byTree: Map<string, number> } {
  const wal = readFileSync(`${file}-wal`);
  const pageSize = wal.readUInt32BE(8);
  const byTree = new Map<string, number>();
  let frames = 0;
  for (let offset = 32; offset + 24 + pageSize <= wal.length; offset += 24 + pageSize) {
    const name = names.get(wal.readUInt32BE(offset)) ?? 'new pages';
    byTree.set(name, (byTree.get(name) ?? 0) + 1);
    frames++;
  }
  return { frames, byTree };
}

/** Runs `commits` commits of PER_COMMIT units from an emptied WAL and counts their frames. */
/** `beforeTiming` runs before the CPU clock starts (the sends' client ids are made there). */
async function count(db: Db, file: string, commits: number, unit: () => Promise<unknown> | void, beforeTiming: () => void = () => {}): Promise<Count> {
  db.$client.pragma('wal_checkpoint(TRUNCATE)');
  const names = new Map<number, string>();
  for (const row of db.$client.prepare('SELECT name, pageno FROM dbstat').all() as Array<{ name: string; pageno: number }>) names.set(row.pageno, row.name);
  beforeTiming();
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < commits; i++) await Promise.all(Array.from({ length: PER_COMMIT }, unit));
  const cpu = process.cpuUsage(cpuBefore);
  const units = commits * PER_COMMIT;
  const { frames, byTree } = framesByTree(file, names);
  return { framesPerSend: frames / units, byTree: new Map([...byTree].map(([name, n]) => [name, n / units])), cpuMicrosPerSend: (cpu.user + cpu.system) / units };
}

export async function main(): Promise<void> {
  const dir = tempDir('bench-pages-');
  const file = join(dir, 'pages.db');
  const db = openDb(file);
  const siteId = insertTestSite(db);
  const site = db.select().from(sites).where(eq(sites.id, siteId)).get()!;
  const pairs = await createChatPairs(db, PAIRS);
  const ctx = { db, clock: { now: () => Date.now() }, notifier: silentNotifier, config: {} } as unknown as AppContext;
  const clientIds = new ClientIdPool();
  const sendAs = ([sender, recipient]: [UserRow, UserRow]) => sendMessage(ctx, sender, site, { profile: recipient.id, client_id: clientIds.take(), body: BENCH_MESSAGE });
  const turnOf = turnsOf(PAIRS, 'bench-pages');
  let turn = 0;
  const inRounds = () => sendAs(pairs[turnOf(turn++)]!);
  const atRandom = () => sendAs(pairs[Math.floor(Math.random() * PAIRS)]!);
  // The benches' order until session 19: every round repeated the first, the one the
  // conversations were created in. For reading older figures.
  const firstRound = turnsOf(PAIRS, 'bench-pages');
  let repeatedTurn = 0;
  const inFirstRoundOrder = () => sendAs(pairs[firstRound(repeatedTurn++ % PAIRS)]!);

  // A commit per batch of PER_COMMIT sends, whatever the clock: the counts are per commit of that size.
  groupCommit(db).minIntervalMs = 0;
  const started = performance.now();
  clientIds.fill(Math.ceil(GROW / PER_COMMIT) * PER_COMMIT);
  for (let i = 0; i < GROW; i += PER_COMMIT) await Promise.all(Array.from({ length: PER_COMMIT }, inRounds));
  console.log(`[pages] ${PAIRS * 2} members; grown by ${GROW} sends in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  // From here on nothing copies the WAL back, so it holds exactly the frames of what follows.
  db.$client.pragma('wal_autocheckpoint = 0');

  const floorBatch = bareInsertTransaction(db.$client, PER_COMMIT);
  let floorCalls = 0;
  const floor = () => {
    // One transaction of PER_COMMIT inserts per "commit" of count(): run it on the commit's first unit.
    if (floorCalls++ % PER_COMMIT === 0) floorBatch.immediate();
  };

  const idsForCount = () => clientIds.fill(COMMITS * PER_COMMIT);
  const rows = [
    ['baseline: bare INSERT', await count(db, file, COMMITS, floor)],
    ['sendMessage, rounds in fresh shuffles', await count(db, file, COMMITS, inRounds, idsForCount)],
    ['sendMessage, pairs at random', await count(db, file, COMMITS, atRandom, idsForCount)],
    ['sendMessage, every round in the first round\'s order', await count(db, file, COMMITS, inFirstRoundOrder, idsForCount)],
  ] as const;
  printTable(
    `${COMMITS} commits of ${PER_COMMIT} each: WAL frames (4 KB pages) per send`,
    ['what', 'frames per send', 'CPU µs per send'],
    rows.map(([what, c]) => [what, c.framesPerSend.toFixed(3), c.cpuMicrosPerSend.toFixed(1)]),
  );
  const trees = [...new Set(rows.flatMap(([, c]) => [...c.byTree.keys()]))].filter((t) => t !== 'bench_floor');
  trees.sort((a, b) => (rows[2][1].byTree.get(b) ?? 0) - (rows[2][1].byTree.get(a) ?? 0));
  printTable(
    'Frames per send by B-tree (table or index)',
    ['B-tree', ...rows.slice(1).map(([what]) => what)],
    trees.map((tree) => [tree, ...rows.slice(1).map(([, c]) => (c.byTree.get(tree) ?? 0).toFixed(3))]),
  );
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
}

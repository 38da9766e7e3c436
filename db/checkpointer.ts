import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Db } from './client.js';
import { groupCommit } from './group-commit.js';

/** How often the worker copies the WAL back into the database file. */
const DEFAULT_INTERVAL_MS = 500;
/**
 * How often the worker's pass is finished so that the WAL starts over (see startCheckpointer):
 * each finish holds this process's sends and read marks for the time of one small copy and two
 * fsyncs (5-23 ms at 2,000-4,000 messages/s, measured). Every 5 s, the WAL file keeps what 5 s of
 * writes need and is reused cycle after cycle.
 */
const DEFAULT_RESTART_EVERY_MS = 5000;
/** Scheduling priority of the worker thread (0 normal, 19 lowest). */
const WORKER_NICENESS = 10;
/** A finish that takes longer releases the held sends anyway: a stuck worker must not stop the chat. */
const MAX_HOLD_MS = 1000;
/** SQLite's default, restored if the worker goes away. */
const SQLITE_AUTOCHECKPOINT_PAGES = 1000;

/**
 * The worker's whole program (CommonJS, evaluated): its own connection to the same file, and a
 * PASSIVE checkpoint on a timer. PASSIVE never waits for the app's readers or writers.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
// Below the event loop's priority (Linux: a thread id is a valid setpriority target), so on a busy
// core copying pages yields to answering members. Elsewhere it just runs at normal priority.
try {
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  require('node:os').setPriority(tid, workerData.niceness);
} catch {}
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 1000');
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
let timer;
let lastFinish = Date.now();
const pass = () => {
  timer = undefined;
  try {
    const { busy, log } = checkpoint.get();
    // This pass copied the frames it found when it started; commits that landed while it copied
    // are only in the WAL. Now and then the app holds its commits ('held') and this worker copies
    // those too, so that the copy ends with nothing left.
    if (!busy && log > 0 && Date.now() - lastFinish >= workerData.restartEveryMs) {
      lastFinish = Date.now();
      return parentPort.postMessage({ type: 'copied' });
    }
  } catch (err) { parentPort.postMessage({ type: 'error', message: String(err && err.message) }); }
  timer = setTimeout(pass, workerData.intervalMs);
};
timer = setTimeout(pass, workerData.intervalMs);
parentPort.on('message', (m) => {
  if (m === 'held') {
    try { checkpoint.run(); } catch (err) { parentPort.postMessage({ type: 'error', message: String(err && err.message) }); }
    parentPort.postMessage({ type: 'finished' });
    timer = setTimeout(pass, workerData.intervalMs);
  }
  if (m === 'stop') { clearTimeout(timer); try { checkpoint.run(); } catch {} db.close(); process.exit(0); }
});
parentPort.postMessage({ type: 'ready' });
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

function finishHereSafely(finish: { get(): unknown }): void {
  try {
    finish.get();
  } catch (err) {
    // The next finish tries again; a failed copy must not take the server down.
    console.error(`[db] checkpoint failed: ${(err as Error).message}`);
  }
}

/**
 * Moves WAL checkpoints off the event loop. By default the connection that commits the
 * 1000th WAL page copies the WAL back into the database file, inside that commit: on a busy chat
 * this was about half the cost of a message send, and every hundredth send stalled. Here the
 * app's connection does not checkpoint on commit; a worker thread does it twice a second, and a page written
 * many times in between (the tail of the messages table, a member's balance) is copied once.
 * Until the worker is ready, and if it ever fails, SQLite's own checkpointing stays on.
 *
 * SQLite starts the WAL over only at a commit that finds every frame copied. Under steady sends
 * commits land while the worker copies, so its passes never end with nothing left, and the WAL
 * grew by everything written (350 MB in 25 s at 1,000 messages/s) into new file blocks that the
 * kernel allocates and zeroes. So every few seconds (DEFAULT_RESTART_EVERY_MS), after a pass,
 * this process holds its group commit and the worker copies the frames committed meanwhile: with
 * nothing committed in between, the copy ends with nothing left and the next commit starts the
 * WAL over, into blocks the file already has. Holding, not copying on the event loop: the copy
 * syncs the WAL and the database file, and the event loop must not wait for a disk. Only when a
 * write outside the group commit landed during the hold does the app's connection copy its few
 * frames itself, before releasing.
 */
export function startCheckpointer(
  db: Db,
  file: string,
  { intervalMs = DEFAULT_INTERVAL_MS, restartEveryMs = DEFAULT_RESTART_EVERY_MS }: { intervalMs?: number; restartEveryMs?: number } = {},
): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver, intervalMs, restartEveryMs, niceness: WORKER_NICENESS } });
  let stopping = false;
  const fallBack = (why: string) => {
    if (stopping) return;
    console.error(`[db] checkpoint worker ${why}; SQLite checkpoints on commit again`);
    db.$client.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`);
  };
  const commits = groupCommit(db);
  // Rows this connection has changed since it opened: a write outside the group commit (a member
  // going offline, a deleted chat) is not held, and one that lands during the worker's copy leaves
  // frames it did not see.
  const changesSoFar = db.$client.prepare('SELECT total_changes()').pluck();
  const finishHere = db.$client.prepare('PRAGMA wal_checkpoint(PASSIVE)');
  let releaseCommits: (() => void) | undefined;
  let changesAtHold = 0;
  let holdLimit: NodeJS.Timeout | undefined;
  const release = () => {
    clearTimeout(holdLimit);
    releaseCommits?.();
    releaseCommits = undefined;
  };
  worker.on('message', (message: { type: string; message?: string }) => {
    if (message.type === 'ready' && !stopping) db.$client.pragma('wal_autocheckpoint = 0');
    if (message.type === 'copied' && !stopping) {
      releaseCommits = commits.hold();
      changesAtHold = changesSoFar.get() as number;
      holdLimit = setTimeout(release, MAX_HOLD_MS);
      worker.postMessage('held');
    }
    if (message.type === 'finished' && releaseCommits) {
      // Those few frames are copied here, still held, so the WAL starts over all the same; this
      // copy syncs on the event loop, which only such a write makes necessary.
      if (changesSoFar.get() !== changesAtHold) finishHereSafely(finishHere);
      release();
    }
    if (message.type === 'error') console.error(`[db] checkpoint failed: ${message.message}`);
  });
  worker.on('error', (err) => {
    release();
    fallBack(`failed: ${err.message}`);
  });
  worker.on('exit', (code) => {
    release();
    fallBack(`exited with ${code}`);
  });
  // The worker must not keep a process alive that has nothing else to do.
  worker.unref();

  return {
    async stop() {
      if (stopping) return;
      stopping = true;
      release();
      db.$client.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`);
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage('stop');
      // This timer keeps the process alive while the (unref'd) worker finishes: unref'd too, a
      // process with nothing else left to do exited here, in the middle of its shutdown.
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<void>((resolve) => (timer = setTimeout(resolve, 2000)));
      await Promise.race([exited, timedOut]);
      clearTimeout(timer);
      await worker.terminate();
    },
  };
}

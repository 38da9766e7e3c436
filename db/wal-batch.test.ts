import Database from 'better-sqlite3';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDb } from './client.js';
import { walBatchLibrary, walBatchState } from './wal-batch.js';

/**
 * A writer process for these tests, as plain CommonJS run by `node -e` from the repository root:
 * with `WAL_BATCH=1` it loads the extension first, as db/wal-batch.ts does. It runs one of the
 * workloads below on a WAL database and reports on stdout.
 */
const WRITER = String.raw`
const Database = require('better-sqlite3');
const { readFileSync } = require('node:fs');
if (process.env.WAL_BATCH === '1') { const l = new Database(':memory:'); l.loadExtension(process.env.LIBRARY); l.close(); }
const db = new Database(process.env.FILE);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.pragma('wal_autocheckpoint = 0');
db.exec('CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY, k INTEGER NOT NULL, v BLOB NOT NULL); CREATE INDEX IF NOT EXISTS t_k ON t (k)');
const insert = db.prepare('INSERT INTO t (k, v) VALUES (?, randomblob(200))');
// Random keys land on index pages all over the file: every commit writes many frames.
const commit = db.transaction((rows) => { let last = 0; for (let i = 0; i < rows; i++) last = insert.run(Math.floor(Math.random() * 1e9)).lastInsertRowid; return last; });
const writeCalls = () => Number(/^syscw: (\d+)$/m.exec(readFileSync('/proc/self/io', 'utf8'))[1]);
const mode = process.env.MODE;
if (mode === 'count-writes') {
  for (let i = 0; i < 20; i++) commit(50);
  const before = writeCalls();
  for (let i = 0; i < 200; i++) commit(50);
  console.log(JSON.stringify({ writeCalls: writeCalls() - before, frames: db.pragma('wal_checkpoint(PASSIVE)')[0].log }));
} else if (mode === 'commit-until-killed') {
  // Reports each committed transaction's last row id; the test kills the process at some point.
  for (;;) process.stdout.write(commit(40) + '\n');
} else if (mode === 'spill-then-rewrite') {
  // A cache of a few pages makes the transaction spill frames to the WAL before it commits; the
  // updates then change pages already written, which SQLite rewrites in place and re-checksums.
  db.pragma('cache_size = 8');
  db.pragma('cache_spill = 2');
  db.transaction(() => {
    for (let i = 0; i < 3000; i++) insert.run(i);
    db.prepare('UPDATE t SET k = k + 1000000').run();
  })();
  // Dies at once, before anything reads or writes again: the frames are only in the WAL, and the
  // next process to open the file must recover them, checksums and all.
  process.kill(process.pid, 'SIGKILL');
} else if (mode === 'large-then-killed') {
  // One transaction of about 13 MB of frames, more than the extension gathers before it writes.
  db.pragma('cache_size = -65536');
  const big = db.prepare('INSERT INTO t (k, v) VALUES (?, randomblob(3000))');
  db.transaction(() => { for (let i = 0; i < 3000; i++) big.run(i); })();
  process.kill(process.pid, 'SIGKILL');
} else if (mode === 'fail-large-then-commit-small') {
  // Started under a file size limit (as on a full disk): the 13 MB transaction fails when the
  // extension writes out its first 8 MB. The limit is lifted (space freed), then one-frame commits
  // follow, each read at once by a second connection, until one is not seen or 2,200 are.
  db.pragma('cache_size = -65536');
  db.exec('CREATE TABLE counter (n INTEGER NOT NULL); INSERT INTO counter VALUES (0)');
  const big = db.prepare('INSERT INTO t (k, v) VALUES (?, randomblob(3000))');
  let failed = null;
  try { db.transaction(() => { for (let i = 0; i < 3000; i++) big.run(i); })(); } catch (err) { failed = err.code; }
  require('node:child_process').execFileSync('prlimit', ['--pid', String(process.pid), '--fsize=unlimited:unlimited']);
  const reader = new Database(process.env.FILE);
  const bump = db.prepare('UPDATE counter SET n = n + 1');
  const seen = reader.prepare('SELECT n FROM counter').pluck();
  let committed = 0, unseen = null;
  while (committed < 2200 && unseen === null) {
    bump.run();
    committed++;
    try { if (seen.get() !== committed) unseen = committed; } catch (err) { unseen = err.code + ' at ' + committed; }
  }
  process.stdout.write(JSON.stringify({ failed, committed, unseen }) + '\n');
  // Dies right after its last commit: the next process must find every commit it returned.
  process.kill(process.pid, 'SIGKILL');
}
`;

function writerEnv(file: string, mode: string, walBatch: boolean): NodeJS.ProcessEnv {
  return { ...process.env, FILE: file, MODE: mode, WAL_BATCH: walBatch ? '1' : '0', LIBRARY: walBatchLibrary() };
}

function runWriter(file: string, mode: string, walBatch: boolean): { stdout: string; signal: NodeJS.Signals | null } {
  const result = spawnSync(process.execPath, ['-e', WRITER], { env: writerEnv(file, mode, walBatch), encoding: 'utf8' });
  if (result.status !== 0 && result.signal === null) throw new Error(`writer failed: ${result.stderr}`);
  return { stdout: result.stdout, signal: result.signal };
}

/** Opens the file as a fresh process would after a crash: the first connection recovers the WAL. */
function reopen(file: string): Database.Database {
  return new Database(file, { fileMustExist: true });
}

/**
 * Runs a writer that kills itself right after its commit, then opens the file as the next process
 * would (recovering the WAL, checksums and all): the file must be whole; returns what it holds.
 */
function rowsAfterCrash(mode: string): { rows: number; total: number; shortest: number } {
  const file = join(dir, `${mode}.db`);
  expect(runWriter(file, mode, true).signal).toBe('SIGKILL');
  const db = reopen(file);
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    return db.prepare('SELECT count(*) AS rows, sum(k) AS total, min(length(v)) AS shortest FROM t').get() as { rows: number; total: number; shortest: number };
  } finally {
    db.close();
  }
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wal-batch-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('wal-batch VFS', () => {
  it('is built and used by the databases this process opens', () => {
    const db = openDb(join(dir, 'app.db'));
    expect(walBatchState()).toBe('active');
    db.$client.close();
  });

  it('writes a commit of many frames with a few system calls instead of two per frame', () => {
    const batched = JSON.parse(runWriter(join(dir, 'batched.db'), 'count-writes', true).stdout) as { writeCalls: number; frames: number };
    const plain = JSON.parse(runWriter(join(dir, 'plain.db'), 'count-writes', false).stdout) as { writeCalls: number; frames: number };
    // SQLite's own VFS: a header and a page per frame.
    expect(plain.writeCalls).toBeGreaterThanOrEqual(plain.frames);
    // 200 commits: at most a handful of writes each, however many frames they carry.
    expect(batched.frames).toBeGreaterThan(2000);
    expect(batched.writeCalls).toBeLessThan(batched.frames / 5);
  });

  it('shows every commit to another connection and another process as soon as it returns', () => {
    const file = join(dir, 'shared.db');
    const writer = openDb(file).$client;
    writer.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, k INTEGER NOT NULL); CREATE INDEX t_k ON t (k)');
    const reader = new Database(file);
    const insert = writer.prepare('INSERT INTO t (k) VALUES (?)');
    const commit = writer.transaction((rows: number) => {
      for (let i = 0; i < rows; i++) insert.run(Math.floor(Math.random() * 1e9));
    });
    const count = reader.prepare('SELECT count(*) AS n FROM t');
    for (let round = 1; round <= 40; round++) {
      commit(100);
      expect((count.get() as { n: number }).n).toBe(round * 100);
      if (round % 10 === 0) {
        // Another process, on SQLite's own VFS, reading the frames this one wrote.
        const seen = spawnSync(process.execPath, ['-e', `const D=require('better-sqlite3');console.log(new D(${JSON.stringify(file)},{readonly:true}).prepare('SELECT count(*) AS n FROM t').get().n)`], { encoding: 'utf8' });
        expect(Number(seen.stdout.trim())).toBe(round * 100);
      }
    }
    expect(writer.pragma('integrity_check', { simple: true })).toBe('ok');
    reader.close();
    writer.close();
  });

  it('loses no committed transaction when the writing process is killed mid-stream', async () => {
    const file = join(dir, 'killed.db');
    const child = spawn(process.execPath, ['-e', WRITER], { env: writerEnv(file, 'commit-until-killed', true) });
    let reported = 0;
    let buffered = '';
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        const lines = buffered.split('\n');
        buffered = lines.pop()!;
        for (const line of lines) reported = Math.max(reported, Number(line));
        // Killed in the middle of whatever it is doing, after a few hundred commits.
        if (reported >= 12_000 && child.exitCode === null && !child.killed) child.kill('SIGKILL');
      });
      child.on('exit', () => resolve());
    });
    expect(reported).toBeGreaterThanOrEqual(12_000);
    const db = reopen(file);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    // Every row of every commit it reported is there (a later commit may be there too).
    const { n, top } = db.prepare('SELECT count(*) AS n, max(id) AS top FROM t').get() as { n: number; top: number };
    expect(top).toBeGreaterThanOrEqual(reported);
    expect(n).toBe(top);
    db.close();
  });

  it('recovers a transaction that rewrote its own spilled frames, after a crash right after its commit', () => {
    // Keys 0..2999, each raised by 1,000,000 in the same transaction.
    expect(rowsAfterCrash('spill-then-rewrite')).toEqual({ rows: 3000, total: (2999 * 3000) / 2 + 3000 * 1_000_000, shortest: 200 });
  });

  it('recovers a transaction larger than it gathers at once, after a crash right after its commit', () => {
    expect(rowsAfterCrash('large-then-killed')).toEqual({ rows: 3000, total: (2999 * 3000) / 2, shortest: 3000 });
  });
});

describe('wal-batch on a full disk', () => {
  it('after a failed 8 MB write-out, every later commit is seen by other connections and survives a crash', () => {
    // A file size limit stands for the full disk (no root needed); util-linux prlimit sets and lifts it.
    expect(spawnSync('prlimit', ['--version']).status, 'prlimit (util-linux) is needed').toBe(0);
    const file = join(dir, 'full.db');
    const run = spawnSync('prlimit', ['--fsize=4194304:unlimited', process.execPath, '-e', WRITER], {
      env: writerEnv(file, 'fail-large-then-commit-small', true),
      encoding: 'utf8',
    });
    expect(run.signal, run.stderr).toBe('SIGKILL');
    const report = JSON.parse(run.stdout) as { failed: string | null; committed: number; unseen: string | number | null };
    expect(report.failed).toBe('SQLITE_IOERR_WRITE');
    // Before the fix the 2,037th commit (its frame straddling where the 8 MB write-out stopped)
    // returned, but its page was still in memory: the other connection read it short.
    expect(report).toEqual({ failed: 'SQLITE_IOERR_WRITE', committed: 2200, unseen: null });
    const db = reopen(file);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(db.prepare('SELECT n FROM counter').pluck().get()).toBe(report.committed);
    db.close();
  });
});

describe('SQLITE_WAL_BATCH=false', () => {
  it('keeps SQLite\'s own WAL writes for the whole process, whatever a later database asks', async () => {
    // The choice is made once per process: a fresh copy of the module stands for a fresh process.
    vi.resetModules();
    const fresh = await import('./wal-batch.js');
    expect(fresh.walBatchState()).toBe('unset');
    expect(fresh.enableWalBatch(false)).toBe('off');
    expect(fresh.enableWalBatch(true)).toBe('off');
    expect(fresh.walBatchState()).toBe('off');
  });
});

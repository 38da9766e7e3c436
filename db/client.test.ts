import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb, writeTransaction } from './client.js';
import { sites } from './schema/index.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

/**
 * Another process (a worker thread on its own connection) that takes the write lock, changes the
 * counter and commits `holdMs` later. Resolves once it holds the lock; `done` once it committed.
 */
function otherProcessWriting(file: string, holdMs: number): { done: Promise<void> } {
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(
    `const { workerData } = require('node:worker_threads');
     const Database = require(workerData.module);
     const db = new Database(workerData.file);
     const flag = new Int32Array(workerData.flag.buffer);
     db.exec('BEGIN IMMEDIATE');
     db.exec('UPDATE counter SET n = n + 1');
     Atomics.store(flag, 0, 1);
     Atomics.notify(flag, 0);
     Atomics.wait(flag, 0, 1, workerData.holdMs);
     db.exec('COMMIT');
     db.close();`,
    { eval: true, workerData: { file, flag, holdMs, module: createRequire(import.meta.url).resolve('better-sqlite3') } },
  );
  const done = new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', () => resolve());
  });
  // Blocks this thread until the other one holds the write lock.
  if (Atomics.wait(flag, 0, 0, 5_000) === 'timed-out') throw new Error('the other writer never took the lock');
  return { done };
}

describe('writeTransaction', () => {
  it('a read-then-write transaction waits for another process\'s commit and builds on it, instead of failing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'write-transaction-'));
    const file = join(dir, 'app.db');
    const db = openDb(file);
    cleanups.push(() => {
      db.$client.close();
      rmSync(dir, { recursive: true, force: true });
    });
    db.$client.exec('CREATE TABLE counter (n INTEGER NOT NULL); INSERT INTO counter VALUES (0)');
    const read = () => (db.$client.prepare('SELECT n FROM counter').get() as { n: number }).n;

    const other = otherProcessWriting(file, 150);
    // As a log-in or a charge does: read a row, then write what follows from it. Taking the write
    // lock up front waits (busy_timeout) for the other commit and then reads its result; a
    // transaction that only asks for the lock at its first write would find its snapshot stale
    // and fail with SQLITE_BUSY.
    const result = writeTransaction(db, () => {
      const n = (db.$client.prepare('SELECT n FROM counter').get() as { n: number }).n;
      db.$client.prepare('UPDATE counter SET n = ?').run(n + 1);
      return n + 1;
    });
    await other.done;
    expect(result).toBe(2);
    expect(read()).toBe(2);
  });
});

describe('the kept prepared statements', () => {
  it('a statement drizzle last read as arrays reads objects again for a plain prepare of the same text', () => {
    const dir = mkdtempSync(join(tmpdir(), 'statement-cache-'));
    const db = openDb(join(dir, 'app.db'));
    cleanups.push(() => {
      db.$client.close();
      rmSync(dir, { recursive: true, force: true });
    });
    const { id } = db.insert(sites).values({ domain: 'cache.example', name: 'Cache' }).returning({ id: sites.id }).get();
    const query = db.select({ id: sites.id }).from(sites).where(eq(sites.id, id));
    expect(query.get()).toEqual({ id }); // drizzle maps the columns itself: it reads this statement as arrays
    const { sql: text, params } = query.toSQL();
    expect(db.$client.prepare(text).get(...params)).toEqual({ id });
  });
});

import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb, type Db } from './client.js';
import { startCheckpointer, type Checkpointer } from './checkpointer.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function scratch(): { db: Db; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'checkpointer-'));
  const file = join(dir, 'app.db');
  const db = openDb(file);
  db.$client.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)');
  cleanups.push(() => {
    db.$client.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { db, file };
}

/** About 2 MB in 2,000 small transactions: with SQLite's default this checkpoints twice on commit. */
function writeMany(db: Db): void {
  const insert = db.$client.prepare('INSERT INTO notes (text) VALUES (?)');
  for (let i = 0; i < 2000; i++) insert.run('x'.repeat(1000));
}

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function started(db: Db, file: string, intervalMs: number): Promise<Checkpointer> {
  const checkpointer = startCheckpointer(db, file, intervalMs);
  cleanups.push(() => checkpointer.stop());
  // Ready once the app's connection has handed checkpointing over.
  await until(() => db.$client.pragma('wal_autocheckpoint', { simple: true }) === 0);
  return checkpointer;
}

describe('checkpointer', () => {
  it('commits no longer copy the WAL into the database file; the worker does, soon after', async () => {
    const { db, file } = scratch();
    await started(db, file, 60_000); // a worker that will not run within this test
    const before = statSync(file).size;
    writeMany(db);
    // SQLite would have checkpointed inside those commits and grown the file: it did not.
    expect(statSync(file).size).toBe(before);

    const { db: db2, file: file2 } = scratch();
    await started(db2, file2, 50);
    writeMany(db2);
    await until(() => statSync(file2).size > 2_000_000);
  });

  it('hands checkpointing back to SQLite when stopped', async () => {
    const { db, file } = scratch();
    const checkpointer = await started(db, file, 60_000);
    await checkpointer.stop();
    expect(db.$client.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    const before = statSync(file).size;
    writeMany(db);
    expect(statSync(file).size).toBeGreaterThan(before);
  });
});

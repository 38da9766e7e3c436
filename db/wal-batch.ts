import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { dbPath } from './folder.js';

/**
 * The wal-batch SQLite extension (db/native/wal_batch.c): a VFS that writes each transaction's
 * WAL frames with one system call instead of two per frame. `npm install` compiles it
 * (scripts/build-sqlite-extension.mjs); without a C compiler it is absent, and SQLite's own VFS
 * does the same work with more system calls.
 */
export function walBatchLibrary(): string {
  return dbPath('native', 'build', 'wal_batch.so');
}

export type WalBatchState = 'active' | 'off' | 'missing' | { failed: string };

let state: WalBatchState | undefined;

/**
 * Makes wal-batch the default VFS of this process, once: every connection opened afterwards, in
 * any thread (the checkpoint worker's too), uses it. A VFS cannot be taken back from connections
 * already open, so the first call decides for the life of the process; later calls report it.
 */
export function enableWalBatch(wanted: boolean): WalBatchState {
  if (state !== undefined) return state;
  if (!wanted) return (state = 'off');
  const library = walBatchLibrary();
  if (!existsSync(library)) return (state = 'missing');
  const loader = new Database(':memory:');
  try {
    loader.loadExtension(library);
    state = 'active';
  } catch (err) {
    // Built for another platform or SQLite: the chat still works, with SQLite's own writes.
    state = { failed: (err as Error).message };
    console.error(`[db] wal-batch extension not loaded, SQLite writes its WAL unbatched: ${state.failed}`);
  } finally {
    loader.close();
  }
  return state;
}

/** What the process uses: 'unset' until the first database was opened. */
export function walBatchState(): WalBatchState | 'unset' {
  return state ?? 'unset';
}

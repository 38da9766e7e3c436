import type Database from 'better-sqlite3';
import type { Db } from './client.js';
import { connectionOf } from './prepared.js';

type Runner = Database.Transaction<(read: () => unknown) => unknown>;

const runners = new WeakMap<Database.Database, Runner>();

/**
 * Runs `read` (synchronous, reads only) inside one read transaction: all its statements see the
 * database as of its first one, whatever another process commits meanwhile, and the connection
 * begins and ends a WAL read once instead of once per statement. Each of those costs file-lock
 * system calls on the shared-memory index: a catch-up (the chat list, its peers, the messages
 * missed, counts and balance: nine statements) took half the CPU inside one (decisions,
 * operations). Inside a transaction already (a group commit's unit, a test's), `read` just runs
 * in it.
 */
export function readSnapshot<T>(db: Db, read: () => T): T {
  const connection = connectionOf(db);
  if (connection.inTransaction) return read();
  let runner = runners.get(connection);
  if (!runner) {
    runner = connection.transaction((body: () => unknown) => body());
    runners.set(connection, runner);
  }
  // BEGIN DEFERRED takes no lock; the first statement starts the read, COMMIT ends it.
  return runner.deferred(read) as T;
}

import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { dirname } from 'node:path';
import { dbPath } from './folder.js';
import { makeDirectory } from './make-directory.js';
import * as schema from './schema/index.js';
import { enableWalBatch } from './wal-batch.js';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/** Where the committed drizzle-kit migrations live (works from source and from dist/). */
export function migrationsFolder(): string {
  return dbPath('migrations');
}

export interface OpenDbOptions {
  /**
   * Write each commit's WAL frames with one system call (db/wal-batch.ts; default true). The
   * first database a process opens decides for the whole process.
   */
  walBatch?: boolean;
  /** SQLite's page cache of this connection, MB (DEFAULT_CACHE_MB) */
  cacheMb?: number;
}

/**
 * SQLite's page cache per connection. Reads of pages the WAL does not hold come through the
 * memory map (mmap_size below) and need no cache; the cache holds what a send writes and what the
 * WAL holds. 8 MB, not the 64 it was until session 25: in nine alternated pairs of chat-bench
 * runs the CPU per message was the same at every rate, but with 64 MB, a cache that was still
 * filling, 8 of 18 steps at 5,000-7,000 msg/s had event-loop stalls of 62-352 ms (1 of 18 with
 * 8 MB), and each put that step's p99 over 50 ms (decisions, operations). An operator with a
 * large hot data set and memory to spare raises SQLITE_CACHE_MB.
 */
export const DEFAULT_CACHE_MB = 8;

/**
 * Opens (creating if needed) the SQLite file, sets the pragmas several processes need to share
 * it safely, and applies pending migrations.
 */
export function openDb(file: string, options: OpenDbOptions = {}): Db {
  if (file !== ':memory:') makeDirectory(dirname(file));
  enableWalBatch(options.walBatch ?? true);
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // SQLite's default page cache is 2 MB: a chat's working set (members, conversations, the index
  // pages a send touches) outgrows it, and each miss is a read() system call. A larger cache
  // (DEFAULT_CACHE_MB) and reads through a memory map keep a send's page look-ups in memory.
  sqlite.pragma(`cache_size = -${Math.round((options.cacheMb ?? DEFAULT_CACHE_MB) * 1024)}`);
  sqlite.pragma('mmap_size = 268435456');
  // A statement that changes rows may run under a savepoint (the group commit's unit for writes
  // other than sends, and SQLite's own per-statement journal), which copies each page it first
  // changes. Kept in memory, those copies are memcpy calls, not writes to a temporary file once
  // they pass 64 KB.
  sqlite.pragma('temp_store = MEMORY');
  cachePreparedStatements(sqlite);
  const db = drizzle(sqlite, { schema }) as Db;
  applyMigrations(db, migrationsFolder());
  return db;
}

/** drizzle's record of the migrations it has applied. */
const MIGRATIONS_TABLE = '__drizzle_migrations';

/**
 * Applies pending migrations with foreign keys off, as SQLite's way of changing a table (build a
 * new one, copy, drop the old, rename) requires: with them on, dropping `users` would delete every
 * row that references a member. drizzle runs the migrations inside one transaction, where SQLite
 * ignores `PRAGMA foreign_keys`, so it is switched here, around them. When a migration ran, every
 * reference is checked before it is switched back on; that check reads every table, so a start
 * with nothing to migrate skips it.
 */
export function applyMigrations(db: Db, folder: string): void {
  const sqlite = db.$client;
  const enforced = sqlite.pragma('foreign_keys', { simple: true }) === 1;
  sqlite.pragma('foreign_keys = OFF');
  try {
    const appliedBefore = appliedMigrations(sqlite);
    migrate(db, { migrationsFolder: folder, migrationsTable: MIGRATIONS_TABLE });
    if (appliedMigrations(sqlite) === appliedBefore) return;
    const broken = sqlite.pragma('foreign_key_check') as unknown[];
    if (broken.length > 0) throw new Error(`migrations left ${broken.length} broken references: ${JSON.stringify(broken.slice(0, 5))}`);
  } finally {
    if (enforced) sqlite.pragma('foreign_keys = ON');
  }
}

function appliedMigrations(sqlite: Database.Database): number {
  const table = sqlite.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?").get(MIGRATIONS_TABLE);
  return table ? (sqlite.prepare(`SELECT count(*) AS n FROM ${MIGRATIONS_TABLE}`).get() as { n: number }).n : 0;
}

/** Distinct SQL texts kept prepared; past this the cache starts over (queries are built from a fixed set of shapes). */
const STATEMENT_CACHE_MAX = 1000;

/**
 * drizzle prepares a new better-sqlite3 statement for every query it runs; compiling the SQL is
 * most of the cost of a small query. The same query shape always produces the same SQL text, so
 * statements are kept by text and reused. drizzle switches reading statements into raw (array)
 * mode when it maps columns itself, so a reused statement is put back into object mode first.
 */
function cachePreparedStatements(sqlite: Database.Database): void {
  const prepare = sqlite.prepare.bind(sqlite);
  const cache = new Map<string, Database.Statement>();
  sqlite.prepare = ((source: string) => {
    let statement = cache.get(source);
    if (!statement) {
      statement = prepare(source);
      if (cache.size >= STATEMENT_CACHE_MAX) cache.clear();
      cache.set(source, statement);
    } else if (statement.reader) {
      statement.raw(false);
    }
    return statement;
  }) as Database.Database['prepare'];
}

/**
 * Runs fn in a write transaction that takes the write lock up front (BEGIN IMMEDIATE), so a
 * second process waits on busy_timeout instead of failing at upgrade time. fn must be synchronous.
 */
export function writeTransaction<T>(db: Db, fn: (tx: Db) => T): T {
  return db.transaction((tx) => fn(tx as unknown as Db), { behavior: 'immediate' });
}

export { schema };

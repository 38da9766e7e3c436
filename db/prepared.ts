import type Database from 'better-sqlite3';
import { sql, type SQL } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from './client.js';
import { streamlined } from './streamlined-query.js';

/** The SQLite connection behind a drizzle database or one of its transactions (they share it). */
export function connectionOf(db: Db): Database.Database {
  return db.$client ?? (db as unknown as { session: { client: Database.Database } }).session.client;
}

/**
 * Builds a drizzle query once per SQLite connection (with sql.placeholder() for its inputs) and
 * reuses it. Building a query walks drizzle's entity checks and SQL builders on every call, which
 * costs more than running it, so hot paths (sending a message, the user endpoint, credits) use
 * this. A prepared query runs on the connection, so it is valid inside transactions too, and
 * runs streamlined (see streamlined-query.ts). Anything else that belongs to one connection (a raw
 * statement, the group commit queue) is kept the same way.
 */
export function preparedOnce<T>(build: (db: Db) => T): (db: Db) => T {
  const byConnection = new WeakMap<Database.Database, T>();
  return (db) => {
    const connection = connectionOf(db);
    let prepared = byConnection.get(connection);
    if (prepared === undefined) {
      prepared = streamlined(build(db));
      byConnection.set(connection, prepared);
    }
    return prepared;
  };
}

/**
 * `column IN` the ids bound to placeholder `name` as one JSON array (`JSON.stringify(ids)`): one
 * prepared statement serves any number of ids, where an IN list would need a statement per length.
 * The planner cannot count such a list; a query that could also reach its rows another way may
 * need that way disabled (see findPeers).
 */
export function inJsonIds(column: AnySQLiteColumn, name = 'ids'): SQL {
  return sql`${column} IN (SELECT value FROM json_each(${sql.placeholder(name)}))`;
}

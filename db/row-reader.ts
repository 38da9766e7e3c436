import { Column, getTableColumns, getTableName, type InferSelectModel } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { fieldDecoder, rowAssembler } from './array-rows.js';
import type { Db } from './client.js';
import { connectionOf, preparedOnce } from './prepared.js';

/**
 * A query for whole rows of one table that skips drizzle's generic result mapping. Rows are read
 * as arrays (SQLite building an object of thirty named properties costs more than the read) and
 * assembled here, converting only the columns with a driver mapping (booleans, JSON). For the
 * lookups every authenticated request and socket command makes.
 * `where` is SQL with `?` parameters, e.g. `id = ? AND site_id = ?`.
 */
export function rowsWhere<T extends SQLiteTable, P extends unknown[]>(
  table: T,
  where: string,
): (db: Db, ...params: P) => InferSelectModel<T> | undefined {
  const columns = Object.entries(getTableColumns(table)) as [string, Column][];
  const source = `SELECT ${columns.map(([, column]) => `"${column.name}"`).join(', ')} FROM "${getTableName(table)}" WHERE ${where}`;
  const toRow = rowAssembler(
    columns.map(([key]) => key),
    columns.map(([, column]) => fieldDecoder(column) ?? null),
  );
  const statement = preparedOnce((db) => connectionOf(db).prepare<P, unknown[]>(source));

  return (db, ...params) => {
    const values = statement(db).raw(true).get(...params);
    return values ? (toRow(values) as InferSelectModel<T>) : undefined;
  };
}

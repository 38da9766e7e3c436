import { Column, getTableColumns, getTableName, type InferSelectModel } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
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
  const keys = columns.map(([key]) => key);
  const converters = columns.map(([, column]) => (column.mapFromDriverValue === Column.prototype.mapFromDriverValue ? null : column));
  const statement = preparedOnce((db) => connectionOf(db).prepare<P, unknown[]>(source));

  return (db, ...params) => {
    const values = statement(db).raw(true).get(...params);
    if (!values) return undefined;
    const row: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      const value = values[i];
      const converter = converters[i];
      row[keys[i]!] = value === null || !converter ? value : converter.mapFromDriverValue(value);
    }
    return row as InferSelectModel<T>;
  };
}

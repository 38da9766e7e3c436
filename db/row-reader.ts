import { Column, getTableColumns, getTableName, type InferSelectModel } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from './client.js';
import { connectionOf, preparedOnce } from './prepared.js';

/**
 * A query for whole rows of one table that skips drizzle's generic result mapping. Each column is
 * selected under its TypeScript key, so SQLite builds the object itself, and only the columns
 * with a driver mapping (booleans, JSON) are converted. For the lookups every authenticated
 * request makes, where drizzle's per-cell entity checks cost more than SQLite's read.
 * `where` is SQL with `?` parameters, e.g. `id = ? AND site_id = ?`.
 */
export function rowsWhere<T extends SQLiteTable, P extends unknown[]>(
  table: T,
  where: string,
): (db: Db, ...params: P) => InferSelectModel<T> | undefined {
  const columns = Object.entries(getTableColumns(table)) as [string, Column][];
  const selectList = columns.map(([key, column]) => `"${column.name}" AS "${key}"`).join(', ');
  const source = `SELECT ${selectList} FROM "${getTableName(table)}" WHERE ${where}`;
  const converted = columns.filter(([, column]) => column.mapFromDriverValue !== Column.prototype.mapFromDriverValue);
  const statement = preparedOnce((db) => connectionOf(db).prepare<P, Record<string, unknown>>(source));

  return (db, ...params) => {
    const row = statement(db).get(...params);
    if (!row) return undefined;
    for (const [key, column] of converted) {
      const value = row[key];
      if (value !== null) row[key] = column.mapFromDriverValue(value);
    }
    return row as InferSelectModel<T>;
  };
}

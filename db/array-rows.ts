import { Column, is, SQL } from 'drizzle-orm';

/**
 * Rows read as arrays (better-sqlite3's raw mode) and assembled into objects here: cheaper than
 * SQLite naming every property, and cheaper than drizzle's own mapping, which tests every cell
 * against its entity classes. Shared by streamlined queries and rowsWhere.
 */
export type Decode = (value: unknown) => unknown;

/** Builds the objects of one query's rows: `keys[i]` gets column i, through `decoders[i]` unless it is null or the value is. */
export function rowAssembler(keys: string[], decoders: Array<Decode | null>): (row: unknown[]) => Record<string, unknown> {
  return (row) => {
    const result: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      const value = row[i];
      const decode = decoders[i];
      result[keys[i]!] = value === null || !decode ? value : decode(value);
    }
    return result;
  };
}

/**
 * The column's or expression's driver mapping, null where it would return the value unchanged,
 * undefined for a kind of field not handled here (a subquery).
 */
export function fieldDecoder(field: unknown): Decode | null | undefined {
  let decoder: { mapFromDriverValue: Decode } | undefined;
  if (is(field, Column)) decoder = field;
  else if (is(field, SQL)) decoder = decoderOfSql(field);
  else if (is(field, SQL.Aliased)) decoder = decoderOfSql(field.sql);
  if (!decoder) return undefined;
  if (is(decoder, Column) && decoder.mapFromDriverValue === Column.prototype.mapFromDriverValue) return null;
  if (!is(decoder, Column) && decoder.mapFromDriverValue === IDENTITY_DECODER) return null;
  return (v) => decoder.mapFromDriverValue(v);
}

/** mapWith() sets an expression's decoder; drizzle's types keep the field internal. */
function decoderOfSql(expression: SQL): { mapFromDriverValue: Decode } {
  return (expression as unknown as { decoder: { mapFromDriverValue: Decode } }).decoder;
}

/** drizzle's SQL expressions decode with a shared no-op unless mapWith() set one. */
const IDENTITY_DECODER = decoderOfSql(new SQL([])).mapFromDriverValue;

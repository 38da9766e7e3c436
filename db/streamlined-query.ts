import type Database from 'better-sqlite3';
import { Column, is, Param, Placeholder } from 'drizzle-orm';
import { SQLitePreparedQuery } from 'drizzle-orm/sqlite-core';
import { fieldDecoder, rowAssembler, type Decode } from './array-rows.js';

/** What drizzle's better-sqlite3 prepared query holds; read once, when a query is streamlined. */
interface DrizzlePreparedInternals {
  stmt: Database.Statement;
  query: { sql: string; params: unknown[] };
  fields?: Array<{ path: string[]; field: unknown }>;
  customResultMapper?: unknown;
}

/** A parameter: a constant (name null), or a placeholder's name with the column encoder drizzle would apply. */
interface Binding {
  name: string | null;
  constant: unknown;
  encode: Decode | null;
}
const NO_VALUES: Record<string, unknown> = {};

/**
 * Runs a drizzle prepared query with less work per call, returning the same object shape.
 * drizzle's get/run/all test every parameter and every result cell against its entity classes
 * (`is()`), which on the send path cost about as much as SQLite's own work. Here the parameter
 * positions and each column's decoder are worked out once. Only flat selections are taken over
 * (one level of keys, no custom mapper): a nested or relational result keeps drizzle's own path.
 */
export function streamlined<Q>(prepared: Q): Q {
  if (!is(prepared, SQLitePreparedQuery)) return prepared;
  const internals = prepared as unknown as DrizzlePreparedInternals;
  const { customResultMapper, fields } = internals;
  if (!internals.stmt || customResultMapper || fields?.some((f) => f.path.length !== 1)) return prepared;
  const decoders = fields?.map((f) => fieldDecoder(f.field));
  if (decoders?.includes(undefined)) return prepared;
  const { stmt, params } = withLiteralLimit(internals.stmt, internals.query);

  const bindings = params.map(bindingOf);
  const bind = (values: Record<string, unknown> = NO_VALUES): unknown[] => {
    const bound = new Array<unknown>(bindings.length);
    for (let i = 0; i < bindings.length; i++) {
      const { name, constant, encode } = bindings[i]!;
      if (name === null) {
        bound[i] = constant;
        continue;
      }
      const value = values[name];
      if (value === undefined && !(name in values)) throw new Error(`No value for placeholder "${name}" was provided`);
      bound[i] = encode ? encode(value) : value;
    }
    return bound;
  };

  if (!fields || !decoders) {
    // No field list: a write without RETURNING, or a query whose rows SQLite shapes itself.
    return Object.assign(Object.create(prepared as object) as object, {
      run: (values?: Record<string, unknown>) => stmt.run(...bind(values)),
      get: (values?: Record<string, unknown>) => stmt.raw(false).get(...bind(values)),
      all: (values?: Record<string, unknown>) => stmt.raw(false).all(...bind(values)),
    }) as Q;
  }

  const toObject = rowAssembler(
    fields.map((f) => f.path[0]!),
    decoders as Array<Decode | null>,
  );
  return Object.assign(Object.create(prepared as object) as object, {
    run: (values?: Record<string, unknown>) => stmt.run(...bind(values)),
    get: (values?: Record<string, unknown>) => {
      const row = stmt.raw(true).get(...bind(values)) as unknown[] | undefined;
      return row ? toObject(row) : undefined;
    },
    all: (values?: Record<string, unknown>) => (stmt.raw(true).all(...bind(values)) as unknown[][]).map(toObject),
  }) as Q;
}

/**
 * drizzle writes `.limit(1)` as `limit ?` with the number bound. SQLite's planner reads a bound
 * LIMIT and marks the statement to be compiled again whenever that parameter is bound: about 9 µs
 * on every run of a statement whose limit never changes. A constant limit at the end of the SQL is
 * written into the text instead (the only place drizzle puts one).
 */
function withLiteralLimit(stmt: Database.Statement, query: { sql: string; params: unknown[] }): { stmt: Database.Statement; params: unknown[] } {
  const limit = query.params.at(-1);
  if (!query.sql.endsWith(' limit ?') || !Number.isSafeInteger(limit) || (limit as number) < 0) return { stmt, params: query.params };
  const source = `${query.sql.slice(0, -1)}${limit as number}`;
  return { stmt: stmt.database.prepare(source), params: query.params.slice(0, -1) };
}

function bindingOf(param: unknown): Binding {
  if (is(param, Placeholder)) return { name: param.name, constant: undefined, encode: null };
  if (is(param, Param) && is(param.value, Placeholder)) {
    const encoder = param.encoder as { mapToDriverValue: Decode } & object;
    const identity = is(encoder, Column) && encoder.mapToDriverValue === Column.prototype.mapToDriverValue;
    return { name: param.value.name, constant: undefined, encode: identity ? null : (v) => encoder.mapToDriverValue(v) };
  }
  return { name: null, constant: param, encode: null };
}


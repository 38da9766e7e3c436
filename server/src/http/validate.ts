import type { z } from 'zod';
import type { ErrorCode } from '@shared/errors.js';
import { HttpError } from './errors.js';

/**
 * Parses untrusted input with a shared zod schema. On failure answers 400 `invalid_request`
 * with `fields` naming each bad field (the client maps them to messages next to the inputs).
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, code: ErrorCode = 'invalid_request'): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  throw invalidInput(result.error, code);
}

/** The 400 of a failed parse, REST's and the socket's (realtime/ack.ts): `fields` names each bad field. */
export function invalidInput(error: z.ZodError, code: ErrorCode = 'invalid_request'): HttpError {
  return new HttpError(400, code, { fields: invalidFields(error) });
}

/**
 * How many bad fields a refusal names at most: a body of 1,500 unknown keys (13.9 KB) was answered
 * with 38 KB naming each. A form has a handful; past this many the client has enough to go on.
 */
export const MAX_NAMED_FIELDS = 20;

/**
 * Each bad field of a failed parse by its path ('_' for the input as a whole), the first
 * MAX_NAMED_FIELDS of them. Without a prototype, so a key named `__proto__` (JSON.parse makes it an
 * own key; zod refuses it as unknown) is named like any other instead of setting the object's prototype.
 */
function invalidFields(error: z.ZodError): Record<string, ErrorCode> {
  const fields: Record<string, ErrorCode> = Object.create(null);
  addFields(error.issues, [], fields);
  const named = Object.keys(fields);
  if (named.length <= MAX_NAMED_FIELDS) return fields;
  const first: Record<string, ErrorCode> = Object.create(null);
  for (const key of named.slice(0, MAX_NAMED_FIELDS)) first[key] = fields[key]!;
  return first;
}

type Issue = z.ZodError['issues'][number];

function addFields(issues: readonly Issue[], prefix: PropertyKey[], fields: Record<string, ErrorCode>): void {
  for (const issue of issues) {
    const path = [...prefix, ...issue.path];
    // A field the schema does not have is named itself, not the object around it.
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[[...path, key].join('.')] ??= 'invalid_request';
      continue;
    }
    const branches = issue.code === 'invalid_union' ? closestBranches(issue.errors) : [];
    if (branches.length === 0) {
      fields[path.join('.') || '_'] ??= 'invalid_request';
      continue;
    }
    // One of several shapes (e.g. {conversation} or {profile}): the bad fields are those of the
    // shape the input came closest to, not the input as a whole.
    for (const branch of branches) addFields(branch, path, fields);
  }
}

/** The branches of a failed union with the fewest issues (all of them when they tie). */
function closestBranches(branches: readonly (readonly Issue[])[]): (readonly Issue[])[] {
  if (branches.length === 0) return [];
  const fewest = Math.min(...branches.map((issues) => issues.length));
  return branches.filter((issues) => issues.length === fewest);
}

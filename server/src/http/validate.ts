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
  const fields: Record<string, ErrorCode> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= 'invalid_request';
  }
  throw new HttpError(400, code, { fields });
}

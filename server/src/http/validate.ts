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

/** Each bad field of a failed parse by its path ('_' for the input as a whole). */
function invalidFields(error: z.ZodError): Record<string, ErrorCode> {
  const fields: Record<string, ErrorCode> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= 'invalid_request';
  }
  return fields;
}

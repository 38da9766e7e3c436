/**
 * Socket command plumbing shared by modules: a client may omit the ack or send garbage, and a
 * handler must never throw out of the event listener (that would kill nothing but also answer
 * nothing). Errors become the same { error, message } the REST side sends.
 */
import type { ZodType } from 'zod';
import { ERROR_MESSAGES } from '@shared/errors.js';
import type { AckResult } from '@shared/realtime.js';
import { HttpError } from '../http/errors.js';
import { invalidInput } from '../http/validate.js';

export type Reply<T> = (result: AckResult<T>) => void;

/** The client's ack callback, or a no-op when it sent none. */
export function replyVia<T>(ack: unknown): Reply<T> {
  return typeof ack === 'function' ? (result) => (ack as Reply<T>)(result) : () => {};
}

export function errorResult(err: unknown): AckResult<never> {
  if (err instanceof HttpError) {
    const { authentication_required: _auth, ...details } = err.extra;
    return { ok: false, error: err.code, message: err.message, ...(Object.keys(details).length ? { details } : {}) };
  }
  console.error('[realtime] command failed', err);
  return { ok: false, error: 'generic', message: ERROR_MESSAGES.generic };
}

/**
 * Parses the payload with its shared schema, runs the command and acks its result; a bad payload
 * gets `invalid_request`, an HttpError its code. Async commands are awaited.
 */
export async function runCommand<I, T>(schema: ZodType<I>, input: unknown, reply: Reply<T>, command: (input: I) => T | Promise<T>): Promise<void> {
  const parsed = schema.safeParse(input);
  // With the fields named, as REST names them.
  if (!parsed.success) return reply(errorResult(invalidInput(parsed.error)));
  try {
    reply({ ok: true, data: await command(parsed.data) });
  } catch (err) {
    reply(errorResult(err));
  }
}

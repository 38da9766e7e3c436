import type { ErrorRequestHandler } from 'express';
import { ERROR_MESSAGES, type ApiErrorBody, type ErrorCode } from '@shared/errors.js';

/** An error with an HTTP status and a stable code; the error middleware turns it into ApiErrorBody. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(formatMessage(code, extra));
  }
}

function formatMessage(code: ErrorCode, extra: Record<string, unknown>): string {
  return ERROR_MESSAGES[code].replace(/\{(\w+)\}/g, (_, k: string) => String(extra[k] ?? `{${k}}`));
}

export const badRequest = (code: ErrorCode = 'invalid_request', extra?: Record<string, unknown>) => new HttpError(400, code, extra);
export const unauthenticated = () => new HttpError(403, 'authentication_required', { authentication_required: true });
export const forbidden = (code: ErrorCode, extra?: Record<string, unknown>) => new HttpError(403, code, extra);
export const notFound = (code: ErrorCode = 'not_found') => new HttpError(404, code);
export const conflict = (code: ErrorCode, extra?: Record<string, unknown>) => new HttpError(409, code, extra);
export const paymentRequired = (code: ErrorCode = 'insufficient_credits', extra?: Record<string, unknown>) => new HttpError(402, code, extra);
export const unprocessable = (code: ErrorCode, extra?: Record<string, unknown>) => new HttpError(422, code, extra);
export const tooMany = (code: ErrorCode, extra?: Record<string, unknown>) => new HttpError(429, code, extra);

/** Retry-After of a 503: a Redis restart or blip is over within seconds. */
export const RETRY_AFTER_SECONDS = 5;

/** A 503 `service_unavailable` (with Retry-After): something the request needs, like the session store, is away for now. */
export function serviceUnavailable(cause?: unknown): HttpError {
  const err = new HttpError(503, 'service_unavailable');
  if (cause !== undefined) err.cause = cause;
  return err;
}

export function errorBody(err: HttpError): ApiErrorBody {
  return { error: err.code, message: err.message, ...err.extra };
}

/** Last middleware: HttpError -> its body (a 503 with Retry-After); body-parser failures -> 400/413; anything else -> 500. */
export const errorMiddleware: ErrorRequestHandler = (err: unknown, _req, res, _next) => {
  if (err instanceof HttpError) {
    if (err.status === 503) res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    res.status(err.status).json(errorBody(err));
    return;
  }
  const type = (err as { type?: string } | null)?.type;
  if (type === 'entity.parse.failed') {
    res.status(400).json(errorBody(badRequest('invalid_json')));
    return;
  }
  if (type === 'entity.too.large') {
    res.status(413).json(errorBody(new HttpError(413, 'payload_too_large')));
    return;
  }
  const status = (err as { status?: number } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // A library's 404 (express.static's missing file) is a missing thing, not a malformed request.
    res.status(status).json(errorBody(status === 404 ? notFound() : new HttpError(status, 'invalid_request')));
    return;
  }
  console.error('[http] unhandled error', err);
  res.status(500).json(errorBody(new HttpError(500, 'generic')));
};

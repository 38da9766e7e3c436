import { ERROR_MESSAGES, type ApiErrorBody, type ErrorCode } from '@shared/errors.js';
import { HTTP_RETRIES } from '@shared/constants.js';
import { noteServerDate } from '../state/server-clock.js';

/** A non-2xx answer (or a network failure after the retries) with the server's error code. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly body: Partial<ApiErrorBody>,
  ) {
    super(body.message ?? code);
  }
  get fields(): Record<string, ErrorCode> {
    return this.body.fields ?? {};
  }
}

const USER_PATH = '/api/user.php';
const RETRY_STATUSES = new Set([502, 503, 504]);
const RETRY_BASE_MS = 250;

let onUnauthenticated: () => void = () => {};

/** Called when any call except /api/user.php answers 403 authentication_required: the session is gone. */
export function setUnauthenticatedHandler(handler: () => void): void {
  onUnauthenticated = handler;
}

let memberOfPage: () => number | null = () => null;

/**
 * Who this page is for (the member it shows), named in every call (X-Member) and socket handshake.
 * On a shared browser a tab of hers outlives her session, and the cookie becomes his when he logs
 * in: the server refuses what her page sends then (authentication_required), where her unsent
 * messages went out as his and his chats filled her page.
 */
export function setMemberOfPage(read: () => number | null): void {
  memberOfPage = read;
}

export function pageMember(): number | null {
  return memberOfPage();
}

/** Test seam: retry delays shrink to nothing in unit tests. */
export const retryTiming = { baseMs: RETRY_BASE_MS };

/**
 * How long an attempt may wait for the answer's headers, then for its body, before it is given up
 * (and tried again like a network error). A request lost on a stalled phone connection never
 * settles by itself: each chat's sends go one after another, and the polling fallback waits for
 * its round, so one such request held every later message pending and stopped polling for good.
 * The body's deadline is the longer: a JSON answer on a slow link may take a while to arrive.
 * A test seam as well.
 */
export const deadlines = { headersMs: 15_000, bodyMs: 60_000 };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && value in ERROR_MESSAGES;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** retries on network errors and 502/503/504; a caller with its own back-off passes 0 */
  retries?: number;
  /**
   * Gives up after this many ms in all, attempts and pauses (as the network does): for a caller a
   * member waits on with nothing on screen (the start, boot.ts).
   */
  within?: number;
}

interface Answer {
  status: number;
  ok: boolean;
  /** the parsed body; null when empty, or when a non-2xx body is not JSON (a proxy's error page) */
  json: unknown;
}

/**
 * A 404 that is not the server's: every API 404 names its code in a JSON body (`not_found`,
 * `unknown_site`, ...), so an HTML page or an empty body comes from something in between (a proxy,
 * a CDN during a deploy). Taken as the answer, the profile said the member does not exist and the
 * chat that it does not exist, with no Try again; it is no answer, tried again as a network error.
 */
function isProxyNotFound(status: number, json: unknown): boolean {
  return status === 404 && !(json !== null && typeof json === 'object' && isErrorCode((json as { error?: unknown }).error));
}

/**
 * One request and its whole body, within the deadlines; a missed one rejects as the network does.
 * So does a 2xx whose body is not JSON: the server answers every API call with JSON, so that is
 * something between the member and the server (a captive portal's log-in page on hotel or train
 * wifi, a body cut short). Taken as the answer it reached the callers as null: the profile page
 * and the icebreakers crashed to the error page, the gifts spun for good, and a password reset
 * said the mail was on its way.
 */
async function attempt(url: string, init: RequestInit, giveUpAt: number): Promise<Answer> {
  const controller = new AbortController();
  const until = (ms: number) => Math.max(0, Math.min(ms, giveUpAt - Date.now()));
  let timer = setTimeout(() => controller.abort(), until(deadlines.headersMs));
  try {
    const sentAt = Date.now();
    const response = await fetch(url, { ...init, signal: controller.signal });
    clearTimeout(timer);
    // Every answer tells how far this device's clock is from the server's (state/server-clock.ts).
    noteServerDate(response.headers.get('Date'), sentAt, Date.now());
    timer = setTimeout(() => controller.abort(), until(deadlines.bodyMs));
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch (error) {
      if (response.ok) throw error;
    }
    if (isProxyNotFound(response.status, json)) throw new Error(`a 404 without the API's error code from ${url}`);
    return { status: response.status, ok: response.ok, json };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Retries are for blips (a server restarting, a dropped packet). One due after a long gap, a
 * laptop closed mid-retry and opened a day later, is not made: the caller decides anew, and a
 * chat message written a day before is not sent by itself (outbox.ts).
 */
const RETRY_WINDOW_MS = 2 * 60_000;

async function fetchWithRetries(url: string, init: RequestInit, retries: number, within = Infinity): Promise<Answer> {
  const started = Date.now();
  const giveUpAt = started + within;
  for (let tried = 0; ; tried++) {
    let failure: { answer: Answer } | { error: unknown };
    try {
      const answer = await attempt(url, init, giveUpAt);
      if (!RETRY_STATUSES.has(answer.status) || tried >= retries) return answer;
      failure = { answer };
    } catch (error) {
      if (tried >= retries) throw error;
      failure = { error };
    }
    const pause = retryTiming.baseMs * 2 ** tried;
    if (Date.now() + pause >= giveUpAt) {
      if ('answer' in failure) return failure.answer;
      throw failure.error;
    }
    await wait(pause);
    if (Date.now() - started > RETRY_WINDOW_MS) {
      if ('answer' in failure) return failure.answer;
      throw failure.error;
    }
  }
}

/**
 * JSON call to the REST API: same-origin cookies, 5 retries (250 ms doubling, 7.75 s in all) on
 * network errors, on attempts that missed their deadline (`deadlines`), on 2xx answers that are
 * not JSON and 404s without the API's error code (`attempt`), and on 502/503/504.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const query = Object.entries(options.query ?? {}).filter(([, v]) => v !== undefined) as Array<[string, string]>;
  const url = query.length ? `${path}?${new URLSearchParams(query.map(([k, v]) => [k, String(v)]))}` : path;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (path === USER_PATH) headers['X-Request-Type'] = 'client';
  const member = memberOfPage();
  if (member !== null) headers['X-Member'] = String(member);

  let response: Answer;
  try {
    response = await fetchWithRetries(url, {
      method: options.method ?? 'GET',
      credentials: 'same-origin',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    }, options.retries ?? HTTP_RETRIES, options.within);
  } catch {
    throw new ApiError(0, 'try_later', { error: 'try_later', message: ERROR_MESSAGES.try_later });
  }

  const json = response.json;
  if (response.ok) return json as T;

  const body = (json && typeof json === 'object' ? json : {}) as Partial<ApiErrorBody>;
  const code: ErrorCode = isErrorCode(body.error) ? body.error : response.status >= 500 ? 'try_later' : 'generic';
  if (response.status === 403 && body.authentication_required && path !== USER_PATH) onUnauthenticated();
  throw new ApiError(response.status, code, body);
}

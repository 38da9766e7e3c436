/**
 * The Redis session store, wrapped so that a Redis restart or blip does not log the API out.
 *
 * Why: with REDIS_URL every request that needs its session reads Redis. While Redis is away, the
 * database (SQLite, local) still works and a member polling over REST could go on, but every read
 * failed and answered 500. This wrapper remembers the sessions it has read from Redis and, while a
 * read FAILS (an error, not "not found"), answers from that copy, if it was read from Redis less
 * than `maxAgeMs` ago and its cookie has not expired.
 *
 * Writes are never faked: log-in, log-out, password changes fail while Redis is away (503). The one
 * exception is the daily re-save that slides a session's expiry (refreshAgeingSession): when it
 * fails and the session is otherwise what was read, it is reported done. Redis still holds that
 * very session, valid for 29 more days, and its stored cookie is still over a day old, so the next
 * request after the outage saves it again. Without this, the first poll of the day during an
 * outage would be an error for a read.
 *
 * A session destroyed or rewritten on this node is dropped from the memory at once. A log-out on
 * another node is seen here at the next read ("not found" forgets), or when that node closes the
 * session's sockets here (forgetRememberedSession); else this node could serve it during an outage
 * that begins within `maxAgeMs` of its last read (docs/decisions.md, Redis outages).
 */
import { Store, type SessionData } from 'express-session';
import { serviceUnavailable } from './errors.js';

type GetCallback = (err?: unknown, session?: SessionData | null) => void;
type DoneCallback = (err?: unknown) => void;

export interface OutageTolerantOptions {
  /** at most this many sessions are remembered; the least recently read go first */
  capacity?: number;
  /** a copy read from Redis longer ago than this is not served */
  maxAgeMs?: number;
  /** real time in production: cookie expiry in express-session is real time */
  now?: () => number;
  /**
   * true while the connection is known lost. Then the store is not asked at all: the Redis client
   * would hold each command through its reconnect attempts (seconds apart) before failing it, and
   * every poll would wait that long for the answer the memory gives at once.
   */
  isDown?: () => boolean;
}

interface Remembered {
  /** JSON, not the object: express-session mutates the session it is given (cookie.touch()) */
  json: string;
  readAt: number;
}

export const REMEMBERED_SESSIONS_CAPACITY = 50_000;
export const REMEMBERED_SESSION_MAX_AGE_MS = 10 * 60_000;

/** Session fields that only the daily refresh changes (see refreshAgeingSession). */
const REFRESH_FIELDS = new Set(['cookie', 'refreshedAt']);

export class OutageTolerantSessionStore extends Store {
  private readonly remembered = new Map<string, Remembered>();
  private readonly capacity: number;
  private readonly maxAgeMs: number;
  private readonly now: () => number;
  private readonly isDown: () => boolean;
  private lastCommandFailed = false; // the inverse of `answering`, where it is explained

  constructor(
    private readonly inner: Store,
    options: OutageTolerantOptions = {},
  ) {
    super();
    this.capacity = options.capacity ?? REMEMBERED_SESSIONS_CAPACITY;
    this.maxAgeMs = options.maxAgeMs ?? REMEMBERED_SESSION_MAX_AGE_MS;
    this.now = options.now ?? Date.now;
    this.isDown = options.isDown ?? (() => false);
  }

  /**
   * False from a session command that failed until one succeeds (or `answeredAgain`). A network
   * partition leaves the connection open, so only the commands' time-outs (REDIS_COMMAND_TIMEOUT_MS)
   * tell: /healthz said `ok` while every log-in and sign-up answered 503, and an operator's alert
   * on `degraded` stayed silent for as long as the kernel kept the connection (a quarter of an hour).
   */
  get answering(): boolean {
    return !this.lastCommandFailed;
  }

  /** Redis answered something else (a new connection, a health probe's PING): it is back. */
  answeredAgain(): void {
    this.lastCommandFailed = false;
  }

  /** How many sessions are remembered (tests, stats). */
  get size(): number {
    return this.remembered.size;
  }

  override get(sid: string, cb: GetCallback): void {
    // Answered on a later tick, as a store does: callers do not expect their callback to run inside get().
    if (this.isDown()) return void process.nextTick(() => this.readFailed(sid, undefined, cb));
    this.inner.get(sid, (err: unknown, session?: SessionData | null) => {
      const failed = Boolean(err) && (err as NodeJS.ErrnoException).code !== 'ENOENT';
      this.lastCommandFailed = failed;
      if (failed) return this.readFailed(sid, err, cb);
      if (session) this.remember(sid, session);
      else this.forget(sid);
      cb(null, session ?? null);
    });
  }

  override set(sid: string, session: SessionData, cb?: DoneCallback): void {
    const refreshOnly = this.isRefreshOf(sid, session);
    const failed = (err: unknown) => {
      if (refreshOnly && this.servable(sid)) return cb?.();
      // Whatever Redis holds now, this node no longer knows it.
      this.forget(sid);
      cb?.(serviceUnavailable(err));
    };
    if (this.isDown()) return void process.nextTick(failed, undefined);
    this.inner.set(sid, session, (err?: unknown) => {
      this.lastCommandFailed = Boolean(err);
      if (err) return failed(err);
      this.remember(sid, session);
      cb?.();
    });
  }

  override destroy(sid: string, cb?: DoneCallback): void {
    // Forgotten even if Redis cannot be reached: a session someone tried to end is never served
    // from memory; the log-out itself answers 503 and the member tries again.
    this.forget(sid);
    if (this.isDown()) return void process.nextTick(() => cb?.(serviceUnavailable()));
    this.inner.destroy(sid, (err?: unknown) => {
      this.lastCommandFailed = Boolean(err);
      cb?.(err ? serviceUnavailable(err) : undefined);
    });
  }

  /** Drops the remembered copy of a session that was ended elsewhere. */
  forget(sid: string): void {
    this.remembered.delete(sid);
  }

  /** The remembered copy when there is a servable one, else the read's failure as a 503. */
  private readFailed(sid: string, err: unknown, cb: GetCallback): void {
    const kept = this.servable(sid);
    if (kept) cb(null, kept);
    else cb(serviceUnavailable(err));
  }

  private remember(sid: string, session: SessionData): void {
    // Re-inserted so that the Map's order is the order of the last reads: the first is the oldest.
    this.remembered.delete(sid);
    this.remembered.set(sid, { json: JSON.stringify(session), readAt: this.now() });
    if (this.remembered.size > this.capacity) this.remembered.delete(this.remembered.keys().next().value!);
  }

  /** The remembered session, as a fresh object, when it is recent enough and its cookie unexpired. */
  private servable(sid: string): SessionData | undefined {
    const kept = this.remembered.get(sid);
    if (!kept) return undefined;
    const now = this.now();
    const session = JSON.parse(kept.json) as SessionData;
    const expires = session.cookie?.expires ? new Date(session.cookie.expires).getTime() : Infinity;
    if (now - kept.readAt > this.maxAgeMs || expires <= now) {
      this.remembered.delete(sid);
      return undefined;
    }
    return session;
  }

  /** Whether `session` differs from the remembered copy only in what the daily refresh changes. */
  private isRefreshOf(sid: string, session: SessionData): boolean {
    const kept = this.remembered.get(sid);
    if (!kept) return false;
    return sameExceptRefresh(JSON.parse(kept.json) as Record<string, unknown>, JSON.parse(JSON.stringify(session)) as Record<string, unknown>);
  }
}

function sameExceptRefresh(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    if (REFRESH_FIELDS.has(key)) continue;
    if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) return false;
  }
  return true;
}

/** Drops a remembered session, when the store is this wrapper (Redis mode); a no-op otherwise. */
export function forgetRememberedSession(store: Store, sid: string): void {
  if (store instanceof OutageTolerantSessionStore) store.forget(sid);
}

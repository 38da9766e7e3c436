import { Store, type SessionData } from 'express-session';
import type { Statement } from 'better-sqlite3';
import type { Db } from '@db/client.js';
import type { Clock } from '../clock.js';

type Callback = (err?: unknown, session?: SessionData | null) => void;

/**
 * express-session store on the app's SQLite file, so sessions survive a restart with no Redis.
 * It sits on every request's hot path: statements are prepared once. It has no touch(): sessions
 * slide by a daily re-save (see refreshAgeingSession), not a write per request.
 */
export class SqliteSessionStore extends Store {
  private lastPurge = 0;
  private readonly statements: {
    get: Statement<[string], { sess: string; expires_at: number }>;
    upsert: Statement<[string, string, number | null, number]>;
    destroy: Statement<[string]>;
    purge: Statement<[number]>;
  };

  constructor(
    db: Db,
    private readonly clock: Clock,
  ) {
    super();
    const sqlite = db.$client;
    this.statements = {
      get: sqlite.prepare('SELECT sess, expires_at FROM sessions WHERE sid = ?'),
      upsert: sqlite.prepare(
        'INSERT INTO sessions (sid, sess, user_id, expires_at) VALUES (?, ?, ?, ?) ' +
          'ON CONFLICT(sid) DO UPDATE SET sess = excluded.sess, user_id = excluded.user_id, expires_at = excluded.expires_at',
      ),
      destroy: sqlite.prepare('DELETE FROM sessions WHERE sid = ?'),
      purge: sqlite.prepare('DELETE FROM sessions WHERE expires_at < ?'),
    };
  }

  override get(sid: string, cb: Callback): void {
    try {
      const row = this.statements.get.get(sid);
      if (!row || row.expires_at <= this.clock.now()) return cb(null, null);
      cb(null, JSON.parse(row.sess) as SessionData);
    } catch (err) {
      cb(err);
    }
  }

  override set(sid: string, sess: SessionData, cb?: (err?: unknown) => void): void {
    try {
      const expiresAt = this.expiry(sess);
      const userId = (sess as SessionData & { userId?: number }).userId ?? null;
      this.statements.upsert.run(sid, JSON.stringify(sess), userId, expiresAt);
      this.purgeExpiredNowAndThen();
      cb?.();
    } catch (err) {
      cb?.(err);
    }
  }

  override destroy(sid: string, cb?: (err?: unknown) => void): void {
    try {
      this.statements.destroy.run(sid);
      cb?.();
    } catch (err) {
      cb?.(err);
    }
  }

  private expiry(sess: SessionData): number {
    const expires = sess.cookie?.expires;
    return expires ? new Date(expires).getTime() : this.clock.now() + 86_400_000;
  }

  /** Expired rows are removed at most once an hour, piggybacking on writes. */
  private purgeExpiredNowAndThen(): void {
    const now = this.clock.now();
    if (now - this.lastPurge < 3_600_000) return;
    this.lastPurge = now;
    this.statements.purge.run(now);
  }
}

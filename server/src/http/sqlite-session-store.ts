import { Store, type SessionData } from 'express-session';
import { eq, lt } from 'drizzle-orm';
import type { Db } from '@db/client.js';
import { sessions } from '@db/schema/index.js';
import type { Clock } from '../clock.js';

type Callback = (err?: unknown, session?: SessionData | null) => void;

/** express-session store on the app's SQLite file, so sessions survive a restart with no Redis. */
export class SqliteSessionStore extends Store {
  private lastPurge = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {
    super();
  }

  override get(sid: string, cb: Callback): void {
    try {
      const row = this.db.select().from(sessions).where(eq(sessions.sid, sid)).get();
      if (!row || row.expiresAt <= this.clock.now()) return cb(null, null);
      cb(null, JSON.parse(row.sess) as SessionData);
    } catch (err) {
      cb(err);
    }
  }

  override set(sid: string, sess: SessionData, cb?: (err?: unknown) => void): void {
    try {
      const expiresAt = this.expiry(sess);
      const userId = (sess as SessionData & { userId?: number }).userId ?? null;
      const value = JSON.stringify(sess);
      this.db
        .insert(sessions)
        .values({ sid, sess: value, userId, expiresAt })
        .onConflictDoUpdate({ target: sessions.sid, set: { sess: value, userId, expiresAt } })
        .run();
      this.purgeExpiredNowAndThen();
      cb?.();
    } catch (err) {
      cb?.(err);
    }
  }

  override touch(sid: string, sess: SessionData, cb?: (err?: unknown) => void): void {
    try {
      this.db.update(sessions).set({ expiresAt: this.expiry(sess) }).where(eq(sessions.sid, sid)).run();
      cb?.();
    } catch (err) {
      cb?.(err);
    }
  }

  override destroy(sid: string, cb?: (err?: unknown) => void): void {
    try {
      this.db.delete(sessions).where(eq(sessions.sid, sid)).run();
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
    this.db.delete(sessions).where(lt(sessions.expiresAt, now)).run();
  }
}

import type { Request } from 'express';
import { rowsWhere } from '@db/row-reader.js';
import { users, type UserRow } from '@db/schema/index.js';
import { unauthenticated } from './errors.js';
import { refreshAgeingSession } from './session.js';

/** Every authenticated request runs this lookup, so it reads the row without drizzle's mapping. */
const userOfSite = rowsWhere<typeof users, [id: number, siteId: number]>(users, 'id = ? AND site_id = ?');

/**
 * The logged-in member of this request, or null. A session whose account is gone, deleted, on
 * another site, or whose password changed since log-in (epoch mismatch) is destroyed here.
 */
export function currentUser(req: Request): UserRow | null {
  const userId = req.session?.userId;
  if (!userId) return null;
  const user = userOfSite(req.ctx.db, userId, req.site.id);
  if (!user || user.status === 'deleted' || user.sessionEpoch !== (req.session.epoch ?? 0)) {
    req.session.destroy(() => {});
    return null;
  }
  refreshAgeingSession(req, req.ctx.clock.now());
  return user;
}

/**
 * The logged-in member, or a 403 { authentication_required: true }. Also refused: a page that
 * names another member in X-Member. On a shared browser a tab of hers outlives her session and
 * the cookie becomes his when he logs in; her unsent messages went out as his then.
 */
export function requireUser(req: Request): UserRow {
  const user = currentUser(req);
  if (!user || !isMemberOfPage(req.get('x-member'), user.id)) throw unauthenticated();
  return user;
}

/** Whether the member a page names (header or handshake; none: a client that names none) is `userId`. */
export function isMemberOfPage(named: unknown, userId: number): boolean {
  return named === undefined || named === null || String(named) === String(userId);
}

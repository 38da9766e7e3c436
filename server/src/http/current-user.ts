import type { Request } from 'express';
import { and, eq, sql } from 'drizzle-orm';
import { preparedOnce } from '@db/prepared.js';
import { users, type UserRow } from '@db/schema/index.js';
import { unauthenticated } from './errors.js';

/** Every authenticated request runs this lookup: prepared once per connection. */
const userOfSite = preparedOnce((db) =>
  db
    .select()
    .from(users)
    .where(and(eq(users.id, sql.placeholder('id')), eq(users.siteId, sql.placeholder('siteId'))))
    .prepare(),
);

/**
 * The logged-in member of this request, or null. A session whose account is gone, deleted, on
 * another site, or whose password changed since log-in (epoch mismatch) is destroyed here.
 */
export function currentUser(req: Request): UserRow | null {
  const userId = req.session?.userId;
  if (!userId) return null;
  const user = userOfSite(req.ctx.db).get({ id: userId, siteId: req.site.id });
  if (!user || user.status === 'deleted' || user.sessionEpoch !== (req.session.epoch ?? 0)) {
    req.session.destroy(() => {});
    return null;
  }
  return user;
}

/** The logged-in member, or a 403 { authentication_required: true }. */
export function requireUser(req: Request): UserRow {
  const user = currentUser(req);
  if (!user) throw unauthenticated();
  return user;
}

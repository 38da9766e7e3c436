import type { Request } from 'express';
import { and, eq } from 'drizzle-orm';
import { users, type UserRow } from '@db/schema/index.js';
import { unauthenticated } from './errors.js';

/**
 * The logged-in member of this request, or null. A session whose account is gone, deleted, on
 * another site, or whose password changed since log-in (epoch mismatch) is destroyed here.
 */
export function currentUser(req: Request): UserRow | null {
  const userId = req.session?.userId;
  if (!userId) return null;
  const user = req.ctx.db.select().from(users).where(and(eq(users.id, userId), eq(users.siteId, req.site.id))).get();
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

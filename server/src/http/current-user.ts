import type { Request } from 'express';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@db/client.js';
import { users, type UserRow } from '@db/schema/index.js';
import { unauthenticated } from './errors.js';

/** Every authenticated request runs this lookup: prepare it once per database. */
const userLookups = new WeakMap<Db, (id: number, siteId: number) => UserRow | undefined>();

function lookupUser(db: Db, id: number, siteId: number): UserRow | undefined {
  let lookup = userLookups.get(db);
  if (!lookup) {
    const prepared = db
      .select()
      .from(users)
      .where(and(eq(users.id, sql.placeholder('id')), eq(users.siteId, sql.placeholder('siteId'))))
      .prepare();
    lookup = (userId, site) => prepared.get({ id: userId, siteId: site });
    userLookups.set(db, lookup);
  }
  return lookup(id, siteId);
}

/**
 * The logged-in member of this request, or null. A session whose account is gone, deleted, on
 * another site, or whose password changed since log-in (epoch mismatch) is destroyed here.
 */
export function currentUser(req: Request): UserRow | null {
  const userId = req.session?.userId;
  if (!userId) return null;
  const user = lookupUser(req.ctx.db, userId, req.site.id);
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

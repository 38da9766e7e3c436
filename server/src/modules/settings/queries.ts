/** Reads of the site-data tables (sites, interests, regions). */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '@db/client.js';
import { interests, regions, sites, type SiteRow } from '@db/schema/index.js';
import { normaliseHost } from '../../http/site.js';

/** The site answering for `host` (domain or alias), read fresh: sites are few. */
export function findSiteByHost(db: Db, host: string): SiteRow | undefined {
  const wanted = normaliseHost(host);
  return db
    .select()
    .from(sites)
    .all()
    .find((s) => normaliseHost(s.domain) === wanted || s.aliases.some((a) => normaliseHost(a) === wanted));
}

export function listInterests(db: Db) {
  return db.select().from(interests).orderBy(asc(interests.id)).all();
}

export function regionsOfCountry(db: Db, country: string) {
  return db.select().from(regions).where(eq(regions.country, country)).all();
}

export function listAllRegions(db: Db) {
  return db.select().from(regions).all();
}

export type InterestRow = typeof interests.$inferSelect;
export type RegionRow = typeof regions.$inferSelect;

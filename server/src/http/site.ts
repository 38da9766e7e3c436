import type { Request, RequestHandler } from 'express';
import type { Db } from '@db/client.js';
import { sites, type SiteRow } from '@db/schema/index.js';
import { systemClock, type Clock } from '../clock.js';
import { HttpError } from './errors.js';

/** Sites change rarely; each process keeps them for a short while instead of a query per request. */
const CACHE_MS = 30_000;

export class SiteDirectory {
  private byHost = new Map<string, SiteRow>();
  private loadedAt = -Infinity;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock,
  ) {}

  /** The site serving this host name (domain or alias), or undefined. */
  find(host: string): SiteRow | undefined {
    return this.findNormalised(normaliseHost(host));
  }

  /**
   * As find, for a host that normaliseHost already returned: a socket's, normalised once at its
   * handshake and looked up on every command.
   */
  findNormalised(host: string): SiteRow | undefined {
    const now = this.clock.now();
    // Loaded "later than now" is a server clock stepped back since: expired, or the sites as they
    // were would be kept for as long as the step (an hour's step, an hour of old settings).
    if (now - this.loadedAt > CACHE_MS || now < this.loadedAt) this.reload(now);
    return this.byHost.get(host);
  }

  reload(now = this.clock.now()): void {
    const map = new Map<string, SiteRow>();
    for (const site of this.db.select().from(sites).all()) {
      map.set(normaliseHost(site.domain), site);
      for (const alias of site.aliases) map.set(normaliseHost(alias), site);
    }
    this.byHost = map;
    this.loadedAt = now;
  }
}

export function normaliseHost(host: string): string {
  return host.trim().toLowerCase().replace(/:\d+$/, '').replace(/^www\./, '');
}

/** Resolves req.site from the Host header; an unknown host answers 404 `unknown_site`. */
export function siteMiddleware(directory: SiteDirectory): RequestHandler {
  return (req, _res, next) => {
    req.site = resolveSite(directory, req);
    next();
  };
}

/** The site of this request's host; throws 404 `unknown_site` when no site serves it. */
export function resolveSite(directory: SiteDirectory, req: Request): SiteRow {
  const site = directory.find(req.hostname ?? '');
  if (!site) throw new HttpError(404, 'unknown_site');
  return site;
}

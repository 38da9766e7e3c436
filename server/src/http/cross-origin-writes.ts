/**
 * REST requests that change something must come from a page of the site they address. Browsers
 * send an Origin header with every POST, PUT, PATCH and DELETE, and SameSite=Lax cookies do not
 * keep the ports or schemes of one host apart: a page on http://localhost:8080 (another app, or a
 * preview of an untrusted one) could post to the app on :3000 with the member's cookie. JSON
 * bodies need a CORS preflight that we never grant, but the defence should not rest on every
 * endpoint refusing every form-encoded body. Same rule as the socket handshake
 * (realtime/handshake.ts): the page's origin is the origin addressed, on a known site, or
 * PUBLIC_URL's. A request without Origin (a native app, curl, a same-origin GET) passes: the
 * session decides, as before.
 */
import type { RequestHandler } from 'express';
import type { AppContext } from '../context.js';
import { forbidden } from './errors.js';
import { addressedOrigin, originUrl, pageMayAddress } from './request-origin.js';
import type { SiteDirectory } from './site.js';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function refuseCrossOriginWrites(ctx: AppContext, sites: SiteDirectory): RequestHandler {
  const publicOrigin = originUrl(ctx.config.publicUrl);
  return (req, _res, next) => {
    const page = req.headers.origin;
    if (page === undefined || READS.has(req.method)) return next();
    if (pageMayAddress(page, addressedOrigin(req), publicOrigin, sites)) return next();
    next(forbidden('origin_not_allowed'));
  };
}

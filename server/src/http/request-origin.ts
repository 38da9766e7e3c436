/**
 * The origin (scheme, host, port) a request was addressed to, read as the HTTP side reads it:
 * Express's req.protocol and req.host, which take X-Forwarded-Proto and X-Forwarded-Host only from
 * a proxy TRUST_PROXY trusts. The socket handshake (realtime/handshake.ts) is answered by
 * engine.io before Express sees it, and compares a page's Origin with this.
 */
import type { IncomingMessage } from 'node:http';
import type { Express, Request } from 'express';
import { normaliseHost, type SiteDirectory } from './site.js';

/** The origin `req` was addressed to, or undefined when it names no host. */
export type RequestOrigin = (req: IncomingMessage) => URL | undefined;

export function requestOriginOf(app: Express): RequestOrigin {
  return (req) => {
    // Express's own getters on a view of this request, with the app's trust setting: the socket
    // side cannot read the proxy's headers otherwise than every REST request does.
    return addressedOrigin(Object.create(app.request, { headers: { value: req.headers }, socket: { value: req.socket } }) as Request);
  };
}

/** The origin an Express request was addressed to (X-Forwarded-* only from a trusted proxy), or undefined. */
export function addressedOrigin(req: Request): URL | undefined {
  return originUrl(`${req.protocol}://${req.host ?? ''}`);
}

/** `value` as an origin URL (scheme, lower-case host, port unless the scheme's default), or undefined. */
export function originUrl(value: string): URL | undefined {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether two origins are one, `www.` aside: a site answers on its domain with and without it
 * (normaliseHost), and a page on one may address the other. Scheme and port must match: cookies
 * are not kept apart by port or scheme, so another port of the same host (another app on
 * localhost:8080) sends the member's cookie along.
 */
export function sameOrigin(a: URL, b: URL): boolean {
  const host = (url: URL) => url.host.replace(/^www\./, '');
  return a.protocol === b.protocol && host(a) === host(b);
}

/**
 * Whether a page of origin `page` (an Origin header) may act on a request addressed to
 * `addressed`: the same origin on a known site (domain or alias), or PUBLIC_URL's own. The socket
 * handshake and the REST writes (http/cross-origin-writes.ts) both ask this.
 */
export function pageMayAddress(page: string, addressed: URL | undefined, publicOrigin: URL | undefined, sites: SiteDirectory): boolean {
  const pageUrl = originUrl(page);
  if (pageUrl === undefined) return false;
  if (publicOrigin !== undefined && pageUrl.origin === publicOrigin.origin) return true;
  return addressed !== undefined && sameOrigin(pageUrl, addressed) && sites.findNormalised(normaliseHost(pageUrl.host)) !== undefined;
}

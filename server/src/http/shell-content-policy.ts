/**
 * The Content-Security-Policy of the app shell (every HTML page the client router answers). The
 * built client needs nothing but its own origin: one module script and stylesheets from /assets,
 * no inline script or style element (React sets `style` props through the CSSOM, which a policy
 * does not govern), photos from /media or the site's CDN, the socket to the same host. So text
 * that ever reached the page as markup (a member's name or message rendered unescaped by a future
 * bug) could neither run a script, nor load one, nor send what it read to another host by a
 * fetch or a form, nor frame the page for clickjacking.
 */
import type { SiteRow } from '@db/schema/index.js';

/**
 * The policy for a shell answered on `site` (undefined: a host no site serves, which still gets the
 * shell), addressed to `origin` (scheme, host and port as the request was, behind a trusted proxy
 * the forwarded ones).
 */
export function shellContentPolicy(site: SiteRow | undefined, origin: URL | undefined): string {
  const images = ["'self'", 'data:', 'blob:'];
  const cdn = site ? absoluteOrigin(site.cdnPrefix) : undefined;
  if (cdn) images.push(cdn);
  const connect = ["'self'"];
  // CSP 3 counts ws:/wss: of the same host as 'self', but a browser that predates that rule (older
  // Safari) would refuse the socket, and the page would fall back to polling REST without a word.
  // Only for a known site: the Host header is the client's to choose.
  if (site && origin) connect.push(`${origin.protocol === 'https:' ? 'wss:' : 'ws:'}//${origin.host}`);
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src ${images.join(' ')}`,
    `connect-src ${connect.join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The origin of an absolute http(s) CDN prefix (`https://cdn.example/photos/`), else undefined (`/media/`). */
function absoluteOrigin(prefix: string): string | undefined {
  try {
    const url = new URL(prefix);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

import type { Request, Response } from 'express';

/**
 * How long a browser that reached the site over HTTPS refuses plain HTTP to it: 180 days. No
 * includeSubDomains: an operator's other hosts under the same domain may not all have TLS.
 */
const HSTS_MAX_AGE_SECONDS = 180 * 86_400;

/**
 * Headers on every answer, API and pages alike. HSTS only on a request that came over HTTPS
 * (`req.secure`, which reads X-Forwarded-Proto from a trusted proxy): sent over plain HTTP it is
 * ignored by browsers, and a site served without TLS (the local default) must stay reachable.
 */
export function setSecurityHeaders(req: Request, res: Response): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  res.setHeader('X-Frame-Options', 'DENY');
  if (req.secure) res.setHeader('Strict-Transport-Security', `max-age=${HSTS_MAX_AGE_SECONDS}`);
}

/**
 * A method an API path does not take (`GET /api/page-hidden.php`, `PUT /api/chats.php`) fell to
 * the API's last handler and was a `404 not_found`, as a path that does not exist. It is now
 * `405 method_not_allowed` with `Allow`, as outside the API (other-methods.ts). The methods are
 * read from the routes the router holds, so a new route or method is never missing from `Allow`.
 */
import type { Router } from 'express';
import { HttpError } from './errors.js';

/** One registered path as router 2.3's public `listRoutes()` gives it (not in @types/express). */
interface ListedRoute {
  path: string | RegExp;
  /** upper case, `HEAD` added where GET is, `*` for `.all()`; undefined for a mounted router */
  methods?: string[];
}

/** The usual order of `Allow`, whatever order the modules registered their routes in. */
const ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
const rank = (method: string) => (ORDER.includes(method) ? ORDER.indexOf(method) : ORDER.length);

/**
 * Adds, after every route of `router`, one per path that answers the methods it lacks with 405.
 * Each is an `.all()` route on the same path, so Express matches it exactly as it matched the
 * path's own routes (case-insensitive, a trailing slash allowed); only a request none of those
 * answered reaches it, so a served request passes no extra layer. OPTIONS goes on to the
 * router's last handler as before (its 404; no preflight is granted).
 */
export function refuseOtherApiMethods(router: Router): void {
  const listed = (router as unknown as { listRoutes(): ListedRoute[] }).listRoutes();
  const methodsOf = new Map<string | RegExp, Set<string>>();
  for (const { path, methods } of listed) {
    if (!methods) continue;
    const known = methodsOf.get(path) ?? new Set<string>();
    for (const method of methods) known.add(method);
    methodsOf.set(path, known);
  }
  for (const [path, methods] of methodsOf) {
    // a path with an .all() route takes every method itself
    if (methods.has('*')) continue;
    const allow = [...methods].sort((a, b) => rank(a) - rank(b)).join(', ');
    router.all(path, (req, res, next) => {
      if (req.method === 'OPTIONS') return next();
      res.setHeader('Allow', allow);
      next(new HttpError(405, 'method_not_allowed'));
    });
  }
}

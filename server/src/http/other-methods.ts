/**
 * Methods the paths outside the API do not take. Every GET and HEAD there is answered (the shell
 * answers any path), so a POST, PUT or DELETE nothing took reached Express's own HTML "Cannot POST"
 * page, the one answer of the server not in the API's JSON shape.
 */
import type { RequestHandler } from 'express';
import { HttpError, notFound } from './errors.js';

/** What a path outside the API takes: reading only. */
const ALLOWED = 'GET, HEAD';

/**
 * The last handler outside the API: `405 method_not_allowed` with `Allow: GET, HEAD` where a GET
 * answers the path (`answersGet`), else `404 not_found`.
 */
export function refuseOtherMethods(answersGet: (path: string) => boolean): RequestHandler {
  return (req, res, next) => {
    if (!answersGet(req.path)) return next(notFound());
    res.setHeader('Allow', ALLOWED);
    next(new HttpError(405, 'method_not_allowed'));
  };
}

/**
 * A file handler that lets other methods go on to refuseOtherMethods: express.static with
 * `fallthrough: false` answered them itself, with a 405 and no body.
 */
export function readsOnly(handler: RequestHandler): RequestHandler {
  return (req, res, next) => (req.method === 'GET' || req.method === 'HEAD' ? handler(req, res, next) : next());
}

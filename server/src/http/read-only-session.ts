/**
 * The session of the API calls that only read it, without express-session's work per request.
 *
 * Why: express-session hooks every response's writeHead and end, and hashes the session twice
 * (JSON and SHA-1) to learn whether to save it. For GET /api/user.php, which every client polls,
 * that was most of what the call cost above a bare Express handler (docs/decisions.md). The calls
 * listed here never write their session, so they read it as the sockets do: the same cookie,
 * signature library, secret and store. The Session object is express-session's own
 * (store.createSession), so handlers see the usual API and destroy() works.
 *
 * Everything that may write goes through express-session: every call not listed, a request with no
 * live session, and a session due for its daily refresh, which express-session re-saves and whose
 * cookie it re-sends.
 */
import type { RequestHandler } from 'express';
import { AUTH_COOKIE_NAME } from '@shared/constants.js';
import type { AppContext } from '../context.js';
import { sessionMiddleware, sessionNeedsRefresh } from './session.js';
import { loadStoredSession, rememberingSessionIds } from './stored-session.js';

/** GET calls whose handlers read the session and never write it: the ones clients poll. */
const READ_ONLY_CALLS = new Set(['/api/user.php', '/api/chats.php', '/api/messages.php', '/api/sync.php', '/api/counts.php']);

/** express-session for the API, with the read-only calls served by the reader above. */
export function apiSession(ctx: AppContext): RequestHandler {
  const expressSession = sessionMiddleware(ctx);
  const store = ctx.sessionStore;
  const sessionIdOf = rememberingSessionIds(AUTH_COOKIE_NAME, ctx.sessionSecret);
  return (req, res, next) => {
    if (req.method !== 'GET' || !READ_ONLY_CALLS.has(req.baseUrl + req.path)) return expressSession(req, res, next);
    const sid = sessionIdOf(req.headers.cookie);
    if (!sid) return expressSession(req, res, next);
    loadStoredSession(store, sid, (err, data) => {
      if (err) return next(err);
      if (!data) return expressSession(req, res, next);
      req.sessionID = sid;
      // express-session gave the store its generate() when expressSession was made above
      req.sessionStore = store as typeof req.sessionStore;
      const session = store.createSession(req, data);
      if (!sessionNeedsRefresh(session)) return next();
      // express-session skips a request that already has a session: hand it over without one.
      delete (req as { session?: unknown }).session;
      expressSession(req, res, next);
    });
  };
}

/**
 * Reads the member's express-session for Socket.IO's requests (the WebSocket upgrade, and each
 * request of the polling transport), read-only.
 *
 * Why not express-session itself: a socket never writes its session, so everything express-session
 * does around the store read is wasted there. It hooks the response's writeHead and end, builds a
 * Session and a Cookie object, and hashes the session twice to see whether it changed. After a
 * restart every member reconnects at once, and that was 8 % of the restarted server's CPU
 * (docs/benchmarks.md, reconnect storm). This reader does only what decides who the member is:
 * the same cookie, checked with the same signature library and secret, loaded from the same
 * store. The store drops expired sessions itself.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseCookies } from 'cookie';
import { unsign } from 'cookie-signature';
import type { SessionData, Store } from 'express-session';

/** What the handshake learns from the session; `session` is absent for anonymous requests. */
export type SessionRequest = IncomingMessage & { session?: Partial<SessionData>; sessionID?: string };

export interface SessionReaderOptions {
  cookieName: string;
  secret: string;
  store: Store;
}

/** The session id of a signed session cookie (`s:<id>.<signature>`), or undefined. */
export function signedSessionId(cookieHeader: string | undefined, cookieName: string, secret: string): string | undefined {
  if (!cookieHeader) return undefined;
  const raw = parseCookies(cookieHeader)[cookieName];
  if (!raw?.startsWith('s:')) return undefined;
  return unsign(raw.slice(2), secret) || undefined;
}

/** engine.io middleware: sets `req.session` and `req.sessionID` when the cookie names a live session. */
export function sessionReader({ cookieName, secret, store }: SessionReaderOptions) {
  return (req: SessionRequest, _res: ServerResponse, next: (err?: Error) => void): void => {
    const sid = signedSessionId(req.headers.cookie, cookieName, secret);
    if (!sid) return next();
    store.get(sid, (err, session) => {
      // As express-session does: a store's "no such file" is no session, anything else an error.
      if (err && (err as NodeJS.ErrnoException).code !== 'ENOENT') return next(err);
      if (session) {
        req.session = session;
        req.sessionID = sid;
      }
      next();
    });
  };
}

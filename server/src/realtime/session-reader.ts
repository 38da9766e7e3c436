/**
 * Reads the member's express-session for Socket.IO's requests (the WebSocket upgrade, and each
 * request of the polling transport), read-only.
 *
 * Why not express-session itself: a socket never writes its session, so everything express-session
 * does around the store read is wasted there. It hooks the response's writeHead and end, builds a
 * Session and a Cookie object, and hashes the session twice to see whether it changed. After a
 * restart every member reconnects at once, and that was 8 % of the restarted server's CPU
 * (docs/benchmarks.md, reconnect storm). This reader does only what decides who the member is:
 * the same cookie, checked with the same signature library and secret, loaded from the same store.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SessionData, Store } from 'express-session';
import { loadStoredSession, signedSessionId } from '../http/stored-session.js';
import { refuseUnavailable } from './refuse-unavailable.js';

/** What the handshake learns from the session; `session` is absent for anonymous requests. */
export type SessionRequest = IncomingMessage & { session?: Partial<SessionData>; sessionID?: string };

export interface SessionReaderOptions {
  cookieName: string;
  secret: string;
  store: Store;
}

/**
 * engine.io middleware: sets `req.session` and `req.sessionID` when the cookie names a live session.
 * When the store cannot be read (a Redis outage, for a session this node has not read), who the
 * member is cannot be known: the request is refused with a 503 and the client tries again later.
 */
export function sessionReader({ cookieName, secret, store }: SessionReaderOptions) {
  return (req: SessionRequest, res: ServerResponse, next: (err?: Error) => void): void => {
    const sid = signedSessionId(req.headers.cookie, cookieName, secret);
    if (!sid) return next();
    loadStoredSession(store, sid, (err, session) => {
      if (err) return refuseUnavailable(req, res);
      if (session) {
        req.session = session;
        req.sessionID = sid;
      }
      next();
    });
  };
}

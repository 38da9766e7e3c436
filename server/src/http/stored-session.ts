/**
 * Reading an express-session session without express-session: the signed cookie and the store
 * read, shared by the two readers that never write a session (Socket.IO's requests, and the
 * read-only API calls of read-only-session.ts).
 */
import { parse as parseCookies } from 'cookie';
import { unsign } from 'cookie-signature';
import type { SessionData, Store } from 'express-session';

/** The session id of a signed session cookie (`s:<id>.<signature>`), or undefined. */
export function signedSessionId(cookieHeader: string | undefined, cookieName: string, secret: string): string | undefined {
  if (!cookieHeader) return undefined;
  const raw = parseCookies(cookieHeader)[cookieName];
  if (!raw?.startsWith('s:')) return undefined;
  return unsign(raw.slice(2), secret) || undefined;
}

/**
 * The stored session of this id, or undefined when there is none. As in express-session, a store's
 * "no such file" is no session and anything else an error. The store drops expired sessions itself.
 */
export function loadStoredSession(
  store: Store,
  sid: string,
  done: (err: Error | undefined, session: SessionData | undefined) => void,
): void {
  store.get(sid, (err: unknown, session?: SessionData | null) => {
    if (err && (err as NodeJS.ErrnoException).code !== 'ENOENT') return done(err as Error, undefined);
    done(undefined, session ?? undefined);
  });
}

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
  const signed = signedCookieValue(cookieHeader, cookieName);
  return signed === undefined ? undefined : unsign(signed, secret) || undefined;
}

/**
 * signedSessionId that remembers the cookie values it has verified. Each member's client sends the
 * same cookie with every poll, and the HMAC was the largest part of reading its session. Only values
 * whose signature checked out are remembered, so a forged one is checked, and refused, every time.
 * The memory holds at most `capacity` values and starts afresh when full. It says only which session
 * a cookie names: the store is still read on every request, so a destroyed session ends at once.
 */
export function rememberingSessionIds(cookieName: string, secret: string, capacity = 10_000) {
  const verified = new Map<string, string>();
  return (cookieHeader: string | undefined): string | undefined => {
    const signed = signedCookieValue(cookieHeader, cookieName);
    if (signed === undefined) return undefined;
    const known = verified.get(signed);
    if (known !== undefined) return known;
    const sid = unsign(signed, secret) || undefined;
    if (sid !== undefined) {
      if (verified.size >= capacity) verified.clear();
      verified.set(signed, sid);
    }
    return sid;
  };
}

/** `<id>.<signature>` from the cookie's `s:<id>.<signature>`, or undefined when it is absent or not signed. */
function signedCookieValue(cookieHeader: string | undefined, cookieName: string): string | undefined {
  if (!cookieHeader) return undefined;
  const raw = parseCookies(cookieHeader)[cookieName];
  return raw?.startsWith('s:') ? raw.slice(2) : undefined;
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

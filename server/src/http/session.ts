import type { Request } from 'express';
import session, { type Session, type Store } from 'express-session';
import { AUTH_COOKIE_DAYS, AUTH_COOKIE_NAME } from '@shared/constants.js';
import type { AppContext } from '../context.js';

const DAY_MS = 86_400_000;
const COOKIE_LIFETIME_MS = AUTH_COOKIE_DAYS * DAY_MS;
/** A session is re-saved, and its cookie re-sent, once it is this old: 30 days from the last day of use. */
const REFRESH_AFTER_MS = DAY_MS;

/**
 * Cookie `auth.sid`, path /, 30 days, SameSite=Lax, HttpOnly, Secure when the request came over
 * HTTPS (directly or via a trusted proxy). One middleware instance is shared with Socket.IO.
 */
export function sessionMiddleware(ctx: AppContext) {
  return session({
    name: AUTH_COOKIE_NAME,
    secret: ctx.sessionSecret,
    store: ctx.sessionStore,
    resave: false,
    saveUninitialized: false,
    rolling: false,
    proxy: undefined,
    cookie: {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: 'auto',
      maxAge: COOKIE_LIFETIME_MS,
    },
  });
}

/**
 * Sessions slide: a member who uses the app stays logged in 30 days past their last day of use.
 * express-session would slide them with `rolling` (a Set-Cookie on every response) or a store
 * touch() (a store write on every request, and the response body split in two writes to wait for
 * it). Instead, a session whose cookie was last set more than a day ago is marked modified, so
 * express-session saves it and re-sends the cookie with a fresh expiry: one write a day.
 */
export function refreshAgeingSession(req: Request, now: number): void {
  if (sessionNeedsRefresh(req.session)) req.session.refreshedAt = now;
}

/** Whether the session's cookie was set over a day ago, so this request re-saves it (see refreshAgeingSession). */
export function sessionNeedsRefresh(session: Session): boolean {
  const remaining = session.cookie.maxAge;
  return remaining !== undefined && remaining !== null && remaining < COOKIE_LIFETIME_MS - REFRESH_AFTER_MS;
}

/** See refreshAgeingSession: without touch() express-session neither writes nor splits the response per request. */
export function withoutTouch<S extends Store>(store: S): S {
  Object.defineProperty(store, 'touch', { value: undefined });
  return store;
}

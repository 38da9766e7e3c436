import session from 'express-session';
import { AUTH_COOKIE_DAYS, AUTH_COOKIE_NAME } from '@shared/constants.js';
import type { AppContext } from '../context.js';

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
      maxAge: AUTH_COOKIE_DAYS * 86_400_000,
    },
  });
}

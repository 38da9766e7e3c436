/**
 * Accounts and authentication: log-in with lockout, log-out, sign-up, activation, password reset
 * and change, e-mail change. Routes are thin; rules live in the *-service.ts files.
 */
import { Router } from 'express';
import type { AppContext } from '../../context.js';
import { LoginService } from './login-service.js';
import { mailChangeRoutes } from './mail-change-routes.js';
import { PasswordHasher } from './passwords.js';
import { passwordRoutes } from './password-routes.js';
import { sessionRoutes } from './session-routes.js';
import { signupRoutes } from './signup-routes.js';

export function authRoutes(ctx: AppContext): Router {
  // One hasher per process, so its concurrency cap covers every auth endpoint together.
  const hasher = new PasswordHasher(ctx.config.argon2MaxConcurrent);
  const router = Router();
  router.use(sessionRoutes(ctx, new LoginService(ctx, hasher)));
  router.use(signupRoutes(ctx, hasher));
  router.use(passwordRoutes(ctx, hasher));
  router.use(mailChangeRoutes(ctx, hasher));
  return router;
}

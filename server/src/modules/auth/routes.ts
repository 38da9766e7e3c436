/**
 * Accounts and authentication: log-in with lockout, log-out, sign-up, activation, password reset
 * and change, e-mail change. Routes are thin; rules live in the *-service.ts files.
 */
import type { Router } from 'express';
import type { AppContext } from '../../context.js';
import { LoginService } from './login-service.js';
import { mailChangeRoutes } from './mail-change-routes.js';
import { PasswordHasher } from './passwords.js';
import { passwordRoutes } from './password-routes.js';
import { sessionRoutes } from './session-routes.js';
import { signupRoutes } from './signup-routes.js';

export function authRoutes(router: Router, ctx: AppContext): void {
  // One hasher per process, so its concurrency cap covers every auth endpoint together.
  const hasher = new PasswordHasher(ctx.config.argon2MaxConcurrent);
  const login = new LoginService(ctx, hasher);
  sessionRoutes(router, ctx, login);
  signupRoutes(router, ctx, hasher, login);
  passwordRoutes(router, ctx, hasher);
  mailChangeRoutes(router, ctx, hasher);
}

import { Router } from 'express';
import type { AppContext } from '../context.js';
import { settingsRoutes } from './settings/routes.js';
import { authRoutes } from './auth/routes.js';
import { chatRoutes } from './chats/routes.js';
import { profileRoutes } from './profiles/routes.js';

/**
 * Every /api/*.php route, module by module, registered on one flat router: each nested router
 * costs a dispatch on every request that passes through it.
 */
export function apiRoutes(router: Router, ctx: AppContext): Router {
  // Auth first: GET /api/user.php is the most frequent call (every load and every poll).
  authRoutes(router, ctx);
  settingsRoutes(router, ctx);
  chatRoutes(router, ctx);
  profileRoutes(router, ctx);
  return router;
}

import { Router } from 'express';
import type { AppContext } from '../context.js';
import { settingsRoutes } from './settings/routes.js';
import { authRoutes } from './auth/routes.js';
import { chatRoutes } from './chats/routes.js';

/** Every /api/*.php route, module by module. */
export function apiRoutes(ctx: AppContext): Router {
  const router = Router();
  // Auth first: GET /api/user.php is the most frequent call (every load and every poll).
  router.use(authRoutes(ctx));
  router.use(settingsRoutes(ctx));
  router.use(chatRoutes(ctx));
  return router;
}

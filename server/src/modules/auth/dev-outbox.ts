import { Router } from 'express';
import type { AppContext } from '../../context.js';

/** Placeholder until the auth module lands: GET /dev/outbox lists stored mails. */
export function devOutboxRoutes(_ctx: AppContext): Router {
  return Router();
}

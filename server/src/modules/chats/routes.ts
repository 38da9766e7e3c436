import { Router } from 'express';
import type { AppContext } from '../../context.js';

/** Placeholder until the module lands. */
export function chatRoutes(_ctx: AppContext): Router {
  return Router();
}

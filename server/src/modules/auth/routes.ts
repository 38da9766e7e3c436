import { Router } from 'express';
import type { AppContext } from '../../context.js';

/** Placeholder until the module lands. */
export function authRoutes(_ctx: AppContext): Router {
  return Router();
}

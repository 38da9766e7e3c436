import type { Router } from 'express';
import { blockBody } from '@shared/api/chats.js';
import type { AppContext } from '../../context.js';
import { requireUser } from '../../http/current-user.js';
import { parseInput } from '../../http/validate.js';
import { setBlocked } from './service.js';

/** POST /api/block.php {profile} blocks; DELETE /api/block.php {profile} unblocks. */
export function blockRoutes(router: Router, ctx: AppContext): void {
  router.post('/block.php', (req, res) => {
    const user = requireUser(req);
    const { profile } = parseInput(blockBody, req.body);
    res.json(setBlocked(ctx, user, req.site, profile, true));
  });
  router.delete('/block.php', (req, res) => {
    const user = requireUser(req);
    const { profile } = parseInput(blockBody, req.body);
    res.json(setBlocked(ctx, user, req.site, profile, false));
  });
}

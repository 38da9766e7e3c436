import type { Router } from 'express';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../http/current-user.js';
import { recordLastSeen } from '../users/last-seen.js';

/**
 * POST /api/page-hidden.php: sent with navigator.sendBeacon when the page becomes hidden, so the
 * body may be empty or of any type and nobody reads the answer: always 204. Records last-seen.
 */
export function pageHiddenRoutes(router: Router, ctx: AppContext): void {
  router.post('/page-hidden.php', (req, res) => {
    const user = currentUser(req);
    if (user) recordLastSeen(ctx.db, user.id, ctx.clock.now());
    res.status(204).end();
  });
}

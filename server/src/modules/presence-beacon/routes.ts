import type { Router } from 'express';
import { eq } from 'drizzle-orm';
import { users } from '@db/schema/index.js';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../http/current-user.js';

/**
 * POST /api/page-hidden.php: sent with navigator.sendBeacon when the page becomes hidden, so the
 * body may be empty or of any type and nobody reads the answer: always 204. Records last-seen.
 */
export function pageHiddenRoutes(router: Router, ctx: AppContext): void {
  router.post('/page-hidden.php', (req, res) => {
    const user = currentUser(req);
    if (user) ctx.db.update(users).set({ lastSeenAt: ctx.clock.now() }).where(eq(users.id, user.id)).run();
    res.status(204).end();
  });
}

import type { Router } from 'express';
import { profileQuery } from '@shared/api/profiles.js';
import type { AppContext } from '../../context.js';
import { requireUser } from '../../http/current-user.js';
import { parseInput } from '../../http/validate.js';
import { withLivePresence } from '../chats/live-presence.js';
import { viewProfile } from './service.js';

/** GET /api/profile.php?id=N: a member's profile page. */
export function profileRoutes(router: Router, ctx: AppContext): void {
  router.get('/profile.php', async (req, res) => {
    const user = requireUser(req);
    const { id } = parseInput(profileQuery, req.query);
    const answer = viewProfile(ctx, user, req.site, id);
    if (!answer.blocked_by_me) await withLivePresence(ctx, [answer.profile]);
    res.json(answer);
  });
}

/** /api/password-reset.php (forgotten password) and /api/password.php (change while logged in). */
import type { Router } from 'express';
import { passwordChangeBody, passwordResetBody, passwordResetRequestBody } from '@shared/api/auth.js';
import type { AppContext } from '../../context.js';
import { requireUser } from '../../http/current-user.js';
import { parseInput } from '../../http/validate.js';
import type { PasswordHasher } from './passwords.js';
import { changePassword, requestPasswordReset, resetPassword } from './password-service.js';
import { sendUser } from './respond.js';
import { logIn, restampSession } from './session-auth.js';

export function passwordRoutes(router: Router, ctx: AppContext, hasher: PasswordHasher): void {

  router.post('/password-reset.php', async (req, res) => {
    const { email } = parseInput(passwordResetRequestBody, req.body);
    await requestPasswordReset(ctx, req.site, email);
    res.json({ ok: true });
  });

  router.put('/password-reset.php', async (req, res) => {
    const body = parseInput(passwordResetBody, req.body);
    const user = await resetPassword(ctx, hasher, req.site, body);
    await logIn(req, user);
    // Sockets opened before the reset would otherwise keep receiving this member's events.
    ctx.notifier.endOtherSessions?.(user.id, req.sessionID);
    sendUser(req, res, user);
  });

  router.put('/password.php', async (req, res) => {
    const user = requireUser(req);
    const body = parseInput(passwordChangeBody, req.body);
    const updated = await changePassword(ctx, hasher, user, body);
    // The epoch moved on: other sessions end, this one is stamped with the new epoch and stays.
    await restampSession(req, updated);
    ctx.notifier.endOtherSessions?.(updated.id, req.sessionID);
    sendUser(req, res, updated);
  });

}

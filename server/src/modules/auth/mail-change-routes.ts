/** /api/mail-change.php: request a change (POST) and apply the mailed link (PUT). */
import type { Router } from 'express';
import { mailChangeConfirmBody, mailChangeRequestBody } from '@shared/api/auth.js';
import type { AppContext } from '../../context.js';
import { currentUser, requireUser } from '../../http/current-user.js';
import { parseInput } from '../../http/validate.js';
import { confirmMailChange, requestMailChange } from './mail-change-service.js';
import type { PasswordHasher } from './passwords.js';
import { sendUser } from './respond.js';
import { logIn } from './session-auth.js';

export function mailChangeRoutes(router: Router, ctx: AppContext, hasher: PasswordHasher): void {

  router.post('/mail-change.php', async (req, res) => {
    const user = requireUser(req);
    const body = parseInput(mailChangeRequestBody, req.body);
    await requestMailChange(ctx, hasher, req.site, user, body);
    res.json({ ok: true });
  });

  // The link may be opened in another browser: like activation, it logs that browser in.
  router.put('/mail-change.php', async (req, res) => {
    const { token } = parseInput(mailChangeConfirmBody, req.body);
    const user = confirmMailChange(ctx, req.site, token);
    if (currentUser(req)?.id !== user.id) await logIn(req, user);
    sendUser(req, res, user);
  });

}

/** /api/user.php (who am I, log in, language) and /api/logout.php. */
import type { Request, Router } from 'express';
import { languageBody, loginBody } from '@shared/api/user.js';
import { loginFieldErrors } from '@shared/rules/login-fields.js';
import type { AppContext } from '../../context.js';
import { requireUser } from '../../http/current-user.js';
import { HttpError, forbidden } from '../../http/errors.js';
import { parseInput } from '../../http/validate.js';
import type { LoginService } from './login-service.js';
import { setLanguage, touchLastSeen } from './queries.js';
import { sendUser } from './respond.js';
import { logIn, logOut } from './session-auth.js';

export function sessionRoutes(router: Router, ctx: AppContext, login: LoginService): void {

  // The client polls this (X-Request-Type: client); it doubles as the "last seen" heartbeat.
  router.get('/user.php', (req, res) => {
    const user = requireUser(req);
    touchLastSeen(ctx.db, user, ctx.clock.now());
    sendUser(req, res, user);
  });

  router.post('/user.php', async (req, res) => {
    const { email = '', password = '' } = parseInput(loginBody, req.body);
    // A field left empty is said as such, before any attempt is counted against the account.
    const fields = loginFieldErrors(email, password);
    const first = Object.values(fields)[0];
    if (first) throw new HttpError(400, first, { fields });
    const user = await login.logIn({ siteId: req.site.id, email, password, ip: req.ip ?? '' });
    await logIn(req, user);
    sendUser(req, res, user);
  });

  router.put('/user.php', (req, res) => {
    const user = requireUser(req);
    const { language } = parseInput(languageBody, req.body);
    sendUser(req, res, setLanguage(ctx.db, user.id, language));
  });

  router.get('/logout.php', async (req, res) => {
    // A GET, as the spec has it: another site could log the member out by sending her browser
    // here (a navigation carries the SameSite=Lax cookie). Our client calls it from its own page.
    if (comesFromAnotherSite(req)) throw forbidden('invalid_request');
    await logOut(req, res);
    res.json({ ok: true });
  });

}

/** What the browser says of a request's initiator (Sec-Fetch-Site); a client that sends none passes. */
function comesFromAnotherSite(req: Request): boolean {
  const initiator = req.get('sec-fetch-site');
  return initiator === 'cross-site' || initiator === 'same-site';
}

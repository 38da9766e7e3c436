/** Sign-up, the e-mail check behind the did-you-mean hint, and activation. */
import type { Router } from 'express';
import { activateQuery, emailCheckQuery, signupBody, type EmailCheckDto } from '@shared/api/auth.js';
import { isValidEmail, suggestEmail } from '@shared/rules/email-suggestion.js';
import { ROUTES } from '@shared/routes.js';
import type { AppContext } from '../../context.js';
import { requireUser } from '../../http/current-user.js';
import { parseInput } from '../../http/validate.js';
import { activateAccount, resendActivationMail } from './activation-service.js';
import type { LoginService } from './login-service.js';
import type { PasswordHasher } from './passwords.js';
import { sendUser } from './respond.js';
import { logIn } from './session-auth.js';
import { signUp, signUpAgain } from './signup-service.js';

export function signupRoutes(router: Router, ctx: AppContext, hasher: PasswordHasher, login: LoginService): void {

  router.post('/signup.php', async (req, res) => {
    const body = parseInput(signupBody, req.body);
    const user = await signUp(ctx, hasher, req.site, body).catch((refusal: unknown) => signUpAgain(ctx, login, req.site, body, req.ip ?? '', refusal));
    // Logged in straight away so /complete-signup can load the account.
    await logIn(req, user);
    sendUser(req, res, user, 201);
  });

  router.get('/email-check.php', (req, res) => {
    const { email } = parseInput(emailCheckQuery, req.query);
    res.json({ valid: isValidEmail(email), suggestion: suggestEmail(email) } satisfies EmailCheckDto);
  });

  // Opened from the mail, so it answers with a redirect to a page rather than JSON.
  router.get('/activate.php', async (req, res) => {
    const query = activateQuery.safeParse(req.query);
    const user = query.success ? activateAccount(ctx, req.site, query.data.token) : null;
    if (!user) {
      res.redirect(302, ROUTES['activate-error']);
      return;
    }
    await logIn(req, user);
    res.redirect(302, ROUTES['activate-done']);
  });

  router.post('/activation-mail.php', async (req, res) => {
    const user = requireUser(req);
    await resendActivationMail(ctx, req.site, user);
    res.json({ ok: true });
  });

}

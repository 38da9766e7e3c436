/** Forgotten password (mail a link, then set a new one) and password change while logged in. */
import { writeTransaction } from '@db/client.js';
import type { SiteRow, UserRow } from '@db/schema/index.js';
import { newPasswordError } from '@shared/rules/password.js';
import type { AppContext } from '../../context.js';
import { badRequest, notFound, tooMany } from '../../http/errors.js';
import { sendLinkMail, tokenTtlMs } from './account-mails.js';
import type { PasswordHasher } from './passwords.js';
import { confirmAccount, findUserByEmail, markLoggedIn, profileName, replacePassword } from './queries.js';
import { consumeToken, countTokensSince, findUsableToken, issueToken, retireTokens } from './tokens.js';

const DAY_MS = 86_400_000;

/** Mails a reset link; 404 email_not_found for an unknown address, 429 reset_limit past the daily cap. */
export async function requestPasswordReset(ctx: AppContext, site: SiteRow, email: string): Promise<void> {
  const user = findUserByEmail(ctx.db, site.id, email);
  if (!user || user.status === 'deleted') throw notFound('email_not_found');
  const token = writeTransaction(ctx.db, (tx) => {
    const now = ctx.clock.now();
    if (countTokensSince(tx, user.id, 'reset_password', now - DAY_MS) >= ctx.config.resetMailsPerDay) return null;
    return issueToken(tx, { userId: user.id, purpose: 'reset_password', ttlMs: tokenTtlMs(ctx, 'reset'), now });
  });
  if (!token) throw tooMany('reset_limit');
  await sendLinkMail(ctx, { kind: 'reset', user, name: profileName(ctx.db, user.id), site, token });
}

function assertNewPassword(password: string, confirmation: string): void {
  // Nothing typed is missing, as at sign-up and log-in; else the length, in characters.
  const problem = newPasswordError(password);
  if (problem) throw badRequest(problem, { fields: { password: problem } });
  if (password !== confirmation) throw badRequest('passwords_differ', { fields: { password_confirmation: 'passwords_differ' } });
}

export interface ResetInput {
  token: string;
  password: string;
  password_confirmation: string;
}

/**
 * Sets the new password from a reset link. The link proves the mailbox, so an unconfirmed account
 * becomes active, and like a log-in it lifts a lockout and reactivates an account pending deletion.
 * The session epoch moves on, which ends every other session.
 */
export async function resetPassword(ctx: AppContext, hasher: PasswordHasher, site: SiteRow, input: ResetInput): Promise<UserRow> {
  assertNewPassword(input.password, input.password_confirmation);
  // Checked before hashing so a dead link costs no hash; consumed for real in the transaction.
  if (!findUsableToken(ctx.db, input.token, 'reset_password', site.id, ctx.clock.now())) throw badRequest('link_invalid');
  const passwordHash = await hasher.hash(input.password);
  const user = writeTransaction(ctx.db, (tx) => {
    const now = ctx.clock.now();
    const row = consumeToken(tx, input.token, 'reset_password', site.id, now);
    if (!row) return null;
    replacePassword(tx, row.userId, passwordHash);
    // Any other reset link mailed earlier must not set the password again.
    retireTokens(tx, row.userId, 'reset_password', now);
    return markLoggedIn(tx, confirmAccount(tx, row.userId, now));
  });
  if (!user) throw badRequest('link_invalid');
  return user;
}

export interface ChangeInput {
  old_password: string;
  password: string;
  password_confirmation: string;
}

/** Changes the password of a logged-in member after checking the old one; other sessions end. */
export async function changePassword(ctx: AppContext, hasher: PasswordHasher, user: UserRow, input: ChangeInput): Promise<UserRow> {
  assertNewPassword(input.password, input.password_confirmation);
  if (!(await hasher.verify(user.passwordHash, input.old_password))) {
    throw badRequest('old_password_wrong', { fields: { old_password: 'old_password_wrong' } });
  }
  const passwordHash = await hasher.hash(input.password);
  return writeTransaction(ctx.db, (tx) => {
    // A reset link mailed before the change (perhaps to an attacker's request) dies with the old password.
    retireTokens(tx, user.id, 'reset_password', ctx.clock.now());
    return replacePassword(tx, user.id, passwordHash);
  });
}

/** Changing the account's e-mail address: confirm the password, mail the new address, apply on click. */
import { writeTransaction } from '@db/client.js';
import type { SiteRow, UserRow } from '@db/schema/index.js';
import { isValidEmail, suggestEmail } from '@shared/rules/email-suggestion.js';
import type { AppContext } from '../../context.js';
import { badRequest, conflict, tooMany } from '../../http/errors.js';
import { sendLinkMail, tokenTtlMs } from './account-mails.js';
import type { PasswordHasher } from './passwords.js';
import { confirmAccount, findUserByEmail, findUserById, isUniqueViolation, normaliseEmail, profileName, releaseAddressOfDeletedAccount, setEmail } from './queries.js';
import { consumeToken, countTokensSince, issueToken } from './tokens.js';

const DAY_MS = 86_400_000;

/** Another live account on this site already uses the address. */
function isTakenByOther(db: AppContext['db'], siteId: number, email: string, userId: number): boolean {
  const owner = findUserByEmail(db, siteId, email);
  return Boolean(owner && owner.id !== userId && owner.status !== 'deleted');
}

export async function requestMailChange(ctx: AppContext, hasher: PasswordHasher, site: SiteRow, user: UserRow, input: { email: string; password: string }): Promise<void> {
  const email = normaliseEmail(input.email);
  if (!isValidEmail(email) || email === user.email) {
    throw badRequest('new_email_invalid', { fields: { email: 'new_email_invalid' }, suggestion: suggestEmail(email) });
  }
  // The password comes first so that the taken/free answer is only given to the account owner.
  if (!(await hasher.verify(user.passwordHash, input.password))) {
    throw badRequest('old_password_wrong', { fields: { password: 'old_password_wrong' } });
  }
  if (isTakenByOther(ctx.db, site.id, email, user.id)) throw conflict('email_taken', { fields: { email: 'email_taken' } });

  const token = writeTransaction(ctx.db, (tx) => {
    const now = ctx.clock.now();
    if (countTokensSince(tx, user.id, 'mail_change', now - DAY_MS) >= ctx.config.resetMailsPerDay) return null;
    return issueToken(tx, { userId: user.id, purpose: 'mail_change', ttlMs: tokenTtlMs(ctx, 'mailChange'), now, newEmail: email });
  });
  if (!token) throw tooMany('rate_limited');
  await sendLinkMail(ctx, { kind: 'mailChange', user, name: profileName(ctx.db, user.id), site, token, to: email });
}

/**
 * Applies a mail-change link: the account takes the new address (and, since the member proved a
 * mailbox, an unconfirmed account becomes active). A taken address leaves the link unused.
 */
export function confirmMailChange(ctx: AppContext, site: SiteRow, token: string): UserRow {
  try {
    return writeTransaction(ctx.db, (tx) => {
      const now = ctx.clock.now();
      const row = consumeToken(tx, token, 'mail_change', site.id, now);
      if (!row?.newEmail) throw badRequest('link_invalid');
      const user = findUserById(tx, row.userId);
      if (!user) throw badRequest('link_invalid');
      if (isTakenByOther(tx, user.siteId, row.newEmail, user.id)) throw conflict('email_taken');
      releaseAddressOfDeletedAccount(tx, user.siteId, row.newEmail);
      setEmail(tx, user.id, row.newEmail);
      return confirmAccount(tx, user.id, now);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('email_taken');
    throw err;
  }
}

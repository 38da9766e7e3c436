/** Account activation by e-mail link, and re-sending that link. */
import { writeTransaction } from '@db/client.js';
import type { SiteRow, UserRow } from '@db/schema/index.js';
import type { AppContext } from '../../context.js';
import { conflict, tooMany } from '../../http/errors.js';
import { sendLinkMail, tokenTtlMs } from './account-mails.js';
import { confirmAccount, profileName } from './queries.js';
import { peerIdsOf } from '../chats/queries.js';
import { consumeToken, countTokensSince, issueToken } from './tokens.js';

const DAY_MS = 86_400_000;

/**
 * Consumes an activation token and activates account and profile; null for a bad, used or expired token.
 * The members who chat with this one could not reply until now (`can_receive_replies`): their
 * tabs reload the list, which opens a chat left on screen with "has not confirmed their e-mail".
 * Without it the notice and the closed box stayed for as long as the socket stayed up.
 */
export function activateAccount(ctx: AppContext, site: SiteRow, token: string): UserRow | null {
  const user = writeTransaction(ctx.db, (tx) => {
    const now = ctx.clock.now();
    const row = consumeToken(tx, token, 'activate', site.id, now);
    return row ? confirmAccount(tx, row.userId, now) : null;
  });
  if (user) for (const peer of peerIdsOf(ctx.db, user.id)) ctx.notifier.notify(peer, 'invalidate', { resource: 'chats' });
  return user;
}

/**
 * Sends a fresh activation link to a member who has not confirmed yet. At most
 * `resetMailsPerDay` activation mails (the sign-up mail included) go out per 24 hours.
 */
export async function resendActivationMail(ctx: AppContext, site: SiteRow, user: UserRow): Promise<void> {
  if (user.status !== 'not_confirmed') throw conflict('already_confirmed');
  const token = writeTransaction(ctx.db, (tx) => {
    const now = ctx.clock.now();
    if (countTokensSince(tx, user.id, 'activate', now - DAY_MS) >= ctx.config.resetMailsPerDay) return null;
    return issueToken(tx, { userId: user.id, purpose: 'activate', ttlMs: tokenTtlMs(ctx, 'activation'), now });
  });
  if (!token) throw tooMany('rate_limited');
  await sendLinkMail(ctx, { kind: 'activation', user, name: profileName(ctx.db, user.id), site, token });
}

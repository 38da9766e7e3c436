/**
 * Sends the account mails. Links are always built from config.publicUrl, never from the request's
 * Host header, so a forged Host cannot make us mail a link to someone else's server.
 */
import type { SiteRow, UserRow } from '@db/schema/index.js';
import { ROUTES } from '@shared/routes.js';
import type { AppContext } from '../../context.js';
import type { AccountMailKind } from './mails/copy.js';
import { renderAccountMail } from './mails/render.js';

export interface AccountMailRequest {
  kind: AccountMailKind;
  user: UserRow;
  /** the member's profile name, for the greeting */
  name: string;
  site: SiteRow;
  token: string;
  /** defaults to the account's address; a mail change goes to the new one */
  to?: string;
}

const PATHS: Record<AccountMailKind, string> = {
  activation: '/api/activate.php',
  reset: ROUTES['reset-password-do'],
  mailChange: ROUTES['mail-change-do'],
};

export function accountLink(ctx: AppContext, kind: AccountMailKind, token: string): string {
  return `${ctx.config.publicUrl}${PATHS[kind]}?token=${encodeURIComponent(token)}`;
}

function validHours(ctx: AppContext, kind: AccountMailKind): number {
  return kind === 'reset' ? ctx.config.resetTokenHours : ctx.config.activationTokenHours;
}

/** Lifetime of the token behind a mail of this kind. */
export function tokenTtlMs(ctx: AppContext, kind: AccountMailKind): number {
  return validHours(ctx, kind) * 3_600_000;
}

/** Renders and sends; false (and a log line) when the mail server refused it. */
export async function sendAccountMail(ctx: AppContext, request: AccountMailRequest): Promise<boolean> {
  const mail = renderAccountMail({
    kind: request.kind,
    language: request.user.language,
    to: request.to ?? request.user.email,
    name: request.name,
    siteName: request.site.name,
    link: accountLink(ctx, request.kind, request.token),
    validHours: validHours(ctx, request.kind),
  });
  try {
    await ctx.mailer.send(mail);
    return true;
  } catch (err) {
    console.error(`[mail] ${request.kind} mail to user ${request.user.id} failed:`, (err as Error).message);
    return false;
  }
}

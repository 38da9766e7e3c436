/**
 * Sends the account mails. Links are built from the member's site row and config.publicUrl
 * (siteBaseUrl), never from the request's Host header, so a forged Host cannot make us mail a
 * link to someone else's server.
 */
import type { SiteRow, UserRow } from '@db/schema/index.js';
import { ROUTES } from '@shared/routes.js';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import type { AccountMailKind } from './mails/copy.js';
import { renderAccountMail } from './mails/render.js';
import { siteBaseUrl } from './site-base-url.js';
import { withdrawToken } from './tokens.js';
import { settleWithin } from '../../settle-within.js';

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

/** The link of a mail of this kind, on the member's own site (a token works there only). */
export function accountLink(ctx: AppContext, kind: AccountMailKind, token: string, site: SiteRow): string {
  return `${siteBaseUrl(ctx.config.publicUrl, site)}${PATHS[kind]}?token=${encodeURIComponent(token)}`;
}

function validHours(ctx: AppContext, kind: AccountMailKind): number {
  return kind === 'reset' ? ctx.config.resetTokenHours : ctx.config.activationTokenHours;
}

/** Lifetime of the token behind a mail of this kind. */
export function tokenTtlMs(ctx: AppContext, kind: AccountMailKind): number {
  return validHours(ctx, kind) * 3_600_000;
}

/**
 * How a mail went: handed over to the mail server, refused (or the connection failed), or still
 * under way when `MAIL_SEND_TIMEOUT_MS` ran out.
 */
export type MailOutcome = 'sent' | 'refused' | 'underway';

/**
 * Renders and sends; 'refused' (and a log line) when the mail server refused it. A mail server
 * that takes the connection and then stalls (nodemailer waits 30 s for a greeting and 10 minutes
 * for each reply) would hold the member's request past the app's 15 s deadline per attempt (and its
 * 10 s wait for a sign-up, WAITED_WITHIN_MS), after which the browser sent it again: a sign-up answered "This e-mail address already owns an account"
 * for the account its first attempt had made. So the request waits at most MAIL_SEND_TIMEOUT_MS;
 * the transfer goes on without it, and its end is logged. A reset, e-mail change or activation
 * resend then answers as sent (the mail is on its way); should the transfer fail after all, its
 * token is withdrawn, so the member's next request is not refused as one mail too many.
 */
export async function sendAccountMail(ctx: AppContext, request: AccountMailRequest): Promise<MailOutcome> {
  const mail = {
    ...renderAccountMail({
      kind: request.kind,
      language: request.user.language,
      to: request.to ?? request.user.email,
      name: request.name,
      siteName: request.site.name,
      link: accountLink(ctx, request.kind, request.token, request.site),
      validHours: validHours(ctx, request.kind),
    }),
    // The member's site sends it and answers replies, not the installation behind every site.
    fromName: request.site.name,
    replyTo: request.site.supportEmail,
  };
  const what = `${request.kind} mail to user ${request.user.id}`;
  const sending = ctx.mailer.send(mail).then(
    () => 'sent' as const,
    (err: unknown) => {
      console.error(`[mail] ${what} failed:`, (err as Error).message);
      return 'refused' as const;
    },
  );
  const outcome = await settleWithin(sending, ctx.config.mailSendTimeoutMs, 'underway' as const);
  // Not sent, so not counted: the app sends a request answered 503 again by itself, and a refused
  // mail's token counting against the day's three turned "try later" into "too many mails today".
  if (outcome === 'refused') forgetToken(ctx, request.token);
  if (outcome === 'underway') {
    console.warn(`[mail] ${what}: no answer from the mail server within ${ctx.config.mailSendTimeoutMs} ms; answering, still sending`);
    void sending.then((late) => {
      if (late === 'sent') console.warn(`[mail] ${what} sent late`);
      else forgetToken(ctx, request.token);
    });
  }
  return outcome;
}

/**
 * sendAccountMail for a link the member asked for and waits to hear is on its way (reset, e-mail
 * change, activation resend): a refused mail answers 503 try_later, which the app sends again by
 * itself; one still under way on a slow mail server counts as sent.
 */
export async function sendLinkMail(ctx: AppContext, request: AccountMailRequest): Promise<void> {
  if ((await sendAccountMail(ctx, request)) === 'refused') throw new HttpError(503, 'try_later');
}

/** A mail that failed: its token goes, as it never reached anyone. */
function forgetToken(ctx: AppContext, token: string): void {
  try {
    withdrawToken(ctx.db, token);
  } catch (err) {
    // The server may be closing its database.
    console.error('[mail] could not withdraw the token of a failed mail:', (err as Error).message);
  }
}

/**
 * Sign-up: checks whether the site takes sign-ups, the field rules and existing accounts, then
 * creates the account (not_confirmed, profile disabled), grants the sign-up credits and issues the
 * activation token in one transaction; the activation mail goes out after commit.
 */
import { eq } from 'drizzle-orm';
import { writeTransaction } from '@db/client.js';
import { profiles, users, type SiteRow, type UserRow } from '@db/schema/index.js';
import type { SignupBody, TrafficSource } from '@shared/api/auth.js';
import { COUNTRIES, LOCALES, type Locale } from '@shared/constants.js';
import { areSignupsOpen } from '@shared/rules/signups-open.js';
import type { AppContext } from '../../context.js';
import { badRequest, conflict, forbidden, HttpError } from '../../http/errors.js';
import { moveCredits } from '../credits/ledger.js';
import { sendAccountMail, tokenTtlMs } from './account-mails.js';
import type { LoginService } from './login-service.js';
import type { PasswordHasher } from './passwords.js';
import { findUserByEmail, isUniqueViolation, normaliseEmail, releaseAddressOfDeletedAccount } from './queries.js';
import { assertSignupFields } from './signup-validation.js';
import { issueToken } from './tokens.js';

/** Hetero, gay, lesbian or bi follows from gender and whom the member seeks. */
export function sexualityOf(gender: 'male' | 'female', seeking: 'male' | 'female' | 'both'): string {
  if (seeking === 'both') return 'bi';
  if (seeking !== gender) return 'hetero';
  return gender === 'male' ? 'gay' : 'lesbian';
}

function siteLocale(site: SiteRow): Locale {
  const prefix = site.domainLanguage.slice(0, 2).toLowerCase();
  return (LOCALES as readonly string[]).includes(prefix) ? (prefix as Locale) : 'en';
}

function chooseCountry(site: SiteRow, requested: string | undefined): string {
  if (!requested) return site.countries[0] ?? 'NL';
  if (site.countries.includes(requested) || COUNTRIES.includes(requested)) return requested;
  throw badRequest('invalid_request', { fields: { country: 'invalid_request' } });
}

/** Only non-empty tracking values are kept. */
function cleanTrafficSource(source: TrafficSource | null | undefined): Record<string, string> | null {
  const entries = Object.entries(source ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '');
  return entries.length ? Object.fromEntries(entries) : null;
}

/** 409 for an address that already has a live account; a deleted one's address can be reused. */
function assertNoAccount(existing: UserRow | undefined): void {
  if (!existing || existing.status === 'deleted') return;
  if (existing.status === 'pending_deletion') throw conflict('account_pending_deletion');
  throw conflict('account_exists');
}

export async function signUp(ctx: AppContext, hasher: PasswordHasher, site: SiteRow, body: SignupBody): Promise<UserRow> {
  if (!areSignupsOpen(site.signups, body.traffic_source)) throw forbidden('signups_closed');
  assertSignupFields(body, ctx.clock.now());
  const email = normaliseEmail(body.email!);
  const country = chooseCountry(site, body.country);
  assertNoAccount(findUserByEmail(ctx.db, site.id, email));

  const passwordHash = await hasher.hash(body.password!);
  let created: { user: UserRow; token: string };
  try {
    created = writeTransaction(ctx.db, (tx) => {
      const now = ctx.clock.now();
      const existing = findUserByEmail(tx, site.id, email);
      assertNoAccount(existing);
      releaseAddressOfDeletedAccount(tx, site.id, email);

      const inserted = tx
        .insert(users)
        .values({
          siteId: site.id,
          email,
          passwordHash,
          status: 'not_confirmed',
          language: body.language ?? siteLocale(site),
          trafficSource: cleanTrafficSource(body.traffic_source),
          signupDate: now,
        })
        .returning()
        .get();
      tx.insert(profiles)
        .values({
          userId: inserted.id,
          siteId: site.id,
          name: body.name!.trim(),
          birthDate: body.date_of_birth!,
          gender: body.gender,
          seeking: body.seeking,
          sexuality: sexualityOf(body.gender, body.seeking),
          country,
          signupMessage: body.signup_message?.trim() || null,
          status: 'disabled',
          updatedAt: now,
        })
        .run();
      if (site.signupCredits > 0) moveCredits(tx, inserted.id, site.signupCredits, 'signup_bonus', 'signup', now);
      const token = issueToken(tx, { userId: inserted.id, purpose: 'activate', ttlMs: tokenTtlMs(ctx, 'activation'), now });
      const user = tx.select().from(users).where(eq(users.id, inserted.id)).get()!;
      return { user, token };
    });
  } catch (err) {
    // Another process inserted the same address between our check and our insert.
    if (isUniqueViolation(err)) throw conflict('account_exists');
    throw err;
  }

  // The account exists either way; a failed mail can be re-sent from the activation reminder.
  await sendAccountMail(ctx, { kind: 'activation', user: created.user, name: body.name!.trim(), site, token: created.token });
  return created.user;
}

/** How long after a sign-up its repeat with the same password is taken as that sign-up. */
export const SIGNUP_REPEAT_MS = 30 * 60_000;

/**
 * The same sign-up again, after its account was stored but its answer never came: the session
 * write failed (Redis away or cut off: 503, which the app sends again by itself, and the member
 * presses "Create my account" again after "try again in a few seconds"). The repeat answered
 * "You already have an account" for the account the first attempt had made. Now a refused repeat
 * (`refusal`, account_exists) of an unconfirmed account made within SIGNUP_REPEAT_MS is, with
 * the account's own password, a log-in: counted, locked out and audited as one, and answered as
 * the sign-up (no second activation mail). Anything else keeps the refusal.
 */
export async function signUpAgain(ctx: AppContext, login: LoginService, site: SiteRow, body: SignupBody, ip: string, refusal: unknown): Promise<UserRow> {
  if (!(refusal instanceof HttpError) || refusal.code !== 'account_exists') throw refusal;
  const email = normaliseEmail(body.email!);
  const existing = findUserByEmail(ctx.db, site.id, email);
  if (!existing || existing.status !== 'not_confirmed' || ctx.clock.now() - existing.signupDate > SIGNUP_REPEAT_MS) throw refusal;
  try {
    return await login.logIn({ siteId: site.id, email, password: body.password!, ip });
  } catch (err) {
    if (err instanceof HttpError) throw refusal;
    throw err;
  }
}

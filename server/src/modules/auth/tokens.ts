/**
 * Single-use e-mail link tokens: 32 random bytes (base64url) go out in the mail, only their
 * SHA-256 is stored, so a leaked database cannot be used to activate, reset or change e-mail.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '@db/client.js';
import { emailTokens } from '@db/schema/index.js';

export type TokenPurpose = 'activate' | 'reset_password' | 'mail_change';
export type EmailTokenRow = typeof emailTokens.$inferSelect;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The token of this raw value and purpose, unused and unexpired, of a member of `siteId`: a link
 * works only on the site that mailed it. Opened on another site of the same installation it would
 * set a password or an address there and log in a session that site then refuses (current-user.ts).
 * EXISTS looks the one member up by id; `IN (SELECT id ... WHERE site_id = ?)` listed the site's members.
 */
function usableTokenOfSite(token: string, purpose: TokenPurpose, siteId: number, now: number) {
  return and(
    eq(emailTokens.tokenHash, hashToken(token)),
    eq(emailTokens.purpose, purpose),
    isNull(emailTokens.usedAt),
    gt(emailTokens.expiresAt, now),
    sql`EXISTS (SELECT 1 FROM users WHERE users.id = ${emailTokens.userId} AND users.site_id = ${siteId})`,
  );
}

/** Stores a new token and returns the raw value for the link. */
export function issueToken(tx: Db, o: { userId: number; purpose: TokenPurpose; ttlMs: number; now: number; newEmail?: string }): string {
  const token = randomBytes(32).toString('base64url');
  tx.insert(emailTokens)
    .values({ userId: o.userId, purpose: o.purpose, tokenHash: hashToken(token), newEmail: o.newEmail ?? null, expiresAt: o.now + o.ttlMs, createdAt: o.now })
    .run();
  return token;
}

/** The unused, unexpired token row for this raw value and purpose on this site, or null. Does not consume it. */
export function findUsableToken(db: Db, token: string, purpose: TokenPurpose, siteId: number, now: number): EmailTokenRow | null {
  const row = db.select().from(emailTokens).where(usableTokenOfSite(token, purpose, siteId, now)).get();
  return row ?? null;
}

/**
 * Marks the token used and returns its row; null when it is unknown, expired, already used or of
 * another site. The `used_at IS NULL` condition in the UPDATE makes two simultaneous clicks consume it once.
 */
export function consumeToken(tx: Db, token: string, purpose: TokenPurpose, siteId: number, now: number): EmailTokenRow | null {
  const row = tx.update(emailTokens).set({ usedAt: now }).where(usableTokenOfSite(token, purpose, siteId, now)).returning().get();
  return row ?? null;
}

/**
 * Takes back an unused token whose mail never went out, so it does not count against the member's
 * daily mails (countTokensSince) and cannot be used.
 */
export function withdrawToken(db: Db, token: string): void {
  db.delete(emailTokens).where(and(eq(emailTokens.tokenHash, hashToken(token)), isNull(emailTokens.usedAt))).run();
}

/** How many tokens (= mails) of this purpose the member was sent since `since`. */
export function countTokensSince(db: Db, userId: number, purpose: TokenPurpose, since: number): number {
  const row = db
    .select({ n: count() })
    .from(emailTokens)
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), gt(emailTokens.createdAt, since)))
    .get();
  return row?.n ?? 0;
}

/** Spends every outstanding token of this purpose, e.g. all reset links once a new password is set. */
export function retireTokens(tx: Db, userId: number, purpose: TokenPurpose, now: number): void {
  tx.update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)))
    .run();
}

/** Database access of the auth module: accounts, the lockout counter and the log-in audit. */
import { and, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { writeTransaction, type Db } from '@db/client.js';
import { loginAttempts, profiles, users, type UserRow } from '@db/schema/index.js';
import { recordLastSeen } from '../users/last-seen.js';

/** Addresses are stored trimmed and lower-cased, so every lookup goes through this. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function findUserByEmail(db: Db, siteId: number, email: string): UserRow | undefined {
  return db.select().from(users).where(and(eq(users.siteId, siteId), eq(users.email, normaliseEmail(email)))).get();
}

/**
 * A deleted account keeps its row (ledger, audit) but gives up its address, so that a new sign-up
 * or another member's e-mail change can take it. Call inside the transaction that takes it.
 */
export function releaseAddressOfDeletedAccount(tx: Db, siteId: number, email: string): void {
  const holder = findUserByEmail(tx, siteId, email);
  if (holder?.status !== 'deleted') return;
  tx.update(users).set({ email: `deleted-${holder.id}:${holder.email}` }).where(eq(users.id, holder.id)).run();
}

export function findUserById(db: Db, id: number): UserRow | undefined {
  return db.select().from(users).where(eq(users.id, id)).get();
}

/**
 * Counts one failed log-in in a single SQL statement, so parallel attempts (even from several
 * processes) never lose an increment. A lock that has run out starts the count afresh at 1.
 * Returns the new count, or null when the account is locked right now (nothing counted).
 */
export function countFailedLogin(tx: Db, userId: number, now: number): number | null {
  const row = tx
    .update(users)
    .set({
      failedLogins: sql`CASE WHEN ${users.lockedUntil} IS NOT NULL THEN 1 ELSE ${users.failedLogins} + 1 END`,
      lockedUntil: null,
    })
    .where(and(eq(users.id, userId), or(isNull(users.lockedUntil), lte(users.lockedUntil, now))))
    .returning({ failedLogins: users.failedLogins })
    .get();
  return row ? row.failedLogins : null;
}

export function lockAccount(tx: Db, userId: number, until: number): void {
  tx.update(users).set({ lockedUntil: until }).where(eq(users.id, userId)).run();
}

/**
 * Brings a lock that ends after `latest` (now + the lock time) forward to `latest`. Only a server
 * clock stepped back makes a lock end further away than the lock time, and a member must never be
 * kept out longer than that for it. Stored, so the lock then runs out as any other does.
 */
export function capLock(tx: Db, userId: number, latest: number): void {
  tx.update(users).set({ lockedUntil: latest }).where(and(eq(users.id, userId), gt(users.lockedUntil, latest))).run();
}

/** A successful log-in clears the failure count and, for an account pending deletion, reactivates it. */
export function markLoggedIn(tx: Db, user: UserRow): UserRow {
  const reactivate = user.status === 'pending_deletion';
  return tx
    .update(users)
    .set({
      failedLogins: 0,
      lockedUntil: null,
      ...(reactivate ? { status: 'active', deletionRequestedAt: null } : {}),
    })
    .where(eq(users.id, user.id))
    .returning()
    .get()!;
}

/**
 * How long the log-in audit is kept: long enough to look into a break-in attempt, and no longer
 * (addresses and IPs are personal data). Anyone can add rows without an account, so without an
 * end the table only grew (session 29's audit). The lockout itself counts on users.failed_logins.
 */
export const LOGIN_ATTEMPTS_KEPT_MS = 30 * 86_400_000;
const PURGE_EVERY_MS = 3_600_000;
let attemptsPurgedAt = Number.NEGATIVE_INFINITY;

export function recordLoginAttempt(tx: Db, attempt: { userId: number | null; email: string; ip: string; success: boolean; now: number }): void {
  tx.insert(loginAttempts)
    .values({ userId: attempt.userId, email: attempt.email.slice(0, 254), ip: attempt.ip, success: attempt.success, createdAt: attempt.now })
    .run();
  // At most once an hour, with a log-in's own write.
  if (attempt.now - attemptsPurgedAt < PURGE_EVERY_MS) return;
  attemptsPurgedAt = attempt.now;
  tx.delete(loginAttempts).where(lt(loginAttempts.createdAt, attempt.now - LOGIN_ATTEMPTS_KEPT_MS)).run();
}

/** New password hash; bumping the epoch ends every session logged in before this moment. */
export function replacePassword(tx: Db, userId: number, passwordHash: string): UserRow {
  return tx
    .update(users)
    .set({ passwordHash, sessionEpoch: sql`${users.sessionEpoch} + 1`, failedLogins: 0, lockedUntil: null })
    .where(eq(users.id, userId))
    .returning()
    .get()!;
}

/** The e-mail address is proven: account and profile become active (a no-op for other states). */
export function confirmAccount(tx: Db, userId: number, now: number): UserRow {
  const user = tx
    .update(users)
    .set({ status: 'active' })
    .where(and(eq(users.id, userId), eq(users.status, 'not_confirmed')))
    .returning()
    .get();
  if (user) tx.update(profiles).set({ status: 'active', updatedAt: now }).where(eq(profiles.userId, userId)).run();
  return user ?? findUserById(tx, userId)!;
}

/**
 * In a transaction: on its own, an UPDATE … RETURNING read with get() commits when better-sqlite3
 * resets the statement after the first row, and a failed commit there (a full disk) is not
 * reported: the member was answered the new language while the old one stayed stored.
 */
export function setLanguage(db: Db, userId: number, language: string): UserRow {
  return writeTransaction(db, (tx) => tx.update(users).set({ language }).where(eq(users.id, userId)).returning().get()!);
}

/** At most one write a minute per member: last_seen_at only feeds "online recently" views. */
export function touchLastSeen(db: Db, user: UserRow, now: number): void {
  if (user.lastSeenAt !== null && now - user.lastSeenAt < 60_000) return;
  recordLastSeen(db, user.id, now);
}

export function setEmail(tx: Db, userId: number, email: string): UserRow {
  return tx.update(users).set({ email: normaliseEmail(email) }).where(eq(users.id, userId)).returning().get()!;
}

/** SQLite's answer to a second row with the same (site, email). */
export function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** The member's display name, for mail greetings. */
export function profileName(db: Db, userId: number): string {
  return db.select({ name: profiles.name }).from(profiles).where(eq(profiles.userId, userId)).get()?.name ?? '';
}

import { and, eq, sql, type SQL, type SQLChunk } from 'drizzle-orm';
import type { Db } from '@db/client.js';
import { preparedOnce } from '@db/prepared.js';
import { creditBalances, creditLedger } from '@db/schema/index.js';

export type CreditReason = 'signup_bonus' | 'purchase' | 'message' | 'gift' | 'photo' | 'refund' | 'admin';

export class InsufficientCreditsError extends Error {
  constructor(
    readonly balance: number,
    readonly needed: number,
  ) {
    super('insufficient credits');
  }
}

export interface LedgerEntry {
  /** the balance after this movement */
  balance: number;
  /** false when (user, reason, reference) had already been applied: nothing moved this time */
  applied: boolean;
}

/**
 * A balance with the ledger row it comes from (`credit_balances.ledger_id`, 0 before the first):
 * of two balances of a member, the one with the higher version is the later, whichever way each
 * travelled (with Redis a relayed frame can arrive after a fresher answer).
 */
export interface CreditState {
  balance: number;
  version: number;
}

/**
 * With chargeForMessage, the only code that changes a member's credits. Must be called inside a
 * write transaction (writeTransaction): the ledger row and the balance change commit or roll back
 * together. Idempotent per (user, reason, reference). A spend that would go below zero throws
 * InsufficientCreditsError and changes nothing; the triggers of migration 0006 are the last line of defence.
 */
export function moveCredits(tx: Db, userId: number, delta: number, reason: CreditReason, reference: string, now: number): LedgerEntry {
  if (appliedEntry(tx).get({ userId, reason, reference })) return { balance: creditBalance(tx, userId), applied: false };
  return { balance: applyMovement(tx, userId, delta, reason, reference, null, now).balance, applied: true };
}

/**
 * Charges `amount` for the message `messageId`, stored just before in the same transaction. The
 * message is the idempotency key (unique per sender and client id), so no reference is looked up
 * or indexed: a retried send finds its message and never gets here. Returns the balance after, with its version.
 */
export function chargeForMessage(
  tx: Db,
  userId: number,
  amount: number,
  reason: 'message' | 'gift',
  messageId: number,
  now: number,
  /** the balance the caller read in this same transaction (a send checks it first); a wrong one fails the ledger's trigger */
  balanceBefore?: number,
): CreditState {
  if (amount < 0) throw new Error('chargeForMessage: amount must be >= 0');
  return applyMovement(tx, userId, -amount, reason, null, messageId, now, balanceBefore);
}

function applyMovement(tx: Db, userId: number, delta: number, reason: CreditReason, reference: string | null, messageId: number | null, now: number, balanceBefore?: number): CreditState {
  // Read and written in the caller's write transaction: no other writer comes in between.
  const current = balanceBefore ?? creditBalance(tx, userId);
  if (current + delta < 0) throw new InsufficientCreditsError(current, -delta);
  const { lastInsertRowid } = insertEntry(tx).run({ userId, delta, reason, reference, messageId, balanceAfter: current + delta, createdAt: now });
  // The row just inserted is the one the balance now comes from (migration 0006's trigger).
  return { balance: current + delta, version: Number(lastInsertRowid) };
}

/**
 * A member's balance: balance_after of their newest ledger row, 0 before the first, as the
 * database keeps it in credit_balances (migrations 0005, 0006). One primary-key seek.
 */
export function creditBalance(db: Db, userId: number): number {
  return creditState(db, userId).balance;
}

/** A member's balance with its version (see CreditState). One primary-key seek. */
export function creditState(db: Db, userId: number): CreditState {
  return balanceRow(db).get({ userId }) ?? NO_MOVEMENT_YET;
}

const NO_MOVEMENT_YET: CreditState = { balance: 0, version: 0 };

/**
 * The balance as SQL, for a statement that reads it along with other things (a send's rules):
 * the same row and figure as creditState, 0 when there is no row.
 */
export function balanceOf(userId: SQLChunk): SQL<number> {
  return sql<number>`coalesce((SELECT ${creditBalances.balance} FROM ${creditBalances} WHERE ${creditBalances.userId} = ${userId}), 0)`;
}

// Every message send moves credits: the statements are prepared once per connection.
const appliedEntry = preparedOnce((db) =>
  db
    .select({ balanceAfter: creditLedger.balanceAfter })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.userId, sql.placeholder('userId')),
        eq(creditLedger.reason, sql.placeholder('reason')),
        eq(creditLedger.reference, sql.placeholder('reference')),
      ),
    )
    .prepare(),
);

// The member's row, read once for both figures; no row (no movement yet) reads as NO_MOVEMENT_YET.
const balanceRow = preparedOnce((db) =>
  db
    .select({ balance: creditBalances.balance, version: creditBalances.ledgerId })
    .from(creditBalances)
    .where(eq(creditBalances.userId, sql.placeholder('userId')))
    .prepare(),
);

const insertEntry = preparedOnce((db) =>
  db
    .insert(creditLedger)
    .values({
      userId: sql.placeholder('userId'),
      delta: sql.placeholder('delta'),
      reason: sql.placeholder('reason'),
      reference: sql.placeholder('reference'),
      messageId: sql.placeholder('messageId'),
      balanceAfter: sql.placeholder('balanceAfter'),
      createdAt: sql.placeholder('createdAt'),
    })
    .prepare(),
);

import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@db/client.js';
import { creditLedger, users } from '@db/schema/index.js';

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
 * The only code that changes a member's credits. Must be called inside a write transaction
 * (writeTransaction): the ledger row and the balance change commit or roll back together.
 * Idempotent per (user, reason, reference). A spend that would go below zero throws
 * InsufficientCreditsError and changes nothing; the CHECK constraint is the last line of defence.
 */
export function moveCredits(tx: Db, userId: number, delta: number, reason: CreditReason, reference: string, now: number): LedgerEntry {
  const previous = tx
    .select({ balanceAfter: creditLedger.balanceAfter })
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), eq(creditLedger.reason, reason), eq(creditLedger.reference, reference)))
    .get();
  const current = tx.select({ credits: users.credits }).from(users).where(eq(users.id, userId)).get();
  if (!current) throw new Error(`moveCredits: no user ${userId}`);
  if (previous) return { balance: current.credits, applied: false };
  if (current.credits + delta < 0) throw new InsufficientCreditsError(current.credits, -delta);

  const updated = tx
    .update(users)
    .set({ credits: sql`${users.credits} + ${delta}` })
    .where(eq(users.id, userId))
    .returning({ credits: users.credits })
    .get()!;
  tx.insert(creditLedger).values({ userId, delta, reason, reference, balanceAfter: updated.credits, createdAt: now }).run();
  return { balance: updated.credits, applied: true };
}

/** Convenience for spending: moveCredits with a negative delta. */
export function spendCredits(tx: Db, userId: number, amount: number, reason: CreditReason, reference: string, now: number): LedgerEntry {
  if (amount < 0) throw new Error('spendCredits: amount must be >= 0');
  return moveCredits(tx, userId, -amount, reason, reference, now);
}

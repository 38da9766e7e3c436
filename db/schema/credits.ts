import { sql } from 'drizzle-orm';
import { sqliteTable, integer, text, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users.js';

/**
 * Every credit movement: a member's balance is `balance_after` of their newest row (none: 0),
 * which the database copies into `credit_balances`. Written only by
 * server/src/modules/credits/ledger.ts. The triggers of migration 0006 refuse a row whose
 * balance_after is negative or is not the previous balance plus its delta, so the chain cannot
 * break even if code goes wrong. A movement is made idempotent one of two ways:
 * - by a reference (an order, the sign-up): (user, reason, reference) is unique, so a retried
 *   movement for the same thing is applied once;
 * - by the message it paid for (message_id, reference null): the message itself is unique per
 *   (sender, client id) and is stored in the same transaction. Such rows stay out of the unique
 *   index, so a send writes one index page less (a send is the most frequent write of the site).
 */
export const creditLedger = sqliteTable(
  'credit_ledger',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    /** signup_bonus | purchase | message | gift | photo | refund | admin */
    reason: text('reason').notNull(),
    reference: text('reference'),
    /** the message (text, gift, icebreaker) this charge paid for; no foreign key, so deleting messages never scans the ledger */
    messageId: integer('message_id'),
    balanceAfter: integer('balance_after').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('credit_ledger_idempotency').on(t.userId, t.reason, t.reference).where(sql`reference IS NOT NULL`),
    // A member's movements other than message charges (purchases, bonuses, refunds): the ones a
    // statement of account lists. Message charges stay out: each was a leaf of its own in every
    // send's commit, the largest page a send wrote (decisions, chat domain). A message's charge is
    // found through its message (message_id).
    index('credit_ledger_user')
      .on(t.userId, t.id)
      .where(sql`message_id IS NULL`),
  ],
);

/**
 * Each member's balance as of their newest ledger row, kept by the database itself (migrations 0005
 * and 0006). Every member has one row from the moment they exist (a trigger on `users` opens it at
 * 0). A trigger on every ledger INSERT moves it to the row's balance_after and id; a trigger on
 * this table refuses any other change: the new figure must come from a newer ledger row of the same
 * member whose delta is exactly the change, and must not be negative. So a balance can only move
 * along the ledger, and the ledger cannot skip a step. No code writes this table. It exists because
 * it is small: a charge rewrites one of a few dozen pages (ten thousand members), where the
 * newest-row look-up through the ledger's user index wrote a leaf of an index that grows with every
 * message.
 */
export const creditBalances = sqliteTable('credit_balances', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  balance: integer('balance').notNull(),
  /** the ledger row the balance is the balance_after of (0: none yet): it only grows, so it orders balances read at different times */
  ledgerId: integer('ledger_id').notNull().default(0),
});

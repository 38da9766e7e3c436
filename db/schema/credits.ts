import { sql } from 'drizzle-orm';
import { sqliteTable, integer, text, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users.js';

/**
 * Every credit movement, and the balance: a member's balance is `balance_after` of their newest
 * row (none: 0). Written only by server/src/modules/credits/ledger.ts. A trigger (migration 0004)
 * refuses a row whose balance_after is negative or is not the previous balance plus its delta, so
 * the chain cannot break even if code goes wrong. A movement is made idempotent one of two ways:
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
    // The balance is read through this index on every charge, and the charge writes the same leaf:
    // keeping the balance on `users` as well cost one more page in every send's commit.
    index('credit_ledger_user').on(t.userId, t.id),
  ],
);

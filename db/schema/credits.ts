import { sql } from 'drizzle-orm';
import { sqliteTable, integer, text, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users.js';

/**
 * Every credit movement. Written only by server/src/modules/credits/ledger.ts, in the same
 * transaction that updates users.credits. A movement is made idempotent one of two ways:
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
    index('credit_ledger_user').on(t.userId, t.createdAt),
  ],
);

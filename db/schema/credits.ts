import { sqliteTable, integer, text, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users.js';

/**
 * Every credit movement. Written only by server/src/modules/credits/ledger.ts, in the same
 * transaction that updates users.credits; (user, reason, reference) is unique so a retried
 * charge for the same thing (e.g. one message) is applied once.
 */
export const creditLedger = sqliteTable(
  'credit_ledger',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    /** signup_bonus | purchase | message | gift | photo | refund | admin */
    reason: text('reason').notNull(),
    reference: text('reference').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('credit_ledger_idempotency').on(t.userId, t.reason, t.reference),
    index('credit_ledger_user').on(t.userId, t.createdAt),
  ],
);

import { sql } from 'drizzle-orm';
import { sqliteTable, integer, check } from 'drizzle-orm/sqlite-core';

/**
 * One row: a clock that every change to what a member's counts are made of moves forward, in the
 * changing transaction itself (triggers of migration 0007: a conversation member's unread_count or
 * deleted_at, a like's is_new, such rows inserted or deleted). Counts read in one snapshot carry
 * its value as their `version`, so a client can tell older counts from newer ones whichever road
 * they came by: a frame relayed through Redis from another node, an answer to a poll, an event of
 * this node (decisions, chat domain). Triggers, not calls in the services, so that a writer added
 * later (likes, account deletion) cannot forget it.
 */
export const countsClock = sqliteTable(
  'counts_clock',
  {
    id: integer('id').primaryKey(),
    value: integer('value').notNull(),
  },
  (t) => [check('counts_clock_single_row', sql`${t.id} = 1`)],
);

import { sqliteTable, integer, text, index } from 'drizzle-orm/sqlite-core';
import { users } from './users.js';

/** Single-use links sent by e-mail. Only a SHA-256 of the token is stored. */
export const emailTokens = sqliteTable(
  'email_tokens',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** activate | reset_password | mail_change | reactivate */
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    newEmail: text('new_email'),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('email_tokens_user_purpose').on(t.userId, t.purpose, t.createdAt)],
);

/** Audit of log-in attempts (the lockout counter itself lives on users.failed_logins). */
export const loginAttempts = sqliteTable(
  'login_attempts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    success: integer('success', { mode: 'boolean' }).notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('login_attempts_user').on(t.userId, t.createdAt)],
);

/** express-session store for the embedded mode. */
export const sessions = sqliteTable(
  'sessions',
  {
    sid: text('sid').primaryKey(),
    sess: text('sess').notNull(),
    userId: integer('user_id'),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('sessions_expires').on(t.expiresAt), index('sessions_user').on(t.userId)],
);

/** Mail that was not sent over SMTP (embedded mode): readable at /dev/outbox. */
export const outbox = sqliteTable('outbox', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  createdAt: integer('created_at').notNull(),
});

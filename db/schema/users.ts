import { sql } from 'drizzle-orm';
import { sqliteTable, integer, text, uniqueIndex, index, check, primaryKey } from 'drizzle-orm/sqlite-core';
import { sites } from './sites.js';

/**
 * Accounts. A member's credit balance is the newest row of the credit ledger (server/src/modules/credits).
 * A trigger on this table opens each member's `credit_balances` row (migration 0006): a migration
 * that rebuilds the table drops it with the old one and must create it again.
 */
export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    siteId: integer('site_id').notNull().references(() => sites.id),
    /** Lower-cased, trimmed; unique per site. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** not_confirmed | active | pending_deletion | deleted */
    status: text('status').notNull().default('not_confirmed'),
    paidUser: integer('paid_user', { mode: 'boolean' }).notNull().default(false),
    notificationsDisabled: text('notifications_disabled', { mode: 'json' }).$type<string[]>().notNull().default([]),
    language: text('language').notNull().default('en'),
    fictionalIcon: integer('fictional_icon', { mode: 'boolean' }).notNull().default(false),
    invisible: integer('invisible', { mode: 'boolean' }).notNull().default(false),
    /** Set for seeded demo members; lets operators purge them. */
    isDemo: integer('is_demo', { mode: 'boolean' }).notNull().default(false),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: integer('locked_until'),
    /** Bumped on password change/reset; sessions carrying an older value are ended. */
    sessionEpoch: integer('session_epoch').notNull().default(0),
    trafficSource: text('traffic_source', { mode: 'json' }).$type<Record<string, string>>(),
    signupDate: integer('signup_date').notNull(),
    lastSeenAt: integer('last_seen_at'),
    deletionRequestedAt: integer('deletion_requested_at'),
  },
  (t) => [
    uniqueIndex('users_site_email').on(t.siteId, t.email),
  ],
);

/** Public face of a member; profile id equals the user id (one profile per account). */
export const profiles = sqliteTable(
  'profiles',
  {
    userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
    siteId: integer('site_id').notNull().references(() => sites.id),
    name: text('name').notNull(),
    birthDate: text('birth_date').notNull(),
    /** male | female */
    gender: text('gender').notNull(),
    /** male | female | both: whom the member seeks */
    seeking: text('seeking').notNull(),
    /** hetero | gay | lesbian | bi */
    sexuality: text('sexuality').notNull(),
    country: text('country').notNull(),
    regionCode: text('region_code'),
    city: text('city'),
    signupReason: text('signup_reason'),
    signupMessage: text('signup_message'),
    about: text('about'),
    tattoos: text('tattoos'),
    hairColor: text('hair_color'),
    eyeColor: text('eye_color'),
    bodyType: text('body_type'),
    relationshipStatus: text('relationship_status'),
    /** active | disabled */
    status: text('status').notNull().default('disabled'),
    mainPhotoId: integer('main_photo_id'),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('profiles_search').on(t.siteId, t.status, t.gender, t.country, t.birthDate)],
);

export const interests = sqliteTable('interests', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  slug: text('slug').notNull().unique(),
  icon: text('icon').notNull(),
  /** locale -> label, for all seven locales */
  labels: text('labels', { mode: 'json' }).$type<Record<string, string>>().notNull(),
});

export const profileInterests = sqliteTable(
  'profile_interests',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    interestId: integer('interest_id').notNull().references(() => interests.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.interestId] })],
);

/** Sub-national regions per country (province, state, canton, region, voivodeship). */
export const regions = sqliteTable(
  'regions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    country: text('country').notNull(),
    /** province | state | canton | region | voivodeship | county */
    kind: text('kind').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('regions_country_code').on(t.country, t.code)],
);

export const photos = sqliteTable(
  'photos',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    thumbFilename: text('thumb_filename').notNull(),
    /** pending | approved | rejected */
    status: text('status').notNull().default('approved'),
    isPrivate: integer('is_private', { mode: 'boolean' }).notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('photos_user').on(t.userId, t.position)],
);

export type UserRow = typeof users.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;

import { sqliteTable, integer, index, primaryKey } from 'drizzle-orm/sqlite-core';
import { users } from './users.js';

/** A like from one member to another; mutual likes are matches. `isNew` until the liked member opens the liker's profile. */
export const likes = sqliteTable(
  'likes',
  {
    likerId: integer('liker_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    likedId: integer('liked_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    isNew: integer('is_new', { mode: 'boolean' }).notNull().default(true),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.likerId, t.likedId] }), index('likes_liked').on(t.likedId, t.isNew)],
);

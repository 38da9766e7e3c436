import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '@db/client.js';
import { preparedOnce } from '@db/prepared.js';
import { likes } from '@db/schema/index.js';

const newLikes = preparedOnce((db) =>
  db
    .select({ n: count() })
    .from(likes)
    .where(and(eq(likes.likedId, sql.placeholder('userId')), eq(likes.isNew, true)))
    .prepare(),
);

/** Likes the member received and has not looked at yet (the Likes badge); part of every 'counts' event. */
export function newLikesCount(db: Db, userId: number): number {
  return newLikes(db).get({ userId })?.n ?? 0;
}

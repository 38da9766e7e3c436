import { and, count, eq } from 'drizzle-orm';
import type { Db } from '@db/client.js';
import { likes } from '@db/schema/index.js';

/** Likes the member received and has not looked at yet (the Likes badge). */
export function newLikesCount(db: Db, userId: number): number {
  const row = db
    .select({ n: count() })
    .from(likes)
    .where(and(eq(likes.likedId, userId), eq(likes.isNew, true)))
    .get();
  return row?.n ?? 0;
}

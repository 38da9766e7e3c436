import { eq, sql } from 'drizzle-orm';
import type { Db } from '@db/client.js';
import { preparedOnce } from '@db/prepared.js';
import { profiles } from '@db/schema/index.js';

const profileTextsOf = preparedOnce((db) =>
  db.select({ city: profiles.city, about: profiles.about }).from(profiles).where(eq(profiles.userId, sql.placeholder('userId'))).prepare(),
);

/** What a profile page adds to the chat's view of a member. */
export function findProfileTexts(db: Db, userId: number): { city: string | null; about: string | null } {
  return profileTextsOf(db).get({ userId }) ?? { city: null, about: null };
}

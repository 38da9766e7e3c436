import { eq, sql } from 'drizzle-orm';
import type { Db } from '@db/client.js';
import { photos, profiles, type SiteRow, type UserRow } from '@db/schema/index.js';
import type { UserDto } from '@shared/api/user.js';
import { presentUser } from './presenter.js';

type ProfileWithPhoto = { profile: typeof profiles.$inferSelect; photo: typeof photos.$inferSelect | null };

/** GET /api/user.php is the most frequent call: profile and main photo come in one prepared join. */
const profileLookups = new WeakMap<Db, (userId: number) => ProfileWithPhoto | undefined>();

function lookupProfile(db: Db, userId: number): ProfileWithPhoto | undefined {
  let lookup = profileLookups.get(db);
  if (!lookup) {
    const prepared = db
      .select({ profile: profiles, photo: photos })
      .from(profiles)
      .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
      .where(eq(profiles.userId, sql.placeholder('userId')))
      .prepare();
    lookup = (id) => prepared.get({ userId: id });
    profileLookups.set(db, lookup);
  }
  return lookup(userId);
}

/** Loads the profile and main photo of `user` and presents the account as the member sees it. */
export function loadUserDto(db: Db, user: UserRow, site: SiteRow): UserDto {
  const row = lookupProfile(db, user.id);
  if (!row) throw new Error(`user ${user.id} has no profile`);
  return presentUser(user, row.profile, row.photo, site);
}

import { eq, sql } from 'drizzle-orm';
import type { Db } from '@db/client.js';
import { preparedOnce } from '@db/prepared.js';
import { photos, profiles, type SiteRow, type UserRow } from '@db/schema/index.js';
import type { UserDto } from '@shared/api/user.js';
import { presentUser } from './presenter.js';

/** GET /api/user.php is the most frequent call: the profile fields it shows and the main photo come in one prepared join. */
const profileWithPhoto = preparedOnce((db) =>
  db
    .select({
      profile: { userId: profiles.userId, name: profiles.name, country: profiles.country, status: profiles.status },
      photo: { filename: photos.filename, thumbFilename: photos.thumbFilename, status: photos.status },
    })
    .from(profiles)
    .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
    .where(eq(profiles.userId, sql.placeholder('userId')))
    .prepare(),
);

/** Loads the profile and main photo of `user` and presents the account as the member sees it. */
export function loadUserDto(db: Db, user: UserRow, site: SiteRow): UserDto {
  const row = profileWithPhoto(db).get({ userId: user.id });
  if (!row) throw new Error(`user ${user.id} has no profile`);
  return presentUser(user, row.profile, row.photo, site);
}

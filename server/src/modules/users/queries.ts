import { eq } from 'drizzle-orm';
import type { Db } from '@db/client.js';
import { photos, profiles, type SiteRow, type UserRow } from '@db/schema/index.js';
import type { UserDto } from '@shared/api/user.js';
import { presentUser } from './presenter.js';

/** Loads the profile and main photo of `user` and presents the account as the member sees it. */
export function loadUserDto(db: Db, user: UserRow, site: SiteRow): UserDto {
  const profile = db.select().from(profiles).where(eq(profiles.userId, user.id)).get();
  if (!profile) throw new Error(`user ${user.id} has no profile`);
  const mainPhoto = profile.mainPhotoId ? (db.select().from(photos).where(eq(photos.id, profile.mainPhotoId)).get() ?? null) : null;
  return presentUser(user, profile, mainPhoto, site);
}

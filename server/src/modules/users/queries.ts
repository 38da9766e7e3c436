import type { Db } from '@db/client.js';
import { connectionOf, preparedOnce } from '@db/prepared.js';
import type { SiteRow, UserRow } from '@db/schema/index.js';
import type { UserDto } from '@shared/api/user.js';
import { presentUser } from './presenter.js';

interface ProfileWithPhotoRow {
  userId: number;
  name: string;
  country: string;
  status: string;
  photoFilename: string | null;
  photoThumbFilename: string | null;
  photoStatus: string | null;
  credits: number | null;
  creditsVersion: number | null;
}

/**
 * GET /api/user.php is the most frequent call: the profile fields it shows, the main photo and the
 * balance (kept from the ledger in credit_balances, modules/credits) come in one prepared
 * statement, read as SQLite returns it (no ORM mapping; all plain columns).
 */
const profileWithPhoto = preparedOnce((db) =>
  connectionOf(db).prepare<[userId: number], ProfileWithPhotoRow>(
    `SELECT p.user_id AS userId, p.name AS name, p.country AS country, p.status AS status,
            ph.filename AS photoFilename, ph.thumb_filename AS photoThumbFilename, ph.status AS photoStatus,
            b.balance AS credits, b.ledger_id AS creditsVersion
       FROM profiles p LEFT JOIN photos ph ON ph.id = p.main_photo_id LEFT JOIN credit_balances b ON b.user_id = p.user_id
      WHERE p.user_id = ?`,
  ),
);

/** Loads the profile and main photo of `user` and presents the account as the member sees it. */
export function loadUserDto(db: Db, user: UserRow, site: SiteRow): UserDto {
  const row = profileWithPhoto(db).get(user.id);
  if (!row) throw new Error(`user ${user.id} has no profile`);
  const photo =
    row.photoFilename === null ? null : { filename: row.photoFilename, thumbFilename: row.photoThumbFilename!, status: row.photoStatus! };
  return presentUser(user, { balance: row.credits ?? 0, version: row.creditsVersion ?? 0 }, row, photo, site);
}

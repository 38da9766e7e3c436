import type { UserDto } from '@shared/api/user.js';
import type { ProfileRow, SiteRow, UserRow } from '@db/schema/index.js';
import { photos } from '@db/schema/index.js';
import type { CreditState } from '../credits/ledger.js';

type PhotoRow = typeof photos.$inferSelect;
/** The parts of the profile and main photo the member's own view shows. */
export type ProfileSummary = Pick<ProfileRow, 'userId' | 'name' | 'country' | 'status'>;
export type MainPhotoSummary = Pick<PhotoRow, 'filename' | 'thumbFilename' | 'status'>;

/** The `user` object of /api/user.php: the member's own view of their account and profile. */
export function presentUser(user: UserRow, credits: CreditState, profile: ProfileSummary, mainPhoto: MainPhotoSummary | null, site: SiteRow): UserDto {
  return {
    id: user.id,
    email: user.email,
    status: user.status as UserDto['status'],
    credits: credits.balance,
    credits_version: credits.version,
    paid_user: user.paidUser,
    notifications_disabled: user.notificationsDisabled,
    signup_date: new Date(user.signupDate).toISOString(),
    fictional_icon: user.fictionalIcon,
    language: user.language,
    invisible: user.invisible,
    logged_in: true,
    profile: {
      id: profile.userId,
      name: profile.name,
      country: profile.country,
      status: profile.status as UserDto['profile']['status'],
      main_image: mainPhoto
        ? {
            filename: mainPhoto.filename,
            thumb_filename: mainPhoto.thumbFilename,
            status: mainPhoto.status,
            match: site.cdnPrefix + mainPhoto.filename,
          }
        : null,
    },
  } satisfies UserDto;
}

/**
 * Prepared INSERT statements for the bulk part of the seed. Raw better-sqlite3 statements are
 * used here (and only here) because thousands of rows through drizzle's builder cost several
 * times more; the columns are checked by db/seed/seed.test.ts reading them back via drizzle.
 */
import type Database from 'better-sqlite3';
import { avatarFilename } from './avatars.js';
import type { MemberSpec } from './members.js';

export interface SeededMember {
  id: number;
  spec: MemberSpec;
}

export function prepareSeedStatements(sqlite: Database.Database) {
  const insertUser = sqlite.prepare(
    `INSERT INTO users (site_id, email, password_hash, status, paid_user, notifications_disabled, language,
       fictional_icon, invisible, is_demo, failed_logins, session_epoch, signup_date, last_seen_at)
     VALUES (@siteId, @email, @passwordHash, 'active', @paidUser, '[]', @language, 0, @invisible, 1, 0, 0, @signupDate, @lastSeenAt)`,
  );
  const insertPhoto = sqlite.prepare(
    `INSERT INTO photos (user_id, filename, thumb_filename, status, is_private, position, created_at)
     VALUES (?, ?, ?, 'approved', 0, 0, ?)`,
  );
  const insertProfile = sqlite.prepare(
    `INSERT INTO profiles (user_id, site_id, name, birth_date, gender, seeking, sexuality, country, region_code, city,
       signup_reason, about, tattoos, hair_color, eye_color, body_type, relationship_status, status, main_photo_id, updated_at)
     VALUES (@userId, @siteId, @name, @birthDate, @gender, @seeking, @sexuality, @country, @regionCode, @city,
       @signupReason, @about, @tattoos, @hairColor, @eyeColor, @bodyType, @relationshipStatus, 'active', @mainPhotoId, @updatedAt)`,
  );
  const insertInterest = sqlite.prepare('INSERT INTO profile_interests (user_id, interest_id) VALUES (?, ?)');
  // The opening balance is a ledger row: the balance is the newest row's balance_after.
  const insertLedger = sqlite.prepare(
    `INSERT INTO credit_ledger (user_id, delta, reason, reference, balance_after, created_at) VALUES (?, ?, 'admin', 'seed', ?, ?)`,
  );

  /** Inserts user, avatar photo, profile, interests and opening balance; returns the user (= profile) id. */
  function insertMember(siteId: number, spec: MemberSpec, passwordHash: string, interestIds: Map<string, number>): number {
    const userId = Number(
      insertUser.run({
        siteId,
        email: spec.email,
        passwordHash,
        paidUser: spec.paidUser ? 1 : 0,
        language: spec.language,
        invisible: spec.invisible ? 1 : 0,
        signupDate: spec.signupDate,
        lastSeenAt: spec.lastSeenAt,
      }).lastInsertRowid,
    );
    const file = avatarFilename(userId);
    const mainPhotoId = Number(insertPhoto.run(userId, file, file, spec.signupDate).lastInsertRowid);
    insertProfile.run({
      userId,
      siteId,
      name: spec.name,
      birthDate: spec.birthDate,
      gender: spec.orientation.gender,
      seeking: spec.orientation.seeking,
      sexuality: spec.orientation.sexuality,
      country: spec.country,
      regionCode: spec.regionCode,
      city: spec.city,
      signupReason: spec.signupReason,
      about: spec.about,
      tattoos: spec.tattoos,
      hairColor: spec.hairColor,
      eyeColor: spec.eyeColor,
      bodyType: spec.bodyType,
      relationshipStatus: spec.relationshipStatus,
      mainPhotoId,
      updatedAt: spec.signupDate,
    });
    for (const slug of spec.interestSlugs) {
      const interestId = interestIds.get(slug);
      if (interestId !== undefined) insertInterest.run(userId, interestId);
    }
    if (spec.credits > 0) insertLedger.run(userId, spec.credits, spec.credits, spec.signupDate);
    return userId;
  }

  return { insertMember };
}

/**
 * Request bodies and responses of the account endpoints (sign-up, activation, password reset and
 * change, e-mail change). Login and language live in ./user.ts next to the user DTO.
 * Structural checks only (types, sizes); the field rules with their own error codes live in
 * ../rules (username, age, email-suggestion) so the form and the server share them.
 */
import { z } from 'zod';
import { GENDERS, LOCALES, PASSWORD_MAX, SEEKING } from '../constants.js';
import type { UserDto } from './user.js';
import { lineText, linesText, memberText, passwordText } from './text.js';

const shortText = lineText().trim().max(200);

/** Landing-page tracking parameters sent along with a sign-up. */
export const trafficSourceSchema = z.object({
  network: shortText.optional(),
  ref: shortText.optional(),
  sub: shortText.optional(),
  sub1: shortText.optional(),
  sub2: shortText.optional(),
  sub3: shortText.optional(),
  aff_sub: shortText.optional(),
  aff_sub1: shortText.optional(),
  aff_sub2: shortText.optional(),
  aff_sub3: shortText.optional(),
});
export type TrafficSource = z.infer<typeof trafficSourceSchema>;

/**
 * POST /api/signup.php. email, name, password and date_of_birth are optional here only so that a
 * missing one gets its own field code (email_required, username_required ...) instead of a generic one.
 */
export const signupBody = z.object({
  email: z.string().max(254).optional(),
  name: memberText().max(200).optional(),
  password: passwordText(PASSWORD_MAX * 4).optional(),
  date_of_birth: z.string().max(20).optional(),
  signup_message: linesText().max(2000).optional(),
  gender: z.enum(GENDERS),
  seeking: z.enum(SEEKING),
  country: z.string().regex(/^[A-Z]{2}$/).optional(),
  traffic_source: trafficSourceSchema.nullish(),
  /** the interface language at sign-up; mails go out in it (default: the site's language) */
  language: z.enum(LOCALES).optional(),
});
export type SignupBody = z.infer<typeof signupBody>;

/** GET /api/email-check.php?email= */
export const emailCheckQuery = z.object({ email: z.string().max(254) });
export interface EmailCheckDto {
  valid: boolean;
  /** the address with a corrected domain, or null */
  suggestion: string | null;
}

export const activateQuery = z.object({ token: z.string().min(1).max(200) });

export const passwordResetRequestBody = z.object({ email: z.string().trim().min(1).max(254) });

/** password length is checked by the service so that it answers `password_length` */
export const passwordResetBody = z.object({
  token: z.string().min(1).max(200),
  password: passwordText(PASSWORD_MAX * 4),
  password_confirmation: passwordText(PASSWORD_MAX * 4),
});

export const passwordChangeBody = z.object({
  old_password: passwordText(PASSWORD_MAX * 4),
  password: passwordText(PASSWORD_MAX * 4),
  password_confirmation: passwordText(PASSWORD_MAX * 4),
});

export const mailChangeRequestBody = z.object({
  email: z.string().max(254),
  password: passwordText(PASSWORD_MAX * 4),
});

export const mailChangeConfirmBody = z.object({ token: z.string().min(1).max(200) });

export interface UserResponse {
  user: UserDto;
}

export interface OkResponse {
  ok: true;
}

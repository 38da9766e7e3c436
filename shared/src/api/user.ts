import { z } from 'zod';
import { LOCALES, PASSWORD_MAX, PASSWORD_MIN } from '../constants.js';
import { passwordText } from './text.js';

export interface MainImage {
  filename: string;
  thumb_filename: string;
  status: string;
  /** image path prefixed with the site's cdn_prefix */
  match: string;
}

/** The `user` object of GET/POST /api/user.php (spec section 3). */
export interface UserDto {
  id: number;
  email: string;
  status: 'not_confirmed' | 'active' | 'pending_deletion';
  credits: number;
  /**
   * The ledger row that balance comes from (0 before the first movement). Balances reach a tab by
   * several roads (answers, socket frames relayed by other nodes, polls); of two, the one with the
   * higher version is the later, so a late frame cannot put an older balance back.
   */
  credits_version: number;
  paid_user: boolean;
  notifications_disabled: string[];
  signup_date: string;
  fictional_icon: boolean;
  language: string;
  invisible: boolean;
  logged_in: true;
  profile: {
    id: number;
    name: string;
    country: string;
    status: 'active' | 'disabled';
    main_image: MainImage | null;
  };
}

/**
 * POST /api/user.php. Both fields are optional here only so that a missing or empty one gets its
 * own code (email_required, password_required: rules/login-fields.ts) instead of invalid_request.
 */
export const loginBody = z.object({
  email: z.string().trim().max(254).optional(),
  password: passwordText(PASSWORD_MAX).optional(),
});

export const languageBody = z.object({ language: z.enum(LOCALES) });

export const passwordField = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

/** Rules for a new password (sign-up, reset): shared so the forms show the same verdict as the server. */
import { PASSWORD_MAX, PASSWORD_MIN } from '../constants.js';

/** Whether a password's length is acceptable, counted in characters (an emoji is one), not UTF-16 units or bytes. */
export function isPasswordLengthOk(password: string): boolean {
  const length = [...password].length;
  return length >= PASSWORD_MIN && length <= PASSWORD_MAX;
}

/**
 * What sign-up and the password reset say about a new password: nothing typed is
 * `password_required`, as for the other empty fields (it read "Password must be 8 to 128
 * characters."). Spaces can be part of a password: only nothing at all is missing (as at log-in).
 */
export function newPasswordError(password: string): 'password_required' | 'password_length' | null {
  if (password === '') return 'password_required';
  return isPasswordLengthOk(password) ? null : 'password_length';
}

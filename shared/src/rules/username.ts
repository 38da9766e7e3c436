/** Sign-up name rules (spec section 6): shared so the sign-up form shows the same verdict as the server. */
export const USERNAME_MIN = 2;
export const USERNAME_MAX = 40;

/**
 * True when `name` may be used as a member name: 2..40 characters after trimming, not starting
 * with @ (it would read like a handle or an address) and not equal to the e-mail address
 * (members would publish their address as their name), with no control characters or links.
 */
export function isUsernameAllowed(name: string, email: string): boolean {
  const trimmed = name.trim();
  const length = [...trimmed].length;
  if (length < USERNAME_MIN || length > USERNAME_MAX) return false;
  if (trimmed.startsWith('@')) return false;
  // The name is shown to others and copied into mails: no line breaks or other control characters
  // (they could forge extra lines in a plain-text mail) and no links.
  if (/\p{Cc}/u.test(trimmed) || /(https?:\/\/|www\.)/i.test(trimmed)) return false;
  if (email.trim() !== '' && trimmed.toLowerCase() === email.trim().toLowerCase()) return false;
  return true;
}

/**
 * What sign-up says about a name: nothing typed (or only spaces) is `username_required`, not
 * "This username is not allowed.", which sent members looking for a rule they had broken.
 */
export function usernameError(name: string, email: string): 'username_required' | 'username_invalid' | null {
  if (name.trim() === '') return 'username_required';
  return isUsernameAllowed(name, email) ? null : 'username_invalid';
}

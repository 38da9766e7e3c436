/** Sign-up name rules (spec section 6): shared so the sign-up form shows the same verdict as the server. */
import { DIRECTION_CONTROLS, showsSomething } from './visible-text.js';

export const USERNAME_MIN = 2;
export const USERNAME_MAX = 40;

/**
 * Top-level domains that mail programs and messengers turn into links when they follow a name and
 * a dot ("hotdates.com", "meet-me.nl"): the generic ones spam uses most and the countries of the
 * site's languages and their neighbours. Gmail and Outlook link a bare domain only when its ending
 * is a domain ending, so the list is of those, not of every word after a dot.
 */
const LINKED_TLDS = [
  'com', 'net', 'org', 'info', 'biz', 'io', 'co', 'me', 'app', 'dev', 'xyz', 'online', 'site', 'top', 'club', 'live', 'link', 'shop',
  'store', 'vip', 'win', 'icu', 'cc', 'tv', 'ly', 'to', 'gg', 'ai', 'pro', 'email', 'click', 'bio', 'chat', 'date', 'dating', 'love',
  'sex', 'xxx', 'porn', 'adult', 'cam', 'sexy', 'party', 'fun', 'tk', 'ml', 'ga', 'cf', 'gq',
  'uk', 'de', 'nl', 'fr', 'it', 'es', 'pl', 'eu', 'be', 'at', 'ch', 'lu', 'us', 'ru', 'ua', 'se', 'no', 'dk', 'fi', 'pt', 'ie', 'cz', 'ca', 'au',
];

/** A domain name ending in a linked TLD, not glued to a longer word on its right. */
const BARE_DOMAIN = new RegExp(`[\\p{L}\\p{N}-]\\.(?:${LINKED_TLDS.join('|')})(?![\\p{L}\\p{N}_])`, 'iu');

/**
 * True when `name` may be used as a member name: 2..40 characters after trimming, not starting
 * with @ (it would read like a handle or an address) and not equal to the e-mail address
 * (members would publish their address as their name), with no control characters, links or bare
 * domains.
 */
export function isUsernameAllowed(name: string, email: string): boolean {
  const trimmed = name.trim();
  const length = [...trimmed].length;
  if (length < USERNAME_MIN || length > USERNAME_MAX) return false;
  if (trimmed.startsWith('@')) return false;
  // The name is shown to others and copied into mails: no line breaks or other control characters
  // (they could forge extra lines in a plain-text mail) and no links, nor a bare domain, which a
  // mail program links all the same ("Verify at evil.com" in an activation mail sent to someone
  // else's address, "Sexy at hotdates.com" in the list of chats).
  // Nor a direction override or isolate, which turns the rest of the line around ("Anna" then the
  // list's preview or a mail's next words read backwards), nor only characters that show nothing.
  if (!showsSomething(trimmed) || DIRECTION_CONTROLS.test(trimmed)) return false;
  // U+2028 and U+2029 are line breaks too: every browser and mail program breaks the line there.
  if (/[\p{Cc}\p{Zl}\p{Zp}]/u.test(trimmed) || /(https?:\/\/|www\.)/i.test(trimmed) || BARE_DOMAIN.test(trimmed)) return false;
  if (email.trim() !== '' && trimmed.toLowerCase() === email.trim().toLowerCase()) return false;
  return true;
}

/**
 * What sign-up says about a name: nothing typed (or only spaces or other characters that show
 * nothing) is `username_required`, not
 * "This username is not allowed.", which sent members looking for a rule they had broken.
 */
export function usernameError(name: string, email: string): 'username_required' | 'username_invalid' | null {
  // Zero-width spaces or Hangul fillers are a name nobody sees: as good as none typed.
  if (!showsSomething(name)) return 'username_required';
  return isUsernameAllowed(name, email) ? null : 'username_invalid';
}

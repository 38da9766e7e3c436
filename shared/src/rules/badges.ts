import { BADGE_CAP, CREDITS_BADGE_THRESHOLD } from '../constants.js';

/** Text of a count badge: nothing for 0, the number up to the cap, then '99+' (spec section 9). */
export function badgeText(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(Math.floor(count));
}

export type CreditsBadgeTone = 'warning' | 'danger';

/** Credits badge: shown at 10 credits or fewer, danger colour at 0, warning colour above 0. */
export function creditsBadgeTone(credits: number): CreditsBadgeTone | null {
  if (credits > CREDITS_BADGE_THRESHOLD) return null;
  return credits <= 0 ? 'danger' : 'warning';
}

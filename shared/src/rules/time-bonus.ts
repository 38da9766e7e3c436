import { TIME_BONUS_WINDOW_SECONDS } from '../constants.js';

export interface TimeBonusInput {
  loggedIn: boolean;
  paidUser: boolean;
  /** ISO date of sign-up */
  signupDate: string | null | undefined;
  nowMs: number;
}

/** Seconds left of the time bonus (spec section 4), or 0 when it does not apply. */
export function timeBonusSecondsLeft({ loggedIn, paidUser, signupDate, nowMs }: TimeBonusInput): number {
  if (!loggedIn || paidUser || !signupDate) return 0;
  const signedUp = Date.parse(signupDate);
  if (Number.isNaN(signedUp)) return 0;
  const left = TIME_BONUS_WINDOW_SECONDS - Math.floor((nowMs - signedUp) / 1000);
  return left > 0 && left <= TIME_BONUS_WINDOW_SECONDS ? left : 0;
}

/** hours:minutes:seconds, each two digits. */
export function formatCountdown(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

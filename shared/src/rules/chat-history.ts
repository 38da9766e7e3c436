/**
 * Free members see the last FREE_HISTORY_DAYS of a conversation; older messages are withheld
 * (the client says 'Older messages are no longer visible to protect your privacy.'). Premium
 * members see everything.
 */
export const FREE_HISTORY_DAYS = 30;

const DAY_MS = 86_400_000;

/** Oldest created_at (ms) a member may see, or null when nothing is cut. */
export function historyCutoff(now: number, paidUser: boolean): number | null {
  return paidUser ? null : now - FREE_HISTORY_DAYS * DAY_MS;
}

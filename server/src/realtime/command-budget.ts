/**
 * A token bucket in two numbers: `capacity` commands at once, then `perSecond` as it refills.
 * For socket commands that cost a read of many rows each (a sync page, the chat list): a client
 * that loops on them (a bug, or on purpose) made one process produce 394 MB of answers in 21 s and
 * answer every other member seconds late (session 29's audit). Per socket, so a member's tabs are
 * not one budget, and cheap: sockets are the thing this server holds most of.
 */
export class CommandBudget {
  private tokens: number;
  /** when the tokens were last counted; null before the first command (the allowance is whole) */
  private at: number | null = null;

  constructor(
    private readonly capacity: number,
    private readonly perSecond: number,
  ) {
    this.tokens = capacity;
  }

  /** Takes one command's token at `now`; false when none is left (nothing is taken then). */
  spend(now: number): boolean {
    this.refill(now);
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Whether the allowance is whole again at `now` (one kept for an idle client can be dropped). */
  isFull(now: number): boolean {
    this.refill(now);
    return this.tokens >= this.capacity;
  }

  private refill(now: number): void {
    if (this.at !== null) this.tokens = Math.min(this.capacity, this.tokens + ((now - this.at) / 1000) * this.perSecond);
    this.at = now;
  }
}

/**
 * The one rate limiter of the server, for sockets and HTTP alike: a token bucket in two numbers,
 * `capacity` events at once, then `perSecond` as it refills. Cheap on purpose (two numbers and a
 * time, no list of timestamps): it is held per socket, and sockets are what this server holds most of.
 *
 * Why limits exist at all: a client that loops on commands that read many rows (a bug, or on
 * purpose) made one process produce 394 MB of answers in 21 s and answer every other member
 * seconds late (session 29's audit).
 */
export class TokenBucket {
  private tokens: number;
  /** when the tokens were last counted; null before the first event (the bucket is full) */
  private at: number | null = null;

  constructor(
    private readonly capacity: number,
    private readonly perSecond: number,
  ) {
    this.tokens = capacity;
  }

  /**
   * The bucket for a limit stated as "`burst` events in any `windowMs`": the same burst and the
   * same sustained rate (burst / windowMs). Not the same at every moment: a sliding window gives
   * all its events back at once when they are windowMs old, a bucket refills continuously, one
   * event every windowMs / burst. So a client that spent its burst may go on sooner (one event at
   * a time), and the busiest windowMs of all can hold up to twice `burst` (a full bucket, then all
   * that refills within it) where a window held exactly `burst`; over a longer time the two agree.
   */
  static perWindow(burst: number, windowMs: number): TokenBucket {
    return new TokenBucket(burst, burst / (windowMs / 1000));
  }

  /** Takes one event's token at `now`; false when none is left (nothing is taken then). */
  spend(now: number): boolean {
    this.refill(now);
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Whether the bucket is full again at `now` (one kept for an idle client can be dropped). */
  isFull(now: number): boolean {
    this.refill(now);
    return this.tokens >= this.capacity;
  }

  private refill(now: number): void {
    // A server clock stepped back (NTP, a VM resumed) counts as no time passed: a negative
    // refill took tokens away and left a client refused for as long as the step (an hour's step,
    // an hour of `rate_limited`). Counting goes on from the new time.
    if (this.at !== null) this.tokens = Math.min(this.capacity, this.tokens + (Math.max(0, now - this.at) / 1000) * this.perSecond);
    this.at = now;
  }
}

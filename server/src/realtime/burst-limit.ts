/**
 * Per-socket allowance of `burst` events in any `windowMs`: cheap commands a client could spam
 * (typing, presence watches that load every conversation of the member) are capped per socket.
 */
export class BurstLimit {
  private readonly times: number[] = [];
  constructor(
    private readonly burst: number,
    private readonly windowMs: number,
  ) {}

  /** Records an event at `now`; false when it is over the allowance (then nothing is recorded). */
  allow(now: number): boolean {
    while (this.times.length && this.times[0]! <= now - this.windowMs) this.times.shift();
    if (this.times.length >= this.burst) return false;
    this.times.push(now);
    return true;
  }
}

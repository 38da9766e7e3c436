/**
 * Per-member allowances for REST reads that return many rows (`sync.php`, `chats.php`): the HTTP
 * side of the socket's list allowance (modules/chats/socket.ts), the same token bucket
 * (limits/token-bucket.ts). Polling asks for them once a minute, a reconnect's catch-up for a few
 * pages, so a member who asks many times a second is a loop (a bug or on purpose) that would take
 * the process from everyone else. Kept in this process, by member id (a member's tabs share it);
 * members whose allowance is whole again are forgotten.
 */
import type { Clock } from '../clock.js';
import { TokenBucket } from '../limits/token-bucket.js';
import { tooMany } from './errors.js';

const FORGET_EVERY_MS = 60_000;

export class MemberAllowances {
  private readonly budgets = new Map<number, TokenBucket>();
  private forgotAt: number;

  constructor(
    private readonly capacity: number,
    private readonly perSecond: number,
    private readonly clock: Clock,
  ) {
    this.forgotAt = clock.now();
  }

  /** Spends one of `userId`'s requests, or throws 429 `rate_limited`. */
  spend(userId: number): void {
    const now = this.clock.now();
    this.forgetIdle(now);
    let budget = this.budgets.get(userId);
    if (!budget) {
      budget = new TokenBucket(this.capacity, this.perSecond);
      this.budgets.set(userId, budget);
    }
    if (!budget.spend(now)) throw tooMany('rate_limited');
  }

  /** Members held, for tests: the map must not keep every member who ever asked. */
  get size(): number {
    return this.budgets.size;
  }

  private forgetIdle(now: number): void {
    if (now - this.forgotAt < FORGET_EVERY_MS) return;
    this.forgotAt = now;
    for (const [userId, budget] of this.budgets) if (budget.isFull(now)) this.budgets.delete(userId);
  }
}

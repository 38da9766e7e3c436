import { describe, expect, it } from 'vitest';
import { TokenBucket } from './token-bucket.js';

/** How many of `count` events at `now` the bucket lets through. */
const spent = (bucket: TokenBucket, now: number, count: number) => Array.from({ length: count }, () => bucket.spend(now)).filter(Boolean).length;

describe('a token bucket', () => {
  it('lets its capacity through at once, then refills at its rate, never past its capacity', () => {
    const bucket = new TokenBucket(3, 2);
    expect(spent(bucket, 0, 5)).toBe(3);
    expect(spent(bucket, 1_000, 5)).toBe(2);
    // A long pause fills it to its capacity, not to everything the pause would have earned.
    expect(spent(bucket, 60_000, 10)).toBe(3);
  });

  it('is full again once its capacity has refilled, so an idle one can be dropped', () => {
    const bucket = new TokenBucket(2, 1);
    expect(bucket.isFull(0)).toBe(true);
    bucket.spend(0);
    expect(bucket.isFull(500)).toBe(false);
    expect(bucket.isFull(1_000)).toBe(true);
  });

  it('stated as a window, keeps its burst and its sustained rate', () => {
    // 10 in any 5 s, as typing relays were limited: 10 at once, then 2 a second.
    const bucket = TokenBucket.perWindow(10, 5_000);
    expect(spent(bucket, 0, 20)).toBe(10);
    expect(spent(bucket, 499, 1)).toBe(0);
    expect(spent(bucket, 500, 2)).toBe(1);
    // Over a minute of trying all the time, the window's rate: 10 per 5 s after the first burst.
    let through = 0;
    for (let now = 1_000; now <= 61_000; now += 100) through += spent(bucket, now, 1);
    expect(through).toBe(10 * 12 + 1);
  });

  it('counts a server clock stepped back as no time passed: the client keeps its tokens and refills from then on', () => {
    const bucket = new TokenBucket(3, 1);
    expect(spent(bucket, 100_000, 1)).toBe(1);
    // NTP steps the clock back an hour: the two tokens left stay, none are taken away.
    expect(spent(bucket, 100_000 - 3_600_000, 5)).toBe(2);
    // And the bucket refills at its rate from the new time, not an hour later.
    expect(spent(bucket, 100_000 - 3_600_000 + 1_000, 5)).toBe(1);
  });
});

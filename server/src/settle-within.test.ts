import { afterEach, describe, expect, it, vi } from 'vitest';
import { settleWithin } from './settle-within.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('settleWithin', () => {
  it("gives the promise's value when it settles before the deadline, and leaves no timer behind", async () => {
    vi.useFakeTimers();
    const outcome = settleWithin(Promise.resolve('sent'), 8_000, 'underway');
    await expect(outcome).resolves.toBe('sent');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('gives the stand-in once the deadline passes first', async () => {
    vi.useFakeTimers();
    const outcome = settleWithin(new Promise<string>(() => {}), 8_000, 'underway');
    await vi.advanceTimersByTimeAsync(7_999);
    let settled: string | undefined;
    void outcome.then((v) => (settled = v));
    await Promise.resolve();
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await expect(outcome).resolves.toBe('underway');
  });

  it("passes a rejection before the deadline on, and clears its timer", async () => {
    vi.useFakeTimers();
    const outcome = settleWithin(Promise.reject(new Error('refused')), 8_000, 'underway');
    await expect(outcome).rejects.toThrow('refused');
    expect(vi.getTimerCount()).toBe(0);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadWithRetry } from './load-with-retry.js';

describe('a lazy chunk that fails to load', () => {
  afterEach(() => vi.useRealTimers());

  it('is tried again after 2 s, then 4 s, and used once it loads', async () => {
    vi.useFakeTimers();
    const load = vi.fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue('realtime');
    const used: string[] = [];
    loadWithRetry(load, (loaded) => used.push(loaded));
    await vi.advanceTimersByTimeAsync(1_999);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(load).toHaveBeenCalledTimes(3);
    expect(used).toEqual(['realtime']);
  });

  it('is left alone once cancelled (the member logged out)', async () => {
    vi.useFakeTimers();
    const load = vi.fn<() => Promise<string>>().mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    const cancel = loadWithRetry(load, () => undefined);
    await vi.advanceTimersByTimeAsync(10);
    cancel();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(load).toHaveBeenCalledTimes(1);
  });
});

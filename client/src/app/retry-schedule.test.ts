import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './retry-schedule.js';

describe('retryDelayMs', () => {
  it('doubles from 2 s and stays at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 20].map(retryDelayMs)).toEqual([2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
  });
});

import { describe, expect, it } from 'vitest';
import { kneeOf, kneeRatio, ratioVerdict, refinementRate, type KneeEvidence } from './knee.js';

const run = (offered: number, p99: number, lost = 0): KneeEvidence => ({ offered, latency: { p99 }, lost, refused: { size: 0 } });

describe('reading the knee off step runs', () => {
  it('takes the highest rate with a run within 50 ms and nothing lost, a second run counting too', () => {
    const steps = [run(1000, 4), run(2000, 6), run(3000, 80), run(3000, 30), run(5000, 20, 3), run(7000, 400)];
    expect(kneeOf(steps)).toEqual({ rate: 3000, lowerBound: false });
  });

  it('calls a knee at the highest rate run a lower bound', () => {
    expect(kneeOf([run(10_000, 20), run(15_000, 22)])).toEqual({ rate: 15_000, lowerBound: true });
    expect(kneeOf([run(1000, 90)])).toEqual({ rate: 0, lowerBound: false });
  });

  it('adds one rate halfway to the step that missed, on the given grain, only when there is room', () => {
    expect(refinementRate([run(7000, 20), run(10_000, 170), run(10_000, 160)])).toBe(8500);
    expect(refinementRate([run(1000, 5), run(2000, 60)])).toBe(1500);
    expect(refinementRate([run(1000, 5), run(1500, 60)])).toBeUndefined();
    expect(refinementRate([run(15_000, 20)])).toBeUndefined();
    expect(refinementRate([run(1000, 90)])).toBeUndefined();
  });
});

describe('the ratio of two knees', () => {
  it('is exact when both knees were located, and judged against the target', () => {
    const ratio = kneeRatio({ rate: 8500, lowerBound: false }, { rate: 10_000, lowerBound: false })!;
    expect(ratio).toEqual({ value: 0.85, reading: 'exact' });
    expect(ratioVerdict(ratio, 0.8)).toBe('met');
    expect(ratioVerdict(kneeRatio({ rate: 7000, lowerBound: false }, { rate: 10_000, lowerBound: false })!, 0.8)).toBe('missed');
  });

  it('is an upper bound when the relay passed every step: below the target it is a miss, above it nothing is known', () => {
    const low = kneeRatio({ rate: 7000, lowerBound: false }, { rate: 15_000, lowerBound: true })!;
    expect(low.reading).toBe('atMost');
    expect(ratioVerdict(low, 0.8)).toBe('missed');
    expect(ratioVerdict(kneeRatio({ rate: 15_000, lowerBound: false }, { rate: 15_000, lowerBound: true })!, 0.8)).toBe('unknown');
  });

  it('is a lower bound when only the app passed every step, and unknown when both did', () => {
    const high = kneeRatio({ rate: 15_000, lowerBound: true }, { rate: 10_000, lowerBound: false })!;
    expect(ratioVerdict(high, 0.8)).toBe('met');
    expect(ratioVerdict(kneeRatio({ rate: 15_000, lowerBound: true }, { rate: 15_000, lowerBound: true })!, 0.8)).toBe('unknown');
    expect(kneeRatio({ rate: 5000, lowerBound: false }, { rate: 0, lowerBound: false })).toBeUndefined();
  });
});

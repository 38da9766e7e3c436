import { describe, expect, it } from 'vitest';
import { comparisonRate, costAt, kneeOf, kneeRatio, ratioVerdict, refinementRate, type CostEvidence, type KneeEvidence } from './knee.js';

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

describe('what the servers pay per message at the same rate', () => {
  const costed = (offered: number, p99: number, micros: number | null): CostEvidence => ({ ...run(offered, p99), serverMicrosPerMessage: micros });

  it('compares at the highest rate the app met that every other target ran, however those runs went', () => {
    const app = [costed(7000, 27, 105), costed(10_000, 65, 89), costed(10_000, 35, 91), costed(12_500, 1120, 86)];
    const sio = [costed(7000, 215, 69), costed(7000, 119, 58), costed(10_000, 124, 54), costed(15_000, 23, 48)];
    const ws = [costed(10_000, 22, 38), costed(15_000, 26, 33)];
    expect(comparisonRate(app, [sio, ws])).toBe(10_000);
    // the lowest run at the rate: what a run pays beyond it is a stall, not the work
    expect(costAt(app, 10_000)).toBe(89);
    expect(costAt(sio, 10_000)).toBe(54);
  });

  it('falls back to a lower rate when another target never ran the app\'s knee, and to none without a common one', () => {
    const app = [costed(7000, 20, 100), costed(8500, 30, 95)];
    expect(comparisonRate(app, [[costed(7000, 10, 60), costed(10_000, 12, 55)]])).toBe(7000);
    expect(comparisonRate(app, [[costed(10_000, 12, 55)]])).toBeUndefined();
    expect(costAt([costed(7000, 10, null)], 7000)).toBeUndefined();
  });
});

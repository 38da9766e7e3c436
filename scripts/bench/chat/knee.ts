/**
 * The knee rule of scenario 1 and what a set of step runs says about it. Kept apart from the runs
 * themselves so the reading of the figures (a knee at the highest step is only a lower bound, and
 * a ratio of two knees inherits both bounds) is tested on its own.
 */
export const KNEE_P99_MS = 50;

/** What the knee rule looks at in one run of a step. */
export interface KneeEvidence {
  offered: number;
  latency: { p99: number };
  lost: number;
  refused: { size: number };
}

export function meetsKnee(step: KneeEvidence): boolean {
  return step.latency.p99 <= KNEE_P99_MS && step.lost === 0 && step.refused.size === 0;
}

export interface Knee {
  /** highest offered rate with a run meeting the rule, 0 if none */
  rate: number;
  /**
   * No rate above `rate` was run, so the server was never pushed past it: the true knee is `rate`
   * or higher. The relays pass the highest default step on a fast VM.
   */
  lowerBound: boolean;
}

export function kneeOf(steps: KneeEvidence[]): Knee {
  const rate = Math.max(0, ...steps.filter(meetsKnee).map((s) => s.offered));
  return { rate, lowerBound: rate > 0 && !steps.some((s) => s.offered > rate) };
}

/**
 * One more rate to run, halfway between the knee and the lowest rate above it that missed, when
 * that gap is wide: the default steps are 30-50 % apart, and a ratio of two knees read off such
 * steps moves by as much when one target passes or misses a step by a few milliseconds.
 */
export function refinementRate(steps: KneeEvidence[], granularity = 500): number | undefined {
  const knee = kneeOf(steps);
  if (knee.rate === 0 || knee.lowerBound) return undefined;
  const missedAbove = Math.min(...steps.filter((s) => s.offered > knee.rate).map((s) => s.offered));
  const middle = Math.round((knee.rate + missedAbove) / 2 / granularity) * granularity;
  return middle > knee.rate && middle < missedAbove ? middle : undefined;
}

export interface KneeRatio {
  /** app knee / relay knee, as measured */
  value: number;
  /** exact: both knees located; atMost / atLeast: the true ratio is this or lower / higher; unknown: both are lower bounds */
  reading: 'exact' | 'atMost' | 'atLeast' | 'unknown';
}

export function kneeRatio(app: Knee, relay: Knee): KneeRatio | undefined {
  if (relay.rate === 0) return undefined;
  const value = app.rate / relay.rate;
  if (app.lowerBound && relay.lowerBound) return { value, reading: 'unknown' };
  if (relay.lowerBound) return { value, reading: 'atMost' };
  if (app.lowerBound) return { value, reading: 'atLeast' };
  return { value, reading: 'exact' };
}

/** Whether a ratio read this way is known to meet `target`: met, missed, or not established. */
export function ratioVerdict(ratio: KneeRatio, target: number): 'met' | 'missed' | 'unknown' {
  const meets = ratio.value >= target;
  if (ratio.reading === 'exact') return meets ? 'met' : 'missed';
  if (ratio.reading === 'atMost') return meets ? 'unknown' : 'missed';
  if (ratio.reading === 'atLeast') return meets ? 'met' : 'unknown';
  return 'unknown';
}

/** What a comparison of costs looks at in one run of a step. */
export interface CostEvidence extends KneeEvidence {
  /** server CPU per message received, µs; null when the run could not tell */
  serverMicrosPerMessage: number | null;
}

/**
 * The rate at which to compare what each server pays per message: the highest the app met the
 * knee rule at that every other target ran too. Knees swing with a single stall (a relay can miss
 * 7,000/s on one major collection and meet 15,000/s), CPU per message at the same rate hardly
 * does, and when both are bound by CPU the knee ratio tends to the ratio of these costs.
 */
export function comparisonRate(app: CostEvidence[], others: CostEvidence[][]): number | undefined {
  const candidates = app.filter((s) => meetsKnee(s) && s.serverMicrosPerMessage !== null).map((s) => s.offered);
  const ranByAll = candidates.filter((rate) => others.every((steps) => costAt(steps, rate) !== undefined));
  return ranByAll.length > 0 ? Math.max(...ranByAll) : undefined;
}

/**
 * Server CPU per message at one offered rate: the lowest of its runs, since what a run costs
 * beyond the least is a stall or a collection, not the work. Undefined when no run measured it.
 */
export function costAt(steps: CostEvidence[], rate: number): number | undefined {
  const costs = steps.filter((s) => s.offered === rate && s.serverMicrosPerMessage !== null).map((s) => s.serverMicrosPerMessage!);
  return costs.length > 0 ? Math.min(...costs) : undefined;
}

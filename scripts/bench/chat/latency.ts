/**
 * Latency bookkeeping for an open-loop run: every message has a scheduled send time; its
 * latency is receipt minus that time (so a late send counts against the system, no coordinated
 * omission). Values go into an HDR histogram in microseconds.
 */
import * as hdr from 'hdr-histogram-js';

export interface LatencySummary {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

export class LatencyRecorder {
  private readonly histogram = hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 600_000_000, numberOfSignificantValueDigits: 3 });

  /** records one latency given in milliseconds */
  recordMs(ms: number): void {
    this.histogram.recordValue(Math.max(1, Math.round(ms * 1000)));
  }

  /** percentiles in milliseconds */
  summary(): LatencySummary {
    const h = this.histogram;
    return {
      count: h.totalCount,
      p50: h.getValueAtPercentile(50) / 1000,
      p99: h.getValueAtPercentile(99) / 1000,
      max: h.maxValue / 1000,
    };
  }
}

/**
 * Time the hypervisor took a core away (the "steal" column of /proc/stat). On this VM a step's
 * p99 can be spoiled by a pause of the whole machine; a step with steal time says so, where a
 * stall on both sides of the loopback alone would only hint at it.
 */
import { readFileSync } from 'node:fs';

export interface CoreTimes {
  /** jiffies the core was stolen */
  steal: number;
  /** jiffies in all states */
  total: number;
}

/** The core's counters now, or null where /proc/stat is missing or has no such core. */
export function coreTimes(core: number): CoreTimes | null {
  let stat: string;
  try {
    stat = readFileSync('/proc/stat', 'utf8');
  } catch {
    return null;
  }
  const line = stat.split('\n').find((l) => l.startsWith(`cpu${core} `));
  if (!line) return null;
  // user nice system idle iowait irq softirq steal guest guest_nice: guest time is already in user
  const fields = line.trim().split(/\s+/).slice(1, 9).map(Number);
  return { steal: fields[7] ?? 0, total: fields.reduce((a, b) => a + b, 0) };
}

/** Share of the core's time stolen between two readings (null when either is missing). */
export function stealShare(before: CoreTimes | null, after: CoreTimes | null): number | null {
  if (!before || !after || after.total <= before.total) return null;
  return (after.steal - before.steal) / (after.total - before.total);
}

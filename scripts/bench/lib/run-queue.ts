/**
 * How long a thread was runnable but not running: it waited on the core's run queue while
 * something else ran there (its own process's other threads, another process, the kernel's
 * softirq threads). The server runs pinned to one core, so every millisecond its event loop waits
 * there is a millisecond added to every message in flight, yet its CPU time does not show it.
 */
import { readFileSync } from 'node:fs';

/**
 * Nanoseconds `tid` (by default the process's main thread) has waited on a run queue since it
 * started: the second field of /proc/<pid>/task/<tid>/schedstat. Null where the file is missing
 * (not Linux, or a kernel without schedstats) or the process is gone.
 */
export function runQueueWaitNs(pid: number, tid: number = pid): number | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8');
  } catch {
    return null;
  }
  const waited = Number(text.trim().split(/\s+/)[1]);
  return Number.isFinite(waited) ? waited : null;
}

/** Share of `wallMs` the thread spent waiting, between two readings (null when either is missing). */
export function runQueueWaitShare(beforeNs: number | null, afterNs: number | null, wallMs: number): number | null {
  if (beforeNs === null || afterNs === null || wallMs <= 0 || afterNs < beforeNs) return null;
  return (afterNs - beforeNs) / 1e6 / wallMs;
}

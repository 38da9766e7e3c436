/** Tells a major (mark-compact) collection from the others in a `gc` performance entry. */
import { constants } from 'node:perf_hooks';

export function isMajorGc(entry: PerformanceEntry): boolean {
  return (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR;
}

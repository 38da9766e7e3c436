/**
 * CPU pinning for fair measurements on a small machine: the process under test gets core 0 and
 * the load generator core 1, so they do not steal each other's time slices. Without taskset or
 * with a single core the commands run unpinned and the caller is told so.
 */
import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

export const SERVER_CORE = 0;
export const LOAD_CORE = 1;

let tasksetAvailable: boolean | undefined;

export function canPin(): boolean {
  if (tasksetAvailable === undefined) {
    try {
      execFileSync('taskset', ['--version'], { stdio: 'ignore' });
      tasksetAvailable = availableParallelism() >= 2;
    } catch {
      tasksetAvailable = false;
    }
  }
  return tasksetAvailable;
}

/** Prefixes a command with `taskset -c <core>` when pinning is possible. */
export function pinned(core: number, command: string, args: string[]): { command: string; args: string[] } {
  if (!canPin()) return { command, args };
  return { command: 'taskset', args: ['-c', String(core), command, ...args] };
}

/** One line for a bench's title saying how its processes were placed on cores. */
export function pinningNote(withLoadGenerator = true): string {
  if (!canPin()) return 'not pinned (taskset missing or fewer than 2 cores): numbers are noisier';
  const load = withLoadGenerator ? `, load generator to core ${LOAD_CORE}` : '';
  return `processes under test pinned to core ${SERVER_CORE}${load} (taskset)`;
}

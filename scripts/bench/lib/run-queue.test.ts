import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { runQueueWaitNs, runQueueWaitShare } from './run-queue.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const children: ChildProcess[] = [];

/** A process that keeps one core busy, pinned to core 0 (taskset: util-linux, on every Debian). */
function busyOnCoreZero(): ChildProcess {
  const child = spawn('taskset', ['-c', '0', process.execPath, '-e', 'const end = Date.now() + 5000; while (Date.now() < end);'], { stdio: 'ignore' });
  children.push(child);
  return child;
}

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

describe('run-queue wait of the bench server', () => {
  it('shows a process waiting for a core that another busy process shares', async () => {
    const measured = busyOnCoreZero();
    busyOnCoreZero();
    await sleep(300);
    const before = runQueueWaitNs(measured.pid!);
    await sleep(500);
    const share = runQueueWaitShare(before, runQueueWaitNs(measured.pid!), 500);
    // Two busy processes on one core: each waits about half the time.
    expect(share).not.toBeNull();
    expect(share!).toBeGreaterThan(0.25);
    expect(share!).toBeLessThan(1.05);
  });

  it('says nothing for a process that is gone, rather than a figure', () => {
    expect(runQueueWaitNs(2 ** 22 + 17)).toBeNull();
    expect(runQueueWaitShare(null, 5, 100)).toBeNull();
  });
});

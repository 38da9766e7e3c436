/** A full disk for a test, without root: this process may not grow any file while `body` runs. */
import { execFileSync } from 'node:child_process';
import type { Db } from '@db/client.js';

/**
 * RLIMIT_FSIZE 0 on this (vitest worker) process, set and lifted with util-linux prlimit. The
 * WAL is emptied first, so its next frame would grow it: every commit fails (SQLITE_IOERR_WRITE,
 * where a real full disk says SQLITE_FULL), reads work, as when the data folder's disk is full.
 */
export async function withFullDisk(db: Db, body: () => Promise<void>): Promise<void> {
  const pid = String(process.pid);
  const [, hard] = execFileSync('prlimit', ['--pid', pid, '--fsize', '--raw', '--noheadings', '--output=SOFT,HARD'], { encoding: 'utf8' }).trim().split(/\s+/);
  // The checkpoint worker's own pass may hold the WAL for a moment: then try again.
  for (let attempt = 0; ; attempt++) {
    const [result] = db.$client.pragma('wal_checkpoint(TRUNCATE)') as Array<{ busy: number; log: number }>;
    if (result!.busy === 0 && result!.log === 0) break;
    if (attempt === 50) throw new Error('withFullDisk: the WAL could not be emptied');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  execFileSync('prlimit', ['--pid', pid, `--fsize=0:${hard}`]);
  try {
    await body();
  } finally {
    execFileSync('prlimit', ['--pid', pid, `--fsize=${hard}:${hard}`]);
  }
}

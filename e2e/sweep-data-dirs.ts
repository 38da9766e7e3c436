import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Playwright's global setup: removes the data dirs that earlier runs left in .tmp. The shared
 * server's dir (playwright.config.ts) is never removed by its own run, since Playwright kills
 * that server after the last hook, and a run cut short leaves its private servers' dirs too.
 * A dir is named after the process that made it (e2e-<pid>, e2e-private-<pid>-<port>,
 * e2e-two-nodes-<pid>); one whose process is gone is swept, so a run leaves at most its own.
 */
const OWNED_DIR = /^e2e-(?:private-|two-nodes-)?(\d+)(?:-\d+)?$/;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but is someone else's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export default function sweepDataDirs(): void {
  const root = '.tmp';
  let names: string[];
  try {
    names = readdirSync(root);
  } catch {
    return;
  }
  for (const name of names) {
    const owner = OWNED_DIR.exec(name)?.[1];
    if (owner !== undefined && !isRunning(Number(owner))) rmSync(join(root, name), { recursive: true, force: true });
  }
}

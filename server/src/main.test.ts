/**
 * The process entry as an operator meets it: a start that cannot succeed says why in one line,
 * naming the variable to change, and exits 1 (a bad configuration value exits 2).
 */
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './test/harness.js';
import { freePort, repoRoot } from './test/multi-process.js';

/** Runs server/src/main.ts with `env` until it exits; kills it after `timeoutMs` (a start that went on). */
function runMain(env: Record<string, string>, timeoutMs = 20_000): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test', HOST: '127.0.0.1', SEED_ON_START: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    }),
  );
}

let dir: string;
let taken: Server;
let takenPort: number;

beforeAll(async () => {
  dir = tempDir('main-start-');
  takenPort = await freePort();
  taken = createServer();
  await new Promise<void>((resolve) => taken.listen(takenPort, '127.0.0.1', resolve));
});

afterAll(async () => {
  await new Promise<void>((resolve) => taken.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

describe('a start that cannot succeed', () => {
  it('names the port that is taken, in one line, and exits 1', async () => {
    const { code, output } = await runMain({ PORT: String(takenPort), DATA_DIR: dir });
    expect(code).toBe(1);
    expect(output).toContain(`[server] cannot start: port ${takenPort} is already in use on 127.0.0.1 (PORT, HOST)`);
    expect(output).not.toMatch(/^\s+at /m);
  });

  it('names the database file it cannot create and the variables that place it, and exits 1', async () => {
    const file = join(dir, 'not-a-directory');
    writeFileSync(file, '');
    const { code, output } = await runMain({ PORT: '0', DATA_DIR: join(file, 'data') });
    expect(code).toBe(1);
    expect(output).toContain(`[server] cannot start: cannot open the database ${join(file, 'data', 'app.db')} (DATA_DIR, DATABASE_FILE)`);
    expect(output).not.toMatch(/^\s+at /m);
  });

  // Node's own recursive mkdir never returned there: the start spun at full CPU until killed.
  it('says it cannot create a data directory under /proc, promptly, and exits 1', async () => {
    const started = Date.now();
    const { code, output } = await runMain({ PORT: '0', DATA_DIR: '/proc/nope' }, 10_000);
    expect(output).toBe(`[server] cannot start: cannot open the database /proc/nope/app.db (DATA_DIR, DATABASE_FILE): ENOENT: no such file or directory, mkdir '/proc/nope'\n`);
    expect(code).toBe(1);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('exits 2 on a configuration value it would misread', async () => {
    const { code, output } = await runMain({ PORT: '0', DATA_DIR: dir, REDIS_URL: 'http://127.0.0.1:6379' });
    expect(code).toBe(2);
    expect(output).toMatch(/REDIS_URL: must look like redis:\/\//);
  });
});

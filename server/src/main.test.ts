/**
 * The process entry as an operator meets it: a start that cannot succeed says why in one line,
 * naming the variable to change, and exits 1 (a bad configuration value exits 2); a start that
 * succeeds says where it listens.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '@db/client.js';
import { tempDir } from './test/harness.js';
import { freePort, repoRoot } from './test/multi-process.js';

interface MainProcess {
  child: ChildProcess;
  /** stdout and stderr so far, interleaved as they arrived */
  output(): string;
  /** resolves with the exit code (null when a signal killed it) once the process has ended */
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** resolves once `line` appears in the output; rejects when the process ends first */
  printed(line: RegExp): Promise<void>;
}

/** Starts server/src/main.ts with `env`; kills it after `timeoutMs` (a start or stop that went on). */
function spawnMain(env: Record<string, string>, timeoutMs = 20_000): MainProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test', HOST: '127.0.0.1', SEED_ON_START: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal });
    }),
  );
  const printed = (line: RegExp) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!line.test(output)) return;
        child.stdout.off('data', check);
        child.stderr.off('data', check);
        resolve();
      };
      child.stdout.on('data', check);
      child.stderr.on('data', check);
      check();
      void exit.then(() => reject(new Error(`exited before printing ${line}:\n${output}`)));
    });
  return { child, output: () => output, exit, printed };
}

/** Runs server/src/main.ts with `env` until it exits. */
async function runMain(env: Record<string, string>, timeoutMs?: number): Promise<{ code: number | null; output: string }> {
  const main = spawnMain(env, timeoutMs);
  const { code } = await main.exit;
  return { code, output: main.output() };
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

describe('the ready line', () => {
  /** Starts main listening on `host`; resolves with its ready line once printed. */
  async function startedOn(host: string): Promise<{ line: string; stop(): Promise<unknown> }> {
    const main = spawnMain({ PORT: '0', DATA_DIR: dir, HOST: host });
    const stop = () => (main.child.kill('SIGTERM'), main.exit);
    await main.printed(/\[server\] ready on .*\n/).catch(async (err: Error) => {
      await stop();
      throw err;
    });
    return { line: /\[server\] ready on .*/.exec(main.output())![0], stop };
  }

  /** The URL a ready line offers, after checking the line against `shape` (its first group is the URL). */
  function urlOf(line: string, shape: RegExp): string {
    const url = shape.exec(line)?.[1];
    expect(url, line).toBeDefined();
    return url!;
  }

  /** Whether the server answers at `url` (its health check; 503 without a seeded site is an answer). */
  async function answers(url: string): Promise<boolean> {
    const res = await fetch(`${url}/healthz`);
    return res.status === 200 || res.status === 503;
  }

  it.each([
    ['127.0.0.1', /^\[server\] ready on (http:\/\/127\.0\.0\.1:\d+) in \d+ ms \(embedded mode\)$/],
    ['::1', /^\[server\] ready on (http:\/\/\[::1\]:\d+) in \d+ ms \(embedded mode\)$/],
  ])('names the address HOST=%s made it listen on, as a URL that reaches it', async (host, shape) => {
    const server = await startedOn(host);
    try {
      expect(await answers(urlOf(server.line, shape))).toBe(true);
    } finally {
      await server.stop();
    }
  });

  it.each([
    ['0.0.0.0', /^\[server\] ready on (http:\/\/localhost:(\d+)) \(all interfaces, 0\.0\.0\.0:\2\) in \d+ ms \(embedded mode\)$/],
    ['::', /^\[server\] ready on (http:\/\/localhost:(\d+)) \(all interfaces, \[::\]:\2\) in \d+ ms \(embedded mode\)$/],
  ])('says HOST=%s listens on all interfaces, and gives the URL that works on this machine', async (host, shape) => {
    const server = await startedOn(host);
    try {
      expect(await answers(urlOf(server.line, shape))).toBe(true);
    } finally {
      await server.stop();
    }
  });
});

describe('a stop asked for while the server starts', () => {
  /** Resolves once `file` exists (the start is under way), polling; rejects after `ms`. */
  async function appears(file: string, ms = 15_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!existsSync(file)) {
      if (Date.now() > deadline) throw new Error(`${file} did not appear`);
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  // The signal arrives once the database file exists, while the seed (2,000 members and their
  // avatar files, about 0.6 s here) still runs: Node's default handling killed the process there.
  it.each(['SIGTERM', 'SIGINT'] as const)('%s: finishes the start, stops as usual and exits 0, leaving the seed whole', async (signal) => {
    const dataDir = tempDir('main-stop-start-');
    try {
      const main = spawnMain({ PORT: '0', DATA_DIR: dataDir, SEED_ON_START: 'true', SEED_MEMBERS: '2000' });
      await appears(join(dataDir, 'app.db'));
      main.child.kill(signal);
      expect(await main.exit, main.output()).toEqual({ code: 0, signal: null });
      expect(main.output()).toContain(`[server] ${signal} while starting: stopping once started\n`);
      expect(main.output()).toMatch(/\[server\] stopped in \d+ ms\n$/);
      expect(main.output()).not.toContain('ready on');

      // The seed is all there: every member and an avatar file for each.
      const db = openDb(join(dataDir, 'app.db'));
      try {
        expect(db.$client.prepare('select count(*) as n from users').get()).toEqual({ n: 2002 });
      } finally {
        db.$client.close();
      }
      expect(readdirSync(join(dataDir, 'uploads', 'avatars'))).toHaveLength(2002);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

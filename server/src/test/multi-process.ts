/**
 * Helpers for tests that run the real thing as separate processes: a private redis-server on a
 * free port (never the shared one: channel and key names would collide with other test runs),
 * server processes started with `node --import tsx server/src/main.ts`, and a shared SQLite file
 * prepared in advance.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDb, type Db } from '@db/client.js';
import type { RealtimeStats } from '../realtime/io.js';
import { insertTestSite } from './factories.js';
import { tempDir } from './harness.js';

/** The repository's root folder: servers run from there, and deployment files live under it. */
export const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const SESSION_SECRET = 'multi-process-test-secret-0123456789abcdef';

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolvePort(port));
    });
  });
}

/** Spawns a process and resolves once a line of its output matches `ready`; keeps the output for errors. */
function spawnUntil(command: string, args: string[], env: NodeJS.ProcessEnv, ready: RegExp, timeoutMs: number): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(command, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  return new Promise((resolveReady, reject) => {
    const timer = setTimeout(() => fail(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
    const fail = (err: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${command} ${args.join(' ')}: ${err.message}\n${log.slice(-3000)}`));
    };
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      if (ready.test(log)) {
        clearTimeout(timer);
        resolveReady({ child, output: () => log });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => fail(new Error(`exited with ${code} before it was ready`)));
  });
}

/** Resolves once `child` has exited (at once if it already has). */
export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((r) => child.once('exit', () => r()));
}

export interface PrivateRedis {
  port: number;
  url: string;
  /** SIGKILL, like a crash: nothing is saved (it runs without persistence) */
  kill(): Promise<void>;
  /** starts it again on the same port */
  start(): Promise<void>;
}

/** `port`: a fixed one (tests that must stay within an agreed range), else any free one. */
export async function startPrivateRedis(port?: number): Promise<PrivateRedis> {
  port ??= await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    ({ child } = await spawnUntil('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], process.env, /Ready to accept connections/, 10_000));
  };
  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    async kill() {
      if (!child) return;
      child.kill('SIGKILL');
      await exited(child);
    },
    start,
  };
}

export interface SharedDatabase {
  dir: string;
  file: string;
  /** an open handle for preparing data and asserting on it (WAL lets processes share the file) */
  db: Db;
  siteId: number;
  remove(): void;
}

/** A database file with the test site, for several server processes to share. */
export function sharedDatabase(): SharedDatabase {
  const dir = tempDir('dating-multi-');
  const file = join(dir, 'app.db');
  const db = openDb(file);
  const siteId = insertTestSite(db);
  return {
    dir,
    file,
    db,
    siteId,
    remove() {
      db.$client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface NodeOptions {
  databaseFile: string;
  redisUrl?: string;
  port?: number;
  env?: Record<string, string>;
}

export interface ServerNode {
  port: number;
  url: string;
  output(): string;
  stats(): Promise<RealtimeStats>;
  /** SIGKILL, like a crash */
  kill(): Promise<void>;
  /** resolves when the process has ended by itself (e.g. a fault hook) */
  exited(): Promise<void>;
  /** graceful stop (SIGTERM); resolves with the exit code (null when a signal ended it) */
  stop(): Promise<number | null>;
}

/** Starts `server/src/main.ts` in its own process on a port of its own and waits until it listens. */
export async function startNode(options: NodeOptions): Promise<ServerNode> {
  const port = options.port ?? (await freePort());
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: join(options.databaseFile, '..'),
    DATABASE_FILE: options.databaseFile,
    SEED_ON_START: 'false',
    SESSION_SECRET,
    ARGON2_MAX_CONCURRENT: '2',
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
    ...options.env,
  };
  const { child, output } = await spawnUntil(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], env, /\[server\] ready/, 30_000);
  const url = `http://127.0.0.1:${port}`;
  return {
    port,
    url,
    output,
    async stats() {
      const res = await fetch(`${url}/dev/realtime-stats`);
      return (await res.json()) as RealtimeStats;
    },
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    exited: () => exited(child),
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
      return child.exitCode;
    },
  };
}

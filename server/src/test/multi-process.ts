/**
 * Helpers for tests that run the real thing as separate processes (the process plumbing and the
 * private redis-server are in processes.ts, re-exported here),
 * server processes started with `node --import tsx server/src/main.ts`, and a shared SQLite file
 * prepared in advance.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { openDb, type Db } from '@db/client.js';
import type { RealtimeStats } from '../realtime/io.js';
import { insertTestSite } from './factories.js';
import { tempDir } from './harness.js';
import { exited, freePort, repoRoot, spawnUntil } from './processes.js';

export { exited, freePort, repoRoot, startPrivateRedis, type PrivateRedis } from './processes.js';

const SESSION_SECRET = 'multi-process-test-secret-0123456789abcdef';

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

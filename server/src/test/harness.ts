/**
 * Test building blocks: a fresh database file per test file, a running server on a free port,
 * an HTTP client with a cookie jar, and factories that create their own dependencies.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb, type Db } from '@db/client.js';
import { loadConfig, type Config } from '../config.js';
import { ManualClock } from '../clock.js';
import { startServer, type RunningServer, type StartOptions } from '../server.js';
import { insertTestSite } from './factories.js';

export function tempDir(prefix = 'dating-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export interface TestDatabase {
  db: Db;
  /** closes the database and removes its directory */
  close(): void;
}

/** A migrated database file in a directory of its own, holding the test site: for tests below HTTP. */
export function openTestDatabase(): TestDatabase {
  const dir = tempDir();
  const db = openDb(join(dir, 'test.db'));
  insertTestSite(db);
  return {
    db,
    close() {
      db.$client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function testConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_ON_START: 'false', ARGON2_MAX_CONCURRENT: '4', ...env });
}

export interface TestServer extends RunningServer {
  db: Db;
  clock: ManualClock;
  dataDir: string;
  siteId: number;
  /** closes the server and removes its files */
  destroy(): Promise<void>;
}

/** Starts a full server (HTTP + realtime) on 127.0.0.1 with a fresh database holding one site. */
export async function startTestServer(env: Record<string, string> = {}, options: StartOptions = {}): Promise<TestServer> {
  const dataDir = tempDir();
  const config = testConfig(dataDir, env);
  const db = options.db ?? openDb(config.databaseFile);
  const siteId = insertTestSite(db);
  const clock = (options.clock as ManualClock | undefined) ?? new ManualClock(Date.now());
  const server = await startServer(config, { ...options, db, clock });
  return {
    ...server,
    db,
    clock,
    dataDir,
    siteId,
    async destroy() {
      await server.close();
      db.$client.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fetch wrapper that keeps cookies like a browser would for one origin. */
export class TestClient {
  private cookies = new Map<string, string>();
  constructor(
    readonly baseUrl: string,
    private readonly defaultHeaders: Record<string, string> = {},
    /** e.g. fetchFrom(address) (test/fetch-from.ts), to reach a load balancer from a chosen address */
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: any; headers: Headers }> {
    const init: RequestInit = { method, headers: { ...this.defaultHeaders, ...headers, cookie: this.cookieHeader() } };
    if (body !== undefined) {
      (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
    }
    const res = await this.fetchImpl(this.baseUrl + path, { ...init, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      if (/expires=Thu, 01 Jan 1970/i.test(c) || value === '') this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body: parsed, headers: res.headers };
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request('GET', path, undefined, headers);
  }
  post(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('POST', path, body ?? {}, headers);
  }
  put(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('PUT', path, body ?? {}, headers);
  }
  delete(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('DELETE', path, body, headers);
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }
}

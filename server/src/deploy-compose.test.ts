/**
 * docker-compose.yml's app nodes, run without Docker: each node's environment as compose would
 * give it (the operator's variables filled in, `${NAME:-default}` defaults applied), with only what
 * Docker's network and volumes provide swapped for local equivalents (the Redis host, /data, the
 * port). The load balancer in front of them has its own test (realtime/load-balancer.test.ts).
 */
import { readFileSync, rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { parse } from 'yaml';
import { openDb } from '@db/client.js';
import { DEMO_ACCOUNTS } from '@db/seed/demo-accounts.js';
import { LISTEN_BACKLOG } from './server.js';
import { insertTestSite } from './test/factories.js';
import { TestClient, tempDir } from './test/harness.js';
import { repoRoot, startNode, startPrivateRedis, type PrivateRedis, type ServerNode } from './test/multi-process.js';

/** What an operator sets before `docker compose up` (compose refuses to start without the first two). */
const OPERATOR_ENV: Record<string, string> = {
  SMTP_URL: 'smtp://mailer:secret@127.0.0.1:2525',
  SESSION_SECRET: 'compose-test-secret-0123456789abcdef0123',
};

interface ComposeFile {
  services: Record<string, { environment?: Record<string, string>; sysctls?: Record<string, number | string> }>;
}

/** Compose's interpolation of `${NAME}`, `${NAME:-default}` and `${NAME:?message}`. */
function interpolate(value: string, env: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_, name: string, kind?: string, rest = '') => {
    if (env[name] !== undefined && env[name] !== '') return env[name]!;
    if (kind === '-') return rest;
    throw new Error(`compose would refuse to start: ${rest || name}`);
  });
}

/** A service's `environment` as written (merge keys applied, nothing interpolated). */
function rawEnvironment(service: string): Record<string, string> {
  const compose = parse(readFileSync(join(repoRoot, 'docker-compose.yml'), 'utf8'), { merge: true }) as ComposeFile;
  const environment = compose.services[service]?.environment;
  if (!environment) throw new Error(`docker-compose.yml has no environment for ${service}`);
  return Object.fromEntries(Object.entries(environment).map(([name, value]) => [name, String(value)]));
}

/** A service's environment as compose gives it with OPERATOR_ENV set. */
function composeEnvironment(service: string): Record<string, string> {
  return Object.fromEntries(Object.entries(rawEnvironment(service)).map(([name, value]) => [name, interpolate(value, OPERATOR_ENV)]));
}

/** The image's HEALTHCHECK command (deploy/Dockerfile), aimed at `port` instead of the container's 3000. */
function healthCheck(port: number): Promise<number | null> {
  const dockerfile = readFileSync(join(repoRoot, 'deploy/Dockerfile'), 'utf8');
  const script = /CMD node -e "([^"]+)"/.exec(dockerfile.slice(dockerfile.indexOf('HEALTHCHECK')))?.[1];
  if (!script?.includes('127.0.0.1:3000')) throw new Error('deploy/Dockerfile: no HEALTHCHECK probing 127.0.0.1:3000');
  const child = spawn(process.execPath, ['-e', script.replace('127.0.0.1:3000', `127.0.0.1:${port}`)], { stdio: 'ignore' });
  return new Promise((r) => child.once('exit', (code) => r(code)));
}

/**
 * A node started through tsx that seeds in production (argon2 hashes of the demo accounts) took
 * over the suite's 20 s in a CI run on a busy machine; startNode itself waits 30 s for "ready".
 */
const NODE_TEST_TIMEOUT_MS = 60_000;

let redis: PrivateRedis;
let dataDir: string;
const nodes: ServerNode[] = [];

/** Starts a node with `service`'s compose environment on the shared data directory. */
async function startService(service: 'app1' | 'app2'): Promise<ServerNode> {
  const env = composeEnvironment(service);
  // Docker's network and volume, here: the `redis` service and the `data` volume.
  expect(env.REDIS_URL).toBe('redis://redis:6379');
  expect(env.DATA_DIR).toBe('/data');
  const node = await startNode({ databaseFile: join(dataDir, 'app.db'), env: { ...env, REDIS_URL: redis.url, DATA_DIR: dataDir } });
  nodes.push(node);
  return node;
}

beforeAll(async () => {
  redis = await startPrivateRedis();
  dataDir = tempDir('dating-compose-');
}, 30_000);

afterAll(async () => {
  await Promise.all(nodes.map((n) => n.stop()));
  await redis?.kill();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

describe('docker-compose.yml app nodes', () => {
  it('both nodes and the load balancer let the kernel queue as many reconnects as the app and nginx ask for', () => {
    const compose = parse(readFileSync(join(repoRoot, 'docker-compose.yml'), 'utf8'), { merge: true }) as ComposeFile;
    const somaxconn = Object.fromEntries(['app1', 'app2', 'lb'].map((service) => [service, Number(compose.services[service]?.sysctls?.['net.core.somaxconn'])]));
    expect(somaxconn).toEqual({ app1: LISTEN_BACKLOG, app2: LISTEN_BACKLOG, lb: LISTEN_BACKLOG });
    expect(readFileSync(join(repoRoot, 'deploy/nginx.conf'), 'utf8')).toMatch(new RegExp(`listen 8080 backlog=${LISTEN_BACKLOG};`));
  });

  it('refuses to start without the mail server and the session secret, as its comments say', () => {
    for (const service of ['app1', 'app2']) {
      const environment = rawEnvironment(service);
      expect(() => interpolate(environment.SESSION_SECRET!, {})).toThrow(/SESSION_SECRET/);
      expect(() => interpolate(environment.SMTP_URL!, {})).toThrow(/SMTP_URL/);
    }
  });

  it('app1 boots in production on an empty volume, seeds it, and passes the image health check', async () => {
    const node = await startService('app1');
    expect(node.output()).toMatch(/ready on .* \(redis mode\)/);
    // The commits of this node write their WAL frames through the wal-batch extension.
    expect(node.output()).toContain('[db] WAL writes: one per commit (wal-batch)');
    expect(await healthCheck(node.port)).toBe(0);
    const http = new TestClient(node.url);
    // seeded: the demo account logs in
    const login = await http.post('/api/user.php', { email: DEMO_ACCOUNTS.free.email, password: DEMO_ACCOUNTS.free.password });
    expect(login.status).toBe(200);
    // production: the development outbox (which shows every reset link) is not served. What answers
    // instead depends on whether the client is built (404 page, or 503 before `npm run build`).
    const outbox = await http.get('/dev/outbox?format=json');
    expect(outbox.body?.mails).toBeUndefined();
    expect(outbox.status).not.toBe(200);
  }, NODE_TEST_TIMEOUT_MS);

  it('app2 joins on the same volume without seeding again, and a log-in on one node holds on the other', async () => {
    const first = nodes[0] ?? (await startService('app1'));
    const second = await startService('app2');
    expect(second.output()).not.toMatch(/\[seed\]/);
    expect(await healthCheck(second.port)).toBe(0);

    const onFirst = new TestClient(first.url);
    expect((await onFirst.post('/api/user.php', { email: DEMO_ACCOUNTS.premium.email, password: DEMO_ACCOUNTS.premium.password })).status).toBe(200);
    // The same browser after the balancer moved it (a node restarted): the session is in Redis.
    const me = await fetch(`${second.url}/api/user.php`, { headers: { cookie: onFirst.cookieHeader() } });
    expect(me.status).toBe(200);
    expect(await me.text()).toContain(DEMO_ACCOUNTS.premium.name);
    // held by Redis (connect-redis), not by the shared SQLite file of the embedded mode
    const client = new Redis(redis.url);
    try {
      expect((await client.keys('sess:*')).length).toBeGreaterThan(0);
    } finally {
      client.disconnect();
    }
  }, NODE_TEST_TIMEOUT_MS);

  it("passes the image health check on a real deployment's database, whose site knows only its own domain", async () => {
    // SEED_ON_START=false on a database the operator prepared: no demo site answering for 127.0.0.1,
    // the address the probe inside the container sends as its Host.
    const realDataDir = tempDir('dating-compose-real-');
    let node: ServerNode | undefined;
    try {
      const db = openDb(join(realDataDir, 'app.db'));
      insertTestSite(db, { domain: 'amora.example', aliases: [] });
      db.$client.close();
      const env = { ...composeEnvironment('app2'), REDIS_URL: redis.url, DATA_DIR: realDataDir, PUBLIC_URL: 'https://amora.example' };
      node = await startNode({ databaseFile: join(realDataDir, 'app.db'), env });
      expect(await healthCheck(node.port)).toBe(0);
    } finally {
      await node?.stop();
      rmSync(realDataDir, { recursive: true, force: true });
    }
  });
});

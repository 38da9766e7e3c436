/**
 * GET /healthz as a load balancer, the image's HEALTHCHECK and monitoring use it: answered for any
 * Host (a probe sends the node's own address), 503 when the node cannot serve, and in Redis mode
 * 200 "degraded" while Redis is away (every node shares it: taking them all out would stop
 * everything that still works).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { sites } from '@db/schema/index.js';
import { startTestServer, type TestServer } from '../test/harness.js';
import { startPrivateRedis, type PrivateRedis } from '../test/multi-process.js';
import { sleep } from '../realtime/testing.js';
import { checkHealth, sendHealth } from './health.js';

const servers: TestServer[] = [];
let redis: PrivateRedis | undefined;

afterAll(async () => {
  await Promise.all(servers.map((s) => s.destroy()));
  await redis?.kill();
}, 20_000);

async function server(env: Record<string, string> = {}): Promise<TestServer> {
  const started = await startTestServer(env);
  servers.push(started);
  return started;
}

async function health(server: TestServer, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}/healthz`, { headers });
  return { status: res.status, cacheControl: res.headers.get('cache-control'), body: (await res.json()) as Record<string, unknown> };
}

describe('GET /healthz', () => {
  it('answers 200 for any Host, without a session, and is never cached', async () => {
    const embedded = await server();
    const answer = await health(embedded, { host: `10.0.0.7:${embedded.port}` });
    expect(answer).toEqual({ status: 200, cacheControl: 'no-store', body: { status: 'ok', mode: 'embedded', database: 'ok' } });
    expect((await fetch(`${embedded.url}/healthz`, { method: 'HEAD' })).status).toBe(200);
  });

  it('answers 503 on a database that holds no site, where every request would be unknown_site', async () => {
    const empty = await server();
    empty.db.delete(sites).run();
    expect(await health(empty)).toMatchObject({ status: 503, body: { status: 'unavailable', database: 'no_site' } });
  });

  // A node under SIGTERM still answers a balancer's kept-alive connection: it must say so, or it gets new requests while it closes.
  it('answers 503 stopping once the node began to stop, though its database is fine', async () => {
    const node = await server();
    const sources = { db: node.db, mode: 'embedded' as const, stopping: () => true };
    expect(checkHealth(sources)).toEqual({ status: 'stopping', mode: 'embedded', database: 'ok' });
    const probe = createServer((req, res) => sendHealth(req, res, sources));
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(probe.address() as AddressInfo).port}/healthz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ status: 'stopping' });
    } finally {
      await new Promise<void>((resolve) => probe.close(() => resolve()));
    }
  });

  it('in Redis mode says degraded, still 200, while Redis is away, and ok once it is back', async () => {
    redis = await startPrivateRedis();
    const node = await server({ REDIS_URL: redis.url });
    expect(await health(node)).toMatchObject({ status: 200, body: { status: 'ok', mode: 'redis', redis: 'ok' } });

    await redis.kill();
    await sleep(300);
    expect(await health(node)).toMatchObject({ status: 200, body: { status: 'degraded', redis: 'down' } });

    await redis.start();
    const deadline = Date.now() + 10_000;
    while ((await health(node)).body.status !== 'ok' && Date.now() < deadline) await sleep(100);
    expect(await health(node)).toMatchObject({ status: 200, body: { status: 'ok', redis: 'ok' } });
  }, 30_000);
});

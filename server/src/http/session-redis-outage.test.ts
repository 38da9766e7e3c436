/**
 * A Redis outage in Redis mode: members whose session this node has read go on reading, what needs
 * a session write answers 503 with Retry-After, and everything works again once Redis is back.
 */
import { sign } from 'cookie-signature';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_COOKIE_NAME } from '@shared/constants.js';
import { loggedInClient } from '../modules/auth/auth-test-helpers.js';
import { createMember } from '../test/factories.js';
import { startTestServer, TestClient, type TestServer } from '../test/harness.js';
import { startPrivateRedis, type PrivateRedis } from '../test/multi-process.js';

const REDIS_PORT = 6390;
const SERVER_PORT = 3431;

let redis: PrivateRedis;
let server: TestServer;

beforeAll(async () => {
  redis = await startPrivateRedis(REDIS_PORT);
  server = await startTestServer({ REDIS_URL: redis.url, PORT: String(SERVER_PORT) });
}, 30_000);

afterAll(async () => {
  await redis?.start().catch(() => {}); // so that the server's close does not wait on a dead Redis
  await server?.destroy();
  await redis?.kill();
});

/** The session id inside a signed `auth.sid` cookie value (s:<sid>.<signature>). */
const sidOf = (cookie: string) => decodeURIComponent(cookie).slice(2).split('.')[0]!;

function expectServiceUnavailable(res: { status: number; body: any; headers: Headers }) {
  expect(res.status).toBe(503);
  expect(res.body).toMatchObject({ error: 'service_unavailable' });
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
}

describe('a Redis outage with REDIS_URL sessions', () => {
  it('keeps serving known sessions, refuses session writes with 503, and recovers', async () => {
    const member = await createMember(server.db);
    const other = await createMember(server.db);
    const client = await loggedInClient(server, member.email, member.password);
    expect((await client.get('/api/chats.php')).status).toBe(200);
    expect((await client.get('/api/user.php')).body.user.id).toBe(member.id);

    // Redis runs with persistence in production (docker-compose: appendonly); this private one has
    // none, so the session is put back by hand after the restart, as a persisted Redis would have it.
    const sid = sidOf(client.cookie(AUTH_COOKIE_NAME)!);
    const admin = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 0 });
    const stored = await admin.get(`sess:${sid}`);
    admin.disconnect();
    expect(stored).not.toBeNull();

    await redis.kill();

    // The member's polling goes on: the same answers as before.
    const chats = await client.get('/api/chats.php');
    expect(chats.status).toBe(200);
    const me = await client.get('/api/user.php');
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(member.id);
    expect((await client.get('/api/counts.php')).status).toBe(200);

    // A log-in needs a session write: refused, honestly, for now.
    const newcomer = new TestClient(server.url);
    expectServiceUnavailable(await newcomer.post('/api/user.php', { email: other.email, password: other.password }));

    // A session this node never read may be live or gone: without Redis nobody can tell.
    const unknownCookie = `${AUTH_COOKIE_NAME}=${encodeURIComponent(`s:${sign('no-such-session', server.ctx.sessionSecret)}`)}`;
    const stranger = await fetch(`${server.url}/api/chats.php`, { headers: { cookie: unknownCookie } });
    expectServiceUnavailable({ status: stranger.status, body: await stranger.json(), headers: stranger.headers });

    // A log-out that cannot reach Redis must not look done: the session would come back after.
    const logout = await client.get('/api/logout.php');
    expectServiceUnavailable(logout);
    expect(client.cookie(AUTH_COOKIE_NAME)).toBeDefined();

    await redis.start();
    const restored = new Redis(redis.url, { maxRetriesPerRequest: 0 });
    await restored.set(`sess:${sid}`, stored!, 'EX', 3600);
    restored.disconnect();

    await expect.poll(async () => (await client.get('/api/chats.php')).status, { timeout: 10_000, interval: 200 }).toBe(200);
    expect((await client.get('/api/user.php')).body.user.id).toBe(member.id);
    const again = await loggedInClient(server, other.email, other.password);
    expect((await again.get('/api/user.php')).body.user.id).toBe(other.id);
    expect((await client.get('/api/logout.php')).status).toBe(200);
    expect((await client.get('/api/user.php')).status).toBe(403);
  }, 60_000);
});

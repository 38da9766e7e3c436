/**
 * Redis cut off by a network partition: the TCP connection stays open but nothing comes back
 * (packets dropped), so the client learns nothing of an outage. Members whose session this node
 * has read must go on as during an outage it knows about (session-redis-outage.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../test/factories.js';
import { startTestServer, TestClient, type TestServer } from '../test/harness.js';
import { startPrivateRedis, type PrivateRedis } from '../test/multi-process.js';
import { openPartitionLink, type PartitionLink } from '../test/partition-link.js';
import { openSocket } from '../realtime/testing.js';
import { send } from '../modules/chats/chat-test-kit.js';

let redis: PrivateRedis;
let link: PartitionLink;
let server: TestServer;

beforeAll(async () => {
  redis = await startPrivateRedis();
  link = await openPartitionLink(redis.port);
  server = await startTestServer({ REDIS_URL: link.url, REDIS_COMMAND_TIMEOUT_MS: '300' });
}, 30_000);

afterAll(async () => {
  await link?.close();
  await server?.destroy();
  await redis?.kill();
});

/** A browser that, as the app does, takes no answer in time as a failure. */
const browser = () => new TestClient(server.url, {}, (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(3_000) }));

describe('a network partition between the node and Redis', () => {
  it('keeps serving known sessions and answers session writes with 503', async () => {
    const member = await createMember(server.db);
    const other = await createMember(server.db);
    const client = browser();
    expect((await client.post('/api/user.php', { email: member.email, password: member.password })).status).toBe(200);
    expect((await client.get('/api/user.php')).body.user.id).toBe(member.id);

    link.partition();

    const me = await client.get('/api/user.php');
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(member.id);
    expect((await client.get('/api/chats.php')).status).toBe(200);
    // A socket (re)connecting with that session is let in, as the app's live chat needs.
    const socket = await Promise.race([
      openSocket(server.url, { cookie: client.cookieHeader() }),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no handshake answer in 3 s')), 3_000)),
    ]);
    socket.close();

    const newcomer = browser();
    const login = await newcomer.post('/api/user.php', { email: other.email, password: other.password });
    expect(login.status).toBe(503);
    expect(login.body).toMatchObject({ error: 'service_unavailable' });

    link.heal();
  });
});

describe('a network partition between the node and Redis, with chats', () => {
  it('still lists the member\'s chats and takes new messages', async () => {
    const member = await createMember(server.db, { credits: 100 });
    const other = await createMember(server.db, { credits: 100 });
    const client = browser();
    expect((await client.post('/api/user.php', { email: member.email, password: member.password })).status).toBe(200);
    expect((await send(client, other.id, 'Hello before')).status).toBe(201);
    expect((await client.get('/api/chats.php')).status).toBe(200);

    link.partition();
    try {
      const chats = await client.get('/api/chats.php');
      expect(chats.status).toBe(200);
      expect((await send(client, other.id, 'Hello during')).status).toBe(201);
    } finally {
      link.heal();
    }
  });
});

describe('/healthz during a network partition between the node and Redis', () => {
  const health = async () => (await fetch(`${server.url}/healthz`)).json();

  it('says degraded while session commands go unanswered, and ok once Redis answers again', async () => {
    const member = await createMember(server.db);
    // The partitions above ended; the checks' PING finds Redis answering.
    await expect.poll(health, { timeout: 5_000, interval: 100 }).toMatchObject({ status: 'ok', redis: 'ok' });

    link.partition();
    try {
      // The connection stays open, so only the commands' time-outs tell: a log-in cannot be stored.
      expect((await browser().post('/api/user.php', { email: member.email, password: member.password })).status).toBe(503);
      expect(await health()).toMatchObject({ status: 'degraded', redis: 'down' });
      expect(await health()).toMatchObject({ status: 'degraded', redis: 'down' });
    } finally {
      link.heal();
    }
    // Without any member's request in between: the node's own checks find Redis back.
    await expect.poll(health, { timeout: 5_000, interval: 100 }).toMatchObject({ status: 'ok', redis: 'ok' });
    expect((await browser().post('/api/user.php', { email: member.email, password: member.password })).status).toBe(200);
  });
});

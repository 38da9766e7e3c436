/**
 * Socket handshakes during a Redis outage in Redis mode, as a member notices them: a member whose
 * session this node has read (re)connects and goes on chatting live; a socket with a session the
 * node never read is refused at once, and gets in by itself when Redis is back; and delivery works
 * after the outage without restarting the node. (session-redis-outage.test.ts: the same for REST.)
 */
import { randomBytes } from 'node:crypto';
import { sign } from 'cookie-signature';
import { Redis } from 'ioredis';
import { io as connect } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_COOKIE_NAME } from '@shared/constants.js';
import type { SendMessageResponse } from '@shared/api/chats.js';
import { clientId, loggedInMember } from '../modules/chats/chat-test-kit.js';
import { startTestServer, type TestServer } from '../test/harness.js';
import { startPrivateRedis, type PrivateRedis } from '../test/multi-process.js';
import { command, nextEvent, openSocket, sleep, type ClientSocket } from '../realtime/testing.js';

const SERVER_PORT = 3531;
/**
 * How late a live event may come. On one node it takes milliseconds; this leaves room for a busy
 * two-core machine, and is still well under the seconds a member would notice.
 */
const LIVE_MS = 1500;
/**
 * How long the outage has lasted before the member acts. A Redis restart takes seconds; by then
 * the node's Redis clients retry every second or two, and anything that waits for a command to
 * fail waits that long.
 */
const OUTAGE_SO_FAR_MS = 4000;

let redis: PrivateRedis;
let server: TestServer;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  redis = await startPrivateRedis();
  server = await startTestServer({ REDIS_URL: redis.url, PORT: String(SERVER_PORT) });
}, 30_000);

afterEach(async () => {
  sockets.splice(0).forEach((s) => s.close());
  // A failed test may have left Redis down: the next one starts with it up and seen by the node.
  await redis.start().catch(() => {});
  await nodeReadsRedis();
}, 15_000);

afterAll(async () => {
  await server?.destroy();
  await redis?.kill();
});

/** The session id inside a signed `auth.sid` cookie value (s:<sid>.<signature>). */
const sidOf = (cookie: string) => decodeURIComponent(cookie).slice(2).split('.')[0]!;
const cookieFor = (sid: string) => `${AUTH_COOKIE_NAME}=${encodeURIComponent(`s:${sign(sid, server.ctx.sessionSecret)}`)}`;

/** A member logged in on this node (so the node has their session), with its id and cookie. */
async function member() {
  const { user, client } = await loggedInMember(server);
  return { id: user.id, cookie: client.cookieHeader(), sid: sidOf(client.cookie(AUTH_COOKIE_NAME)!) };
}

async function socketOf(cookie: string, reconnection = false): Promise<ClientSocket> {
  const socket = await openSocket(server.url, { cookie, reconnection });
  sockets.push(socket);
  return socket;
}

/** Runs `work` on a short-lived connection of our own to the private Redis. */
async function withAdmin<T>(work: (admin: Redis) => Promise<T>): Promise<T> {
  const admin = new Redis(redis.url, { maxRetriesPerRequest: 0 });
  try {
    return await work(admin);
  } finally {
    admin.disconnect();
  }
}

/**
 * Kills Redis; the returned function starts it again with these sessions. Redis runs with
 * persistence in production (docker-compose: appendonly); this private one has none, so the
 * sessions are put back by hand, as a persisted Redis would have them.
 */
async function redisOutage(sids: string[]): Promise<() => Promise<void>> {
  const stored = await withAdmin((admin) => Promise.all(sids.map((sid) => admin.get(`sess:${sid}`))));
  expect(stored).not.toContain(null);
  await redis.kill();
  return async () => {
    await redis.start();
    await withAdmin((admin) => Promise.all(sids.map((sid, i) => admin.set(`sess:${sid}`, stored[i]!, 'EX', 3600))));
  };
}

/** Resolves once the node reads sessions from Redis again: an unknown session is no longer a 503. */
async function nodeReadsRedis(): Promise<void> {
  const unknown = cookieFor('no-such-session');
  await expect.poll(async () => (await fetch(`${server.url}/api/user.php`, { headers: { cookie: unknown } })).status, { timeout: 10_000, interval: 100 }).not.toBe(503);
}

/** A member's session as another node writes it at log-in: in Redis, never read by this node. */
async function sessionFromAnotherNode(userId: number): Promise<string> {
  const sid = randomBytes(18).toString('base64url');
  const days30 = 30 * 86_400_000;
  const session = { cookie: { originalMaxAge: days30, expires: new Date(Date.now() + days30), httpOnly: true, path: '/', sameSite: 'lax' }, userId, epoch: 0 };
  await withAdmin((admin) => admin.set(`sess:${sid}`, JSON.stringify(session), 'EX', 3600));
  return sid;
}

/** `from` sends `body` to member `to` over the socket; resolves with the stored message's id. */
async function sendOverSocket(from: ClientSocket, to: number, body: string): Promise<number> {
  const ack = await command<SendMessageResponse>(from, 'message:send', { profile: to, client_id: clientId(), body });
  expect(ack).toMatchObject({ ok: true });
  return (ack as { data: SendMessageResponse }).data.message.id;
}

/** Resolves when `socket` next connects (Socket.IO's own retries bring it), or rejects after `timeoutMs`. */
function nextConnect(socket: ClientSocket, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not connected within ${timeoutMs} ms`)), timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

describe('socket handshakes while Redis is down', () => {
  it('lets a member whose session this node has read reconnect and open a second tab, both get live messages from a member on the same node, and after the outage too', async () => {
    const a = await member();
    const b = await member();
    const aTab = await socketOf(a.cookie, true);
    const bTab = await socketOf(b.cookie);
    const restore = await redisOutage([a.sid, b.sid]);
    await sleep(OUTAGE_SO_FAR_MS);

    // The network blips: A's socket drops and Socket.IO brings it back, while Redis is still down.
    const reconnected = nextConnect(aTab, 5000);
    aTab.io.engine.close();
    await reconnected;
    // And A opens the chat in a second tab.
    const aSecondTab = await socketOf(a.cookie);

    // B writes a few lines over four seconds; each reaches both of A's tabs at once.
    for (const body of ['are you there?', 'hello?', 'the app says updates may come late', 'still here', 'ok', 'bye']) {
      const live = [aTab, aSecondTab].map((tab) => nextEvent(tab, 'message:new', (m) => m.body === body, LIVE_MS));
      const id = await sendOverSocket(bTab, a.id, body);
      for (const message of await Promise.all(live)) expect(message.id).toBe(id);
      await sleep(700);
    }

    // Redis comes back; the node goes on with the same sockets, and tells them to catch up.
    const caughtUp = nextEvent(aTab, 'invalidate', undefined, 10_000);
    await restore();
    expect(await caughtUp).toMatchObject({ resource: 'chats' });
    const live = [aTab, aSecondTab].map((tab) => nextEvent(tab, 'message:new', (m) => m.body === 'Redis is back', LIVE_MS));
    const id = await sendOverSocket(bTab, a.id, 'Redis is back');
    for (const message of await Promise.all(live)) expect(message.id).toBe(id);
  }, 45_000);

  it('refuses a socket whose session this node never read at once, saying the service is unavailable, and lets it in by itself once Redis is back', async () => {
    const a = await member();
    const b = await member();
    const bTab = await socketOf(b.cookie);
    // A logged in through another node; this node has never read that session.
    const elsewhere = await sessionFromAnotherNode(a.id);
    const restore = await redisOutage([b.sid, elsewhere]);
    await sleep(OUTAGE_SO_FAR_MS);

    // As the app's client does: reconnection on, so a refused attempt is tried again.
    const aTab: ClientSocket = connect(server.url, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { cookie: cookieFor(elsewhere) },
      reconnectionDelay: 100,
      reconnectionDelayMax: 500,
      forceNew: true,
    });
    sockets.push(aTab);
    const started = Date.now();
    const refusal = await new Promise<Error & { description?: { message?: string } }>((resolve) => aTab.once('connect_error', resolve));
    expect(Date.now() - started).toBeLessThan(LIVE_MS);
    // The server is briefly unavailable (503), not a bad request and not a log-out.
    expect(refusal.description?.message).toMatch(/\b503\b/);
    // The same answer over long-polling, the transport the app's client tries next.
    const polling = await fetch(`${server.url}/socket.io/?EIO=4&transport=polling`, { headers: { cookie: cookieFor(elsewhere) } });
    expect(polling.status).toBe(503);
    expect(Number(polling.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await polling.json()).toMatchObject({ error: 'service_unavailable' });
    // Refused again on every retry while Redis is away, never let in without a session.
    let refusals = 0;
    aTab.on('connect_error', () => refusals++);
    await sleep(1500);
    expect(refusals).toBeGreaterThan(0);
    expect(aTab.connected).toBe(false);

    const admitted = nextConnect(aTab, 10_000);
    await restore();
    await admitted;
    const live = nextEvent(aTab, 'message:new', (m) => m.body === 'welcome back', LIVE_MS);
    const id = await sendOverSocket(bTab, a.id, 'welcome back');
    expect((await live).id).toBe(id);
  }, 45_000);
});

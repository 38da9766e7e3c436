/**
 * A node runs for weeks while members come and go (phones drop connections all day): what it keeps
 * per member and per socket must be gone once they have left, however they left. Many members
 * chat, type, watch each other and mark read, then all leave, half of them by a lost connection.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Adapter } from 'socket.io-adapter';
import { Adapter as InMemoryAdapter } from 'socket.io-adapter';
import type { MessageDto } from '@shared/api/chats.js';
import { clientId, loggedInMember, send } from '../modules/chats/chat-test-kit.js';
import { startTestServer, tempDir, testConfig, type TestServer } from '../test/harness.js';
import { startPrivateRedis, type PrivateRedis } from '../test/multi-process.js';
import { AdapterTraffic } from './adapter-stats.js';
import { createScaleOut, type ScaleOut } from './adapter.js';
import { MAX_SOCKETS_PER_MEMBER } from './io.js';
import { command, openSocket, type ClientSocket } from './testing.js';

type AdapterFactory = new (nsp: unknown) => Adapter;

/** The scale-out with its adapter kept where the test can read its rooms. */
function watched(scaleOut: ScaleOut): { scaleOut: ScaleOut; adapter: () => Adapter } {
  let built: Adapter | undefined;
  const Factory = (scaleOut.adapter ?? InMemoryAdapter) as unknown as AdapterFactory;
  function WatchedAdapter(nsp: unknown) {
    built = new Factory(nsp);
    return built;
  }
  return { scaleOut: { ...scaleOut, adapter: WatchedAdapter as unknown as ScaleOut['adapter'] }, adapter: () => built! };
}

const memoryScaleOut: ScaleOut = {
  kind: 'memory',
  adapter: undefined,
  redis: undefined,
  traffic: new AdapterTraffic(),
  onRecovered: () => {},
  publishDown: () => false,
  missedRoom: () => {},
  close: async () => {},
};

const PAIRS = 50;

/** PAIRS pairs of members who chat, type, watch each other and read; returns their open sockets and ids. */
async function busyMembers(server: TestServer): Promise<{ sockets: ClientSocket[]; ids: number[] }> {
  const sockets: ClientSocket[] = [];
  const ids: number[] = [];
  for (let i = 0; i < PAIRS; i++) {
    const a = await loggedInMember(server);
    const b = await loggedInMember(server);
    const sent = (await send(a.client, b.user.id, 'hi')).body as { message: MessageDto };
    const conversation = sent.message.conversation;
    const [sa, sb] = (await Promise.all([a, b].map((m) => openSocket(server.url, { cookie: m.client.cookieHeader() })))) as [ClientSocket, ClientSocket];
    sockets.push(sa, sb);
    ids.push(a.user.id, b.user.id);
    expect(await command(sa, 'presence:watch', { profiles: [b.user.id] })).toMatchObject({ ok: true });
    expect(await command(sb, 'catch-up', { after: 0 })).toMatchObject({ ok: true });
    sa.emit('typing', { conversation, typing: true });
    expect(await command(sb, 'message:read', { conversation, message: sent.message.id })).toMatchObject({ ok: true });
    expect(await command(sb, 'message:send', { profile: a.user.id, body: 'back', client_id: clientId() })).toMatchObject({ ok: true });
  }
  return { sockets, ids };
}

/** Half close their tab, half lose their connection (no DISCONNECT packet). */
async function allLeave(server: TestServer, sockets: ClientSocket[], ids: number[]): Promise<void> {
  sockets.forEach((s, i) => (i % 2 === 0 ? s.io.engine.close() : s.close()));
  await vi.waitFor(() => expect(server.realtime.stats().sockets).toBe(0), { timeout: 5_000 });
  await vi.waitFor(async () => expect((await server.realtime.presence.lookup(ids)).filter((p) => p.online)).toEqual([]));
}

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/**
 * Counts the server's Socket.IO sockets and their Engine.IO connections that are still reachable
 * (anything that keeps one keeps all it refers to: its state, its queues, its request).
 */
function countLiving(adapter: () => Adapter) {
  let living = 0;
  const gone = new FinalizationRegistry<void>(() => living--);
  adapter().nsp.on('connection', (socket: { conn: object }) => {
    living += 2;
    gone.register(socket);
    gone.register(socket.conn);
  });
  return async (): Promise<number> => {
    for (let round = 0; round < 20 && living > 0; round++) {
      collectGarbage();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return living;
  };
}

const roomsHeld = (adapter: Adapter) => ({ rooms: adapter.rooms.size, sids: adapter.sids.size, sockets: adapter.nsp.sockets.size });

/** A one-process server for the describe block it is called in, its adapter watched (`watched`). */
function oneProcessNode(): { server: () => TestServer; adapter: () => Adapter } {
  let server: TestServer;
  let adapter: () => Adapter;
  beforeAll(async () => {
    const built = watched(memoryScaleOut);
    adapter = built.adapter;
    server = await startTestServer({}, { scaleOut: built.scaleOut });
  });
  afterAll(async () => {
    await server?.destroy();
  });
  return { server: () => server, adapter: () => adapter() };
}

describe('a node after its members have left (one process)', () => {
  const node = oneProcessNode();

  it('keeps no room, socket or online state of any of them', async () => {
    const [server, adapter] = [node.server(), node.adapter];
    const living = countLiving(adapter);
    const { sockets, ids } = await busyMembers(server);
    const busy = roomsHeld(adapter());
    console.info('[members-leave-clean] memory, while connected:', busy);
    expect(busy.sockets).toBe(PAIRS * 2);
    await allLeave(server, sockets, ids);
    expect(roomsHeld(adapter())).toEqual({ rooms: 0, sids: 0, sockets: 0 });
    expect(await living()).toBe(0);
  });
});

describe('a node after its members have left (sharded Redis)', () => {
  let redis: PrivateRedis;
  let server: TestServer;
  let adapter: () => Adapter;
  beforeAll(async () => {
    redis = await startPrivateRedis();
    const built = watched(await createScaleOut(testConfig(tempDir(), { REDIS_URL: redis.url, SOCKET_ADAPTER: 'sharded' })));
    adapter = built.adapter;
    server = await startTestServer({}, { scaleOut: built.scaleOut });
  });
  afterAll(async () => {
    await server?.destroy();
    await redis?.kill();
  });

  it('keeps no room, subscription or presence count of any of them', async () => {
    const client = new Redis(redis.url);
    const inRedis = async () => ({
      channels: ((await client.call('PUBSUB', 'SHARDCHANNELS')) as string[]).length,
      presenceKeys: (await client.keys('presence:user:*')).length,
      nodeMembers: (await Promise.all((await client.keys('presence:node-users:*')).map((key) => client.scard(key)))).reduce((a, b) => a + b, 0),
    });
    const before = await inRedis();
    const living = countLiving(adapter);
    const { sockets, ids } = await busyMembers(server);
    console.info('[members-leave-clean] redis, while connected:', roomsHeld(adapter()), await inRedis());
    await allLeave(server, sockets, ids);
    await vi.waitFor(async () => expect(await inRedis()).toEqual(before));
    expect(roomsHeld(adapter())).toEqual({ rooms: 0, sids: 0, sockets: 0 });
    expect(await living()).toBe(0);
    await client.quit();
  });
});

describe('a node after members logged out, blocked each other and lost their connection (Redis sessions and adapter)', () => {
  let redis: PrivateRedis;
  let server: TestServer;
  let adapter: () => Adapter;
  beforeAll(async () => {
    redis = await startPrivateRedis();
    const env = { REDIS_URL: redis.url, SOCKET_ADAPTER: 'sharded' };
    const built = watched(await createScaleOut(testConfig(tempDir(), env)));
    adapter = built.adapter;
    server = await startTestServer(env, { scaleOut: built.scaleOut });
  });
  afterAll(async () => {
    await server?.destroy();
    await redis?.kill();
  });

  it('keeps no room or presence count of them, and remembers no ended session', async () => {
    const client = new Redis(redis.url);
    const presenceKeys = async () => (await client.keys('presence:user:*')).length;
    const remembered = () => (server.ctx.sessionStore as unknown as { size: number }).size;
    const living = countLiving(adapter);
    const stayed: ClientSocket[] = [];
    const ids: number[] = [];
    for (let i = 0; i < PAIRS; i++) {
      const a = await loggedInMember(server);
      const b = await loggedInMember(server);
      expect((await send(a.client, b.user.id, 'hi')).status).toBe(201);
      const [sa, sb] = (await Promise.all([a, b].map((m) => openSocket(server.url, { cookie: m.client.cookieHeader() })))) as [ClientSocket, ClientSocket];
      ids.push(a.user.id, b.user.id);
      expect(await command(sa, 'presence:watch', { profiles: [b.user.id] })).toMatchObject({ ok: true });
      expect(await command(sb, 'catch-up', { after: 0 })).toMatchObject({ ok: true });
      expect((await b.client.post('/api/block.php', { profile: a.user.id })).status).toBe(200);
      const closed = new Promise((resolve) => sa.once('disconnect', resolve));
      expect((await a.client.get('/api/logout.php')).status).toBeLessThan(400);
      await closed;
      stayed.push(sb);
    }
    console.info('[members-leave-clean] logged out / blocked, while the others are connected:', roomsHeld(adapter()), { presenceKeys: await presenceKeys(), remembered: remembered() });
    stayed.forEach((s) => s.io.engine.close());
    await vi.waitFor(() => expect(server.realtime.stats().sockets).toBe(0), { timeout: 5_000 });
    await vi.waitFor(async () => expect(await presenceKeys()).toBe(0));
    expect(roomsHeld(adapter())).toEqual({ rooms: 0, sids: 0, sockets: 0 });
    // The members who stayed logged in are remembered (a cache with a cap: REMEMBERED_SESSIONS_CAPACITY); those who logged out are not.
    expect(remembered()).toBe(PAIRS);
    expect(await living()).toBe(0);
    await client.quit();
  });
});

describe('a node after a phone flapped past its socket cap, typing as it went (one process)', () => {
  const node = oneProcessNode();

  it('keeps none of its sockets, refused or not', async () => {
    const [server, adapter] = [node.server(), node.adapter];
    const living = countLiving(adapter);
    const a = await loggedInMember(server);
    const b = await loggedInMember(server);
    const conversation = ((await send(a.client, b.user.id, 'hi')).body as { message: MessageDto }).message.conversation;
    const cookie = a.client.cookieHeader();
    let refused = 0;
    for (let round = 0; round < 5; round++) {
      const opened = await Promise.allSettled(Array.from({ length: MAX_SOCKETS_PER_MEMBER + 3 }, () => openSocket(server.url, { cookie })));
      refused += opened.filter((o) => o.status === 'rejected').length;
      const sockets = opened.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
      for (const socket of sockets) socket.emit('typing', { conversation, typing: true });
      await command(sockets[0]!, 'presence:watch', { profiles: [b.user.id] });
      sockets.forEach((s) => s.io.engine.close());
      await vi.waitFor(() => expect(server.realtime.stats().sockets).toBe(0), { timeout: 5_000 });
    }
    expect(refused).toBe(5 * 3);
    expect(roomsHeld(adapter())).toEqual({ rooms: 0, sids: 0, sockets: 0 });
    expect(await living()).toBe(0);
  });
});

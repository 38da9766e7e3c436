/**
 * A member's catch-up (`sync`) is answered only once this node receives the member's room events
 * from other nodes: otherwise a message stored just after the catch-up's query, and published
 * before the room's subscription was confirmed, would reach the member by neither road.
 */
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SyncResponse } from '@shared/api/chats.js';
import { rooms, type AckResult, type CatchUpResponse, type PresenceDto } from '@shared/realtime.js';
import { loggedInMember, send } from '../modules/chats/chat-test-kit.js';
import { startTestServer, tempDir, testConfig, type TestServer } from '../test/harness.js';
import { startPrivateRedis, type PrivateRedis } from '../test/multi-process.js';
import { createScaleOut, shardedRoomChannel } from './adapter.js';
import { RoomSubscriptions } from './room-subscriptions.js';
import { command, openSocket, sleep, type ClientSocket } from './testing.js';

const sockets: ClientSocket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
  vi.useRealTimers();
});

function gate() {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

describe('RoomSubscriptions', () => {
  it('holds a room until its subscription is confirmed, then keeps nothing', async () => {
    const confirmed = gate();
    const subscriptions = new RoomSubscriptions({ subscribed: () => confirmed.promise });
    subscriptions.track('user:1');
    let ready = false;
    void subscriptions.ready('user:1').then(() => (ready = true));
    await sleep(20);
    expect(ready).toBe(false);
    confirmed.open();
    await sleep(0);
    expect(ready).toBe(true);
    // Settled: the next look-up answers at once, from no stored entry.
    let again = false;
    void subscriptions.ready('user:1').then(() => (again = true));
    await Promise.resolve();
    expect(again).toBe(true);
  });

  it('waits for nothing where every room is received from the start (one node, classic, streams)', async () => {
    const subscriptions = new RoomSubscriptions({});
    subscriptions.track('user:1');
    let ready = false;
    void subscriptions.ready('user:1').then(() => (ready = true));
    await Promise.resolve();
    expect(ready).toBe(true);
  });

  it('gives up waiting after two seconds, and on a failed subscription at once (Redis may be away)', async () => {
    vi.useFakeTimers();
    const subscriptions = new RoomSubscriptions({ subscribed: (room) => (room === 'user:1' ? new Promise<void>(() => {}) : Promise.reject(new Error('closed'))) });
    subscriptions.track('user:1');
    subscriptions.track('user:2');
    let hanging = false;
    let failed = false;
    void subscriptions.ready('user:1').then(() => (hanging = true));
    void subscriptions.ready('user:2').then(() => (failed = true));
    await vi.advanceTimersByTimeAsync(1);
    expect([hanging, failed]).toEqual([false, true]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(hanging).toBe(true);
  });
});

describe('commands on a node whose room subscriptions are pending', () => {
  let server: TestServer;
  let confirmed = gate();
  beforeAll(async () => {
    const scaleOut = { ...(await createScaleOut(testConfig(tempDir()))), subscribed: () => confirmed.promise };
    server = await startTestServer({}, { scaleOut });
  });
  afterAll(() => server.destroy());

  /** Sends a command and checks it is held until the subscriptions are confirmed. */
  async function heldUntilConfirmed<T>(socket: ClientSocket, event: 'sync' | 'catch-up' | 'presence:watch', payload: unknown): Promise<AckResult<T>> {
    let answer: AckResult<T> | undefined;
    void command<T>(socket, event, payload).then((result) => (answer = result));
    await sleep(300);
    expect(answer).toBeUndefined();
    confirmed.open();
    await vi.waitFor(() => expect(answer).toBeDefined());
    return answer!;
  }

  it('sync answers only after the member room is subscribed', async () => {
    confirmed = gate();
    const member = await loggedInMember(server);
    const socket = await openSocket(server.url, { cookie: member.client.cookieHeader() });
    sockets.push(socket);
    expect(await heldUntilConfirmed<SyncResponse>(socket, 'sync', { after: 0 })).toMatchObject({ ok: true, data: { messages: [], has_more: false } });
  });

  it('catch-up answers only after the member room is subscribed', async () => {
    confirmed = gate();
    const member = await loggedInMember(server);
    const socket = await openSocket(server.url, { cookie: member.client.cookieHeader() });
    sockets.push(socket);
    expect(await heldUntilConfirmed<CatchUpResponse>(socket, 'catch-up', { after: 0 })).toMatchObject({ ok: true, data: { chats: { chats: [] }, sync: null } });
  });

  it('presence:watch reads the states only after the watched rooms are subscribed', async () => {
    const member = await loggedInMember(server);
    const peer = await loggedInMember(server);
    expect((await send(member.client, peer.user.id)).status).toBe(201);
    const socket = await openSocket(server.url, { cookie: member.client.cookieHeader() });
    sockets.push(socket);
    confirmed = gate();
    expect(await heldUntilConfirmed<PresenceDto[]>(socket, 'presence:watch', { profiles: [peer.user.id] })).toMatchObject({
      ok: true,
      data: [{ profile: peer.user.id, online: false }],
    });
  });
});

describe('the sharded adapter on a real Redis', () => {
  let redis: PrivateRedis;
  let server: TestServer;
  beforeAll(async () => {
    redis = await startPrivateRedis();
    server = await startTestServer({ REDIS_URL: redis.url, SOCKET_ADAPTER: 'sharded' });
  });
  afterAll(async () => {
    await server.destroy();
    redis.kill();
  });

  it("confirms the adapter's own channel for the member room before the catch-up answers", async () => {
    const member = await loggedInMember(server);
    const socket = await openSocket(server.url, { cookie: member.client.cookieHeader() });
    sockets.push(socket);
    expect(await command<SyncResponse>(socket, 'sync', { after: 0 })).toMatchObject({ ok: true });
    const client = new Redis(redis.url);
    // Every shard channel naming the member's room, whatever its form (not user:<id> followed by more digits).
    const named = new RegExp(`${rooms.user(member.user.id)}(?!\\d)`);
    const channels = ((await client.call('PUBSUB', 'SHARDCHANNELS')) as string[]).filter((channel) => named.test(channel));
    await client.quit();
    // One channel: the adapter's. A second name would mean the wait confirmed a channel nobody publishes to.
    expect(channels).toEqual([shardedRoomChannel(rooms.user(member.user.id))]);
  });
});

describe('a socket that closes while its catch-up waits for the member room (sharded, real Redis)', () => {
  let redis: PrivateRedis;
  let server: TestServer;
  let confirmed = gate();
  beforeAll(async () => {
    redis = await startPrivateRedis();
    const scaleOut = await createScaleOut(testConfig(tempDir(), { REDIS_URL: redis.url, SOCKET_ADAPTER: 'sharded' }));
    const subscribed = scaleOut.subscribed!;
    // Redis confirms the member rooms late (a slow link, an outage: up to the 2 s wait); the others as usual.
    scaleOut.subscribed = (room) => (rooms.isUser(room) ? Promise.all([subscribed(room), confirmed.promise]).then(() => undefined) : subscribed(room));
    server = await startTestServer({}, { scaleOut });
  });
  afterAll(async () => {
    await server.destroy();
    await redis.kill();
  });

  it('leaves no presence channel subscribed on a node that holds no socket', async () => {
    const client = new Redis(redis.url);
    const presenceChannels = async () => ((await client.call('PUBSUB', 'SHARDCHANNELS', 'socket.io#/#presence:*')) as string[]).sort();
    // Members who close their tab (or lose their network) just after connecting, one after another.
    const peers: number[] = [];
    for (let round = 0; round < 5; round++) {
      confirmed = gate();
      const member = await loggedInMember(server);
      const peer = await loggedInMember(server);
      expect((await send(member.client, peer.user.id)).status).toBe(201);
      peers.push(peer.user.id);
      const socket = await openSocket(server.url, { cookie: member.client.cookieHeader() });
      socket.emit('catch-up', { after: 0 }, () => {});
      await sleep(50);
      socket.close();
      await vi.waitFor(() => expect(server.realtime.stats().sockets).toBe(0));
      confirmed.open();
      // The catch-up resumes now and watches the peer (before the fix: an SSUBSCRIBE nobody undid).
      await sleep(200);
    }
    // Nobody is connected: this node must not stay subscribed to (and keep receiving) their peers' presence.
    expect(await presenceChannels()).toEqual([]);
    await client.quit();
  });
});

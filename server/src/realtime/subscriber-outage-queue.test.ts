/**
 * While Redis is away, members keep connecting and leaving (phones drop connections all day), and
 * each member room created and deleted asks the subscriber connection to SSUBSCRIBE and SUNSUBSCRIBE.
 * Queued one by one, those commands grew without end for as long as the outage lasted (a node
 * whose Redis is gone for a weekend), and were all replayed at once when it came back. Only each
 * channel's last wish matters: the queue holds at most one entry per room, and the rooms that exist
 * when Redis is back are the ones subscribed.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rooms } from '@shared/realtime.js';
import { loggedInMember } from '../modules/chats/chat-test-kit.js';
import { startTestServer, tempDir, testConfig, type TestServer } from '../test/harness.js';
import { startPrivateRedis, type PrivateRedis } from '../test/multi-process.js';
import { createScaleOut, shardedRoomChannel } from './adapter.js';
import { openSocket, type ClientSocket } from './testing.js';

/** What of ioredis the test reads (not in its public types). */
interface SubscriberConnection {
  status: string;
  offlineQueue: { length: number };
}

describe('member rooms created and deleted while Redis is away (sharded)', () => {
  let redis: PrivateRedis;
  let server: TestServer;
  let subscriber: SubscriberConnection;
  beforeAll(async () => {
    redis = await startPrivateRedis();
    const scaleOut = await createScaleOut(testConfig(tempDir(), { REDIS_URL: redis.url, SOCKET_ADAPTER: 'sharded' }));
    const factory = scaleOut.adapter as unknown as new (nsp: unknown) => { subClient: SubscriberConnection };
    // The adapter's subscriber connection, where the (un)subscribes queue.
    scaleOut.adapter = function KeptAdapter(nsp: unknown) {
      const adapter = new factory(nsp);
      subscriber = adapter.subClient;
      return adapter;
    } as unknown as typeof scaleOut.adapter;
    server = await startTestServer({}, { scaleOut });
    await vi.waitFor(() => expect(subscriber.status).toBe('ready'));
  });
  afterAll(async () => {
    await server?.destroy();
    await redis?.kill();
  });

  it('queues at most one (un)subscribe per room, and subscribes exactly the rooms that exist once Redis is back', async () => {
    const members: Array<Awaited<ReturnType<typeof loggedInMember>>> = [];
    for (let i = 0; i < 5; i++) members.push(await loggedInMember(server));
    await redis.kill();
    await vi.waitFor(() => expect(subscriber.status).not.toBe('ready'));

    const ROUNDS = 40;
    for (let round = 0; round < ROUNDS; round++) {
      const sockets = await Promise.all(members.map((m) => openSocket(server.url, { cookie: m.client.cookieHeader() })));
      sockets.forEach((s) => s.io.engine.close());
      await vi.waitFor(() => expect(server.realtime.stats().sockets).toBe(0));
    }
    const stayed: ClientSocket = await openSocket(server.url, { cookie: members[0]!.client.cookieHeader() });
    console.info(`[subscriber-outage-queue] ${ROUNDS} rounds of ${members.length} members: ${subscriber.offlineQueue.length} commands queued`);
    expect(subscriber.offlineQueue.length).toBeLessThanOrEqual(members.length);

    await redis.start();
    const client = new Redis(redis.url);
    const userChannels = async () => ((await client.call('PUBSUB', 'SHARDCHANNELS', 'socket.io#/#user:*')) as string[]).sort();
    await vi.waitFor(async () => expect(await userChannels()).toEqual([shardedRoomChannel(rooms.user(members[0]!.user.id))]), { timeout: 8_000 });
    stayed.close();
    await vi.waitFor(async () => expect(await userChannels()).toEqual([]));
    await client.quit();
  });
});

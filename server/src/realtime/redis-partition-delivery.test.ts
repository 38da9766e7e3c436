/**
 * A network partition between a node and Redis (packets dropped, no connection closed): the node
 * must notice it as it notices a Redis that went away, so the members on it still chat live with
 * each other, and catch up on what crossed nodes once Redis answers again. Unnoticed, every emit
 * went into a publish that neither failed nor arrived: live delivery stopped for everyone on the
 * node until the kernel gave up on the connection, a quarter of an hour later.
 */
import { describe, expect, it } from 'vitest';
import type { MessageDto, SendMessageResponse } from '@shared/api/chats.js';
import { clientId, memberWithSocket } from '../modules/chats/chat-test-kit.js';
import { startTestServer, type TestServer } from '../test/harness.js';
import { usePartitionedRedis } from '../test/partitioned-redis.js';
import { command, nextEvent, type ClientSocket } from './testing.js';

/** Each test's two nodes: the first holds the database, the second shares it. */
const nodes: Array<[TestServer, TestServer]> = [];
const sockets: ClientSocket[] = [];

// Redis commands time out after 1 s here (5 s by default): a partition is noticed within 2 s. Not
// less: the link runs in this process, and a busy turn of its event loop (two servers starting)
// holds a PING's answer back as a partition would.
const ENV = { REDIS_COMMAND_TIMEOUT_MS: '1000' };

const redis = usePartitionedRedis(async () => {
  sockets.forEach((s) => s.close());
  for (const [first, second] of nodes) {
    await second.close();
    await first.destroy();
  }
});

const memberOn = (server: TestServer) => memberWithSocket(server, sockets);

const sendOver = (socket: ClientSocket, profile: number, body: string) => command<SendMessageResponse>(socket, 'message:send', { profile, client_id: clientId(), body });
const bodyIs = (body: string) => (m: MessageDto) => m.body === body;

describe.each(['sharded', 'classic', 'streams'] as const)('a partition between a node and Redis (%s adapter)', (adapter) => {
  it('members on the partitioned node still get each other’s messages live; a member on another node gets them once Redis answers again', async () => {
    const partitioned = await startTestServer({ ...ENV, REDIS_URL: redis.link.url, SOCKET_ADAPTER: adapter });
    const other = await startTestServer({ ...ENV, REDIS_URL: redis.directUrl, SOCKET_ADAPTER: adapter }, { db: partitioned.db });
    nodes.push([partitioned, other]);
    const a = await memberOn(partitioned);
    const b = await memberOn(partitioned);
    const c = await memberOn(other);
    const before = nextEvent(b.socket, 'message:new', bodyIs('before'));
    expect((await sendOver(a.socket, b.user.id, 'before')).ok).toBe(true);
    await before;

    redis.link.partition();
    try {
      const live = nextEvent(b.socket, 'message:new', bodyIs('during'), 5_000);
      expect((await sendOver(a.socket, b.user.id, 'during')).ok).toBe(true);
      await live;
      // To the other node, through the partition.
      expect((await sendOver(a.socket, c.user.id, 'across')).ok).toBe(true);
    } finally {
      redis.link.heal();
    }
    // The publish is sent again as the connection comes back, or C is told to catch up: either way
    // C has the message soon after.
    await Promise.any([nextEvent(c.socket, 'message:new', bodyIs('across'), 10_000), nextEvent(c.socket, 'invalidate', () => true, 10_000)]);
    // And live through Redis again.
    const after = nextEvent(c.socket, 'message:new', bodyIs('after'), 5_000);
    expect((await sendOver(a.socket, c.user.id, 'after')).ok).toBe(true);
    await after;
  }, 40_000);
});

/**
 * The streams adapter's reader (a connection of its own in XREAD BLOCK) lost without a close: a
 * NAT that forgot the node's connections to Redis while new ones go through. The node notices
 * its publisher and subscriber are gone and reconnects them, but the reader waited for ever, so
 * the members on that node never again received what members on other nodes sent them live.
 */
import { expect, it } from 'vitest';
import type { MessageDto, SendMessageResponse } from '@shared/api/chats.js';
import { clientId, memberWithSocket } from '../modules/chats/chat-test-kit.js';
import { startTestServer, type TestServer } from '../test/harness.js';
import { usePartitionedRedis } from '../test/partitioned-redis.js';
import { command, nextEvent, type ClientSocket } from './testing.js';

let forgetful: TestServer | undefined;
let other: TestServer | undefined;
const sockets: ClientSocket[] = [];

// A command times out after 1 s (5 s by default): the publisher is noticed within 2 s, a reader
// within the 5 s of its XREAD block and 2 s more.
const ENV = { REDIS_COMMAND_TIMEOUT_MS: '1000', SOCKET_ADAPTER: 'streams' };

const redis = usePartitionedRedis(async () => {
  sockets.forEach((s) => s.close());
  await other?.close();
  await forgetful?.destroy();
});

const memberOn = (server: TestServer) => memberWithSocket(server, sockets);

it('a member on a node whose Redis connections were forgotten gets messages from another node live again', async () => {
  forgetful = await startTestServer({ ...ENV, REDIS_URL: redis.link.url });
  other = await startTestServer({ ...ENV, REDIS_URL: redis.directUrl }, { db: forgetful.db });
  const a = await memberOn(forgetful);
  const c = await memberOn(other);
  const send = (body: string) => command<SendMessageResponse>(c.socket, 'message:send', { profile: a.user.id, client_id: clientId(), body });
  const arrives = (body: string, timeoutMs: number) => nextEvent(a.socket, 'message:new', (m: MessageDto) => m.body === body, timeoutMs);

  const before = arrives('before', 5_000);
  expect((await send('before')).ok).toBe(true);
  await before;

  // The node notices its publisher went and, once it is back, tells its members to catch up.
  const caughtUp = nextEvent(a.socket, 'invalidate', () => true, 10_000);
  redis.link.forgetOpenConnections();
  await caughtUp;

  // Sent after that catch-up: only the stream reader can bring it.
  const after = arrives('after', 15_000);
  expect((await send('after')).ok).toBe(true);
  await after;
}, 45_000);

/**
 * The PING that tells a partitioned Redis connection from a live one (redis-liveness.ts): no
 * answer in time drops the connection, so ioredis reconnects and the node applies its outage
 * rules; an answer held back only by this node's own busy event loop does not.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startPrivateRedis, type PrivateRedis } from '../test/multi-process.js';
import { openPartitionLink, type PartitionLink } from '../test/partition-link.js';
import { watchLiveness } from './redis-liveness.js';
import { sleep } from './testing.js';

let redis: PrivateRedis;
let link: PartitionLink;
const clients: Redis[] = [];

beforeAll(async () => {
  redis = await startPrivateRedis();
  link = await openPartitionLink(redis.port);
}, 30_000);
afterAll(async () => {
  clients.forEach((c) => c.disconnect());
  await link?.close();
  await redis?.kill();
});

async function connected(url: string): Promise<Redis> {
  const client = new Redis(url, { retryStrategy: () => 50 });
  clients.push(client);
  await client.ping();
  return client;
}

/** Keeps the thread busy, as a long synchronous turn of the event loop does. */
function busyFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('the liveness PING of a Redis connection', () => {
  it('drops a connection that stops answering without closing, and ioredis connects again once the network is back', async () => {
    const client = await connected(link.url);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    const stop = watchLiveness(client, 'test', { everyMs: 100, timeoutMs: 200 });
    try {
      link.partition();
      await closed;
      link.heal();
      await new Promise<void>((resolve) => client.once('ready', () => resolve()));
      expect(await client.ping()).toBe('PONG');
    } finally {
      stop();
      link.heal();
      vi.restoreAllMocks();
    }
  });

  it('keeps a connection whose answer came while this node was busy past the time-out', async () => {
    const client = await connected(`redis://127.0.0.1:${redis.port}`);
    const closes = vi.fn();
    client.on('close', closes);
    // The PING goes out, then a turn of the event loop takes three times the time-out: the answer
    // waits in the socket while the deadline passes, and both are due when the turn ends.
    const probed = {
      get status() {
        return client.status;
      },
      stream: client.stream,
      ping: () => {
        const answer = client.ping();
        // After this turn's I/O, so that the next turn starts with the timers, the deadline among them.
        setImmediate(() => busyFor(600));
        return answer;
      },
    };
    const stop = watchLiveness(probed, 'test', { everyMs: 50, timeoutMs: 200 });
    await sleep(1_500);
    stop();
    expect(closes).not.toHaveBeenCalled();
    expect(client.status).toBe('ready');
  });
});

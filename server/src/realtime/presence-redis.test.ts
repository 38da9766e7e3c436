/** Cross-node presence counts in Redis, including a node that dies without saying goodbye. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { startPrivateRedis, type PrivateRedis } from '../test/multi-process.js';
import { openTcpLink } from '../test/tcp-link.js';
import { RedisPresenceCounter } from './presence-redis.js';
import { sleep } from './testing.js';

const fast = { nodeTtlSeconds: 1, heartbeatMs: 200, handOverSeconds: 1 };
let redis: PrivateRedis;
const clients: Redis[] = [];
const counters: RedisPresenceCounter[] = [];

function node(onSweptOffline: (userId: number, lastAliveAt: number | undefined) => void = () => {}, url = redis.url, now = Date.now, timing = fast) {
  const client = new Redis(url, { maxRetriesPerRequest: 1 });
  const counter = new RedisPresenceCounter(client, onSweptOffline, timing, now);
  clients.push(client);
  counters.push(counter);
  return { client, counter };
}

beforeAll(async () => {
  redis = await startPrivateRedis();
});
// Each test's nodes stop beating before the next test, so only its own survivor can sweep.
afterEach(async () => {
  await Promise.all(counters.splice(0).map((c) => c.close()));
  clients.splice(0).forEach((c) => c.disconnect());
});
afterAll(() => redis.kill());

describe('presence counts across nodes', () => {
  it('is online while any node holds a socket and offline when the last one closes anywhere', async () => {
    const one = node().counter;
    const two = node().counter;
    expect(await one.opened(1)).toBeTypeOf('number'); // the stamp of going online
    expect(await two.opened(1)).toBe(false); // already online through node one
    expect(await one.closed(1)).toBe(false); // still on node two
    expect((await two.statesOf([1, 2])).online).toEqual(new Set([1]));
    expect(await two.closed(1)).toBeTypeOf('number');
    expect((await one.statesOf([1])).online).toEqual(new Set());
  });

  it('drops a crashed node’s sockets once its heartbeat expires, and a survivor announces the member offline as of its last beat', async () => {
    const swept: [number, number | undefined][] = [];
    const survivor = node((userId, lastAliveAt) => swept.push([userId, lastAliveAt])).counter;
    // The doomed node's clock says when it last beat: what "last seen" should say, not the sweep's time.
    const doomedClock = 1_700_000_000_000;
    const doomed = node(undefined, redis.url, () => doomedClock);
    await doomed.counter.opened(7);
    await survivor.opened(8);
    expect((await survivor.statesOf([7, 8])).online).toEqual(new Set([7, 8]));

    doomed.client.disconnect(); // the process is gone: no goodbye, no more heartbeats
    const deadline = Date.now() + 5000;
    while (!swept.some(([id]) => id === 7) && Date.now() < deadline) await sleep(100);
    expect(swept).toEqual([[7, doomedClock]]);
    expect((await survivor.statesOf([7, 8])).online).toEqual(new Set([8]));
  });

  it('a node that stops hands its members over: one who reconnects elsewhere is never announced offline, one who does not is, as of the stop', async () => {
    const swept: [number, number | undefined][] = [];
    const survivor = node((userId, lastAliveAt) => swept.push([userId, lastAliveAt])).counter;
    const stopClock = 1_700_000_000_000;
    const stopping = node(undefined, redis.url, () => stopClock).counter;
    await stopping.opened(61);
    await stopping.opened(62);

    // The stop: its sockets close without counting out (that flickered every watcher), then hand over.
    await stopping.handOver();
    // 61 reconnects to the survivor at once, as the client does: not the first socket anywhere.
    expect(await survivor.opened(61)).toBe(false);
    expect((await survivor.statesOf([61, 62])).online).toEqual(new Set([61, 62]));

    const deadline = Date.now() + 5000;
    while (!swept.some(([id]) => id === 62) && Date.now() < deadline) await sleep(100);
    expect(swept).toEqual([[62, stopClock]]);
    expect((await survivor.statesOf([61, 62])).online).toEqual(new Set([61]));
  });

  it('writes its counts back into a Redis that restarted empty', async () => {
    // No node dies here: a TTL of 10 s keeps a beat that a loaded machine delays past 1 s (as in a
    // CI run) from getting node one swept, which this test is not about.
    const steady = { ...fast, nodeTtlSeconds: 10 };
    const one = node(undefined, redis.url, Date.now, steady).counter;
    const other = node(undefined, redis.url, Date.now, steady).counter;
    await one.opened(21);
    await redis.kill();
    await redis.start();
    await sleep(500); // clients reconnect
    expect((await other.statesOf([21])).online).toEqual(new Set());
    // Empty after a restart, but nobody swept this node: its members were never announced offline.
    // Still, the other node read them offline until now: they are to be announced online.
    expect(await one.resync()).toEqual({ swept: false, unlisted: [21] });
    expect((await other.statesOf([21])).online).toEqual(new Set([21]));
  });

  it('a member who left while only this node had lost Redis is not shown online once it is back', async () => {
    const link = await openTcpLink(redis.port);
    try {
      const cutOff = node(undefined, link.url);
      const other = node().counter;
      await cutOff.counter.opened(31);
      await cutOff.counter.opened(32);
      await link.cut();
      // Redis kept the entries this node wrote; the node answers from its own counts meanwhile.
      expect(await cutOff.counter.closed(31)).toBeTypeOf('number');
      await link.restore();
      const deadline = Date.now() + 5000;
      while (cutOff.client.status !== 'ready' && Date.now() < deadline) await sleep(50);
      await cutOff.counter.resync();
      expect((await other.statesOf([31, 32])).online).toEqual(new Set([32]));
    } finally {
      await link.close();
    }
  });

  it('a node cut off for longer than its heartbeat lives learns that its members were swept offline, and counts them again', async () => {
    const link = await openTcpLink(redis.port);
    try {
      const swept: number[] = [];
      const survivor = node((userId) => swept.push(userId)).counter;
      const cutOff = node(undefined, link.url);
      await cutOff.counter.opened(41);
      await link.cut();
      const deadline = Date.now() + 5000;
      while (!swept.includes(41) && Date.now() < deadline) await sleep(100);
      expect(swept).toContain(41);

      await link.restore();
      while (cutOff.client.status !== 'ready' && Date.now() < deadline + 5000) await sleep(50);
      expect(await cutOff.counter.resync()).toEqual({ swept: true, unlisted: [41] });
      expect((await survivor.statesOf([41])).online).toEqual(new Set([41]));
      // Told once: the next outage starts clean.
      expect(await cutOff.counter.resync()).toEqual({ swept: false, unlisted: [] });
    } finally {
      await link.close();
    }
  });
});

describe('sockets that open and close before Redis answers', () => {
  it('leaves no count behind once every socket of the member has closed', async () => {
    const { counter } = node();
    const reader = new Redis(redis.url);
    // Members whose second tab (or a flapping phone's new connection) closes at once, one after another.
    for (let userId = 100; userId < 120; userId++) {
      const first = counter.opened(userId);
      const second = counter.opened(userId);
      const closedAtOnce = counter.closed(userId);
      await Promise.all([first, second, closedAtOnce]);
      await counter.closed(userId);
    }
    // Nobody is connected: no member may stay counted online on every node for as long as this node lives.
    const members = Array.from({ length: 20 }, (_, i) => 100 + i);
    expect((await counter.statesOf(members)).online).toEqual(new Set());
    expect(await reader.exists(...members.map((id) => `presence:user:${id}`))).toBe(0);
    await reader.quit();
  });
});

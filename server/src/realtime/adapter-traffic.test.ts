/**
 * Every adapter choice (SOCKET_ADAPTER) delivers between nodes; only the sharded one spares a
 * node that holds neither member. Three in-process servers per adapter on a private Redis.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { startPrivateRedis, type PrivateRedis } from '../test/multi-process.js';
import { runTrafficExperiment } from './traffic-experiment.js';

let redis: PrivateRedis;
beforeAll(async () => {
  redis = await startPrivateRedis();
});
afterAll(() => redis.kill());

async function flush(): Promise<void> {
  const client = new Redis(redis.url);
  await client.flushall();
  await client.quit();
}

const roomsOfMembers = (byRoom: Record<string, number>) => Object.keys(byRoom).filter((room) => room.startsWith('user:') || room.startsWith('presence:'));

describe('socket adapters across three nodes', () => {
  it('sharded: delivers every message, and the uninvolved node receives none of the members’ room traffic', async () => {
    await flush();
    const result = await runTrafficExperiment('sharded', redis.url, 10);
    expect(result.deliveredToB).toBe(10);
    expect(roomsOfMembers(result.nodes[2]!.received.byRoom)).toEqual([]);
  });

  it('classic: delivers every message, but every node receives every room’s traffic', async () => {
    await flush();
    const result = await runTrafficExperiment('classic', redis.url, 10);
    expect(result.deliveredToB).toBe(10);
    expect(roomsOfMembers(result.nodes[2]!.received.byRoom).length).toBeGreaterThan(0);
  });

  it('streams: delivers every message through the shared stream', async () => {
    await flush();
    const result = await runTrafficExperiment('streams', redis.url, 10);
    expect(result.deliveredToB).toBe(10);
    expect(result.nodes[2]!.received.total).toBeGreaterThanOrEqual(10);
  });
});

/**
 * A private Redis behind a partition link, for a test file's nodes: started before its tests.
 * After them the link heals first (a node left partitioned by a failed test would wait out its
 * Redis clients' timeouts as it closes), then `closeNodes` runs while the link still carries
 * their goodbyes, then the link closes and Redis stops.
 */
import { afterAll, beforeAll } from 'vitest';
import { startPrivateRedis, type PrivateRedis } from './multi-process.js';
import { openPartitionLink, type PartitionLink } from './partition-link.js';

export interface PartitionedRedis {
  /** The link: a node given this URL can be partitioned. */
  readonly link: PartitionLink;
  /** redis://… straight to Redis, for a node on the healthy side. */
  readonly directUrl: string;
}

export function usePartitionedRedis(closeNodes: () => Promise<void>): PartitionedRedis {
  let redis: PrivateRedis | undefined;
  let link: PartitionLink | undefined;
  beforeAll(async () => {
    redis = await startPrivateRedis();
    link = await openPartitionLink(redis.port);
  }, 30_000);
  afterAll(async () => {
    link?.heal();
    await closeNodes();
    await link?.close();
    await redis?.kill();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('usePartitionedRedis: used before its beforeAll ran');
    return value;
  };
  return {
    get link() {
      return started(link);
    },
    get directUrl() {
      return `redis://127.0.0.1:${started(redis).port}`;
    },
  };
}

/**
 * Ends a Redis connection at shutdown without waiting on a Redis that is away. QUIT goes through
 * the connection's queue: while Redis is down it waits behind whatever is queued there, and on a
 * connection that retries forever (the subscriber's) it never returns; a node stopped during a Redis
 * outage then hung until its 10 s force-exit, and exited 1.
 */
import type { Redis } from 'ioredis';
import { settleWithin } from '../settle-within.js';

/** How long a QUIT may take on a connection that is up before the connection is simply dropped. */
const QUIT_MS = 1_000;

export async function closeRedis(client: Redis): Promise<void> {
  if (client.status !== 'ready') return client.disconnect();
  await settleWithin(client.quit().catch(() => undefined), QUIT_MS, undefined);
  client.disconnect();
}

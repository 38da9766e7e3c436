/**
 * Two app processes that act as one, as behind a load balancer (README "Scaling out"): the built
 * server twice, on ports of their own, sharing one data dir (so one SQLite file) and a private
 * redis-server (REDIS_URL: sessions in Redis, Socket.IO fanning out through it). The first node
 * migrates and seeds the demo data; the second starts on the seeded file with SEED_ON_START=false.
 * A private Redis, never the shared one on 6379: channel and key names would meet other runs'.
 */
import { rm } from 'node:fs/promises';
import { startPrivateRedis, type PrivateRedis } from '../server/src/test/processes.js';
import { startPrivateServer, type PrivateServer } from './private-server.js';

export interface TwoNodes {
  nodes: [PrivateServer, PrivateServer];
  /** Stops both nodes and Redis and deletes the data; safe to call after a failed start. */
  stop(): Promise<void>;
}

export interface TwoNodesOptions {
  /** false: no REDIS_URL, two lone processes on one file (each knows only its own sockets). */
  redis?: boolean;
}

export async function startTwoNodes(options: TwoNodesOptions = {}): Promise<TwoNodes> {
  const dataDir = `.tmp/e2e-two-nodes-${process.pid}`;
  await rm(dataDir, { recursive: true, force: true });
  const started: PrivateServer[] = [];
  let redis: PrivateRedis | undefined;
  // Never outlive the test worker, also when it ends without running afterAll (kill is SIGKILL, sent at once).
  const killRedis = () => void redis?.kill();
  const stop = async () => {
    await Promise.all(started.map((node) => node.stop()));
    process.removeListener('exit', killRedis);
    await redis?.kill();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    let env: Record<string, string> = { REDIS_URL: '' };
    if (options.redis !== false) {
      process.once('exit', killRedis);
      redis = await startPrivateRedis();
      env = { REDIS_URL: redis.url };
    }
    started.push(await startPrivateServer({ dataDir, env }));
    started.push(await startPrivateServer({ dataDir, env: { ...env, SEED_ON_START: 'false' } }));
    return { nodes: [started[0]!, started[1]!], stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

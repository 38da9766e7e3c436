/**
 * Measures what an uninvolved node pays per adapter (run: npx tsx server/src/realtime/measure-traffic.ts [messages]).
 * Three nodes on a private Redis; A on node 1 sends to B on node 2; prints what each node received.
 */
import { Redis } from 'ioredis';
import { startPrivateRedis } from '../test/multi-process.js';
import { runTrafficExperiment } from './traffic-experiment.js';

const messages = Number(process.argv[2] ?? 200);
const redis = await startPrivateRedis();
try {
  console.log(`${messages} messages from A (node 1) to B (node 2); Redis messages received per node`);
  console.log('adapter  | delivered | node 1 | node 2 | node 3 (uninvolved) | node 3 rooms');
  for (const adapter of ['sharded', 'classic', 'streams'] as const) {
    const client = new Redis(redis.url);
    await client.flushall();
    await client.quit();
    const r = await runTrafficExperiment(adapter, redis.url, messages);
    const [n1, n2, n3] = r.nodes.map((n) => n.received);
    const rooms = Object.entries(n3!.byRoom).map(([room, n]) => `${room}=${n}`).join(' ') || '-';
    console.log(`${adapter.padEnd(8)} | ${String(r.deliveredToB).padStart(9)} | ${String(n1!.total).padStart(6)} | ${String(n2!.total).padStart(6)} | ${String(n3!.total).padStart(19)} | ${rooms}`);
  }
} finally {
  await redis.kill();
}

/**
 * Scenario 3: cross-node with Redis. Three server processes share the SQLite file and a private
 * redis-server (all on the server core). First every member is on node 1 (single-node figure),
 * then A's are on node 1 and B's on node 2; the added p50/p99 is the cost of the Redis hop.
 * Node 3 has nobody: its adapter traffic (GET /dev/realtime-stats) must stay 0 for their rooms.
 */
import type { ChatBenchOptions } from './options.js';
import { mintRedisSessions, type BenchMember } from './fixture.js';
import { appEnv } from './app-env.js';
import { closeAll, connectMany } from './connect.js';
import { pairUp, runOpenLoop, SwitchableSink, type StepResult } from './open-loop.js';
import { startRedis, startServe, type ServerProcess } from './processes.js';

export interface CrossNodeRate {
  rate: number;
  singleNode: StepResult;
  crossNode: StepResult;
}

export interface CrossNodeResult {
  members: number;
  /** per offered rate: all members on node 1, then A's on node 1 and B's on node 2 */
  rates: CrossNodeRate[];
  /** adapter messages node 3 received during the cross-node phase (all rooms) */
  uninvolvedTotal: number | null;
  /** of those, messages for the rooms of the chatting members */
  uninvolvedForMembers: number | null;
  /** adapter messages node 2 received (for scale: it should be about the A->B traffic) */
  node2Total: number | null;
  adapter: string;
}

interface TrafficSnapshot {
  total: number;
  byRoom: Record<string, number>;
}

/** Reads the node's adapter counters; tolerates the snapshot being nested under a key. */
async function adapterTraffic(node: ServerProcess): Promise<TrafficSnapshot | null> {
  try {
    const res = await fetch(`${node.url}/dev/realtime-stats`);
    if (!res.ok) return null;
    const body = (await res.json()) as Record<string, unknown>;
    const candidates = [body, ...Object.values(body)].filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null);
    const found = candidates.find((c) => typeof c.total === 'number');
    return found ? { total: found.total as number, byRoom: (found.byRoom as Record<string, number>) ?? {} } : null;
  } catch {
    return null;
  }
}

function memberRoomMessages(before: TrafficSnapshot, after: TrafficSnapshot, members: BenchMember[]): number {
  let sum = 0;
  for (const m of members) {
    const room = `user:${m.id}`;
    sum += (after.byRoom[room] ?? 0) - (before.byRoom[room] ?? 0);
  }
  return sum;
}

export async function runCrossNode(o: ChatBenchOptions, members: BenchMember[], databaseFile: string, rates: number[]): Promise<CrossNodeResult> {
  const redis = await startRedis();
  const nodes: ServerProcess[] = [];
  const sink = new SwitchableSink();
  const adapter = process.env.BENCH_SOCKET_ADAPTER ?? 'sharded';
  try {
    await mintRedisSessions(redis.url, members);
    for (let i = 0; i < 3; i++) nodes.push(await startServe('app', appEnv(databaseFile, { REDIS_URL: redis.url, SOCKET_ADAPTER: adapter })));
    const [node1, node2, node3] = nodes as [ServerProcess, ServerProcess, ServerProcess];
    /** one step per rate with the members placed by urlFor */
    const phase = async (label: string, urlFor: (index: number) => string) => {
      const { clients } = await connectMany({ kind: 'app', urlFor: (_m, i) => urlFor(i), members, sink, concurrency: o.connectConcurrency });
      const steps: StepResult[] = [];
      for (const rate of rates) {
        await sink.quiet(30_000);
        steps.push(await runOpenLoop({ tag: `x_${label}_${rate}`, rate, seconds: o.crossSeconds, pairs: pairUp(clients), lossTimeoutMs: o.lossTimeoutMs, sink, servers: nodes }));
      }
      await sink.quiet(30_000);
      await closeAll(clients);
      return steps;
    };
    const single = await phase('single', () => node1.url);
    const before3 = await adapterTraffic(node3);
    const before2 = await adapterTraffic(node2);
    // Pairs are (even, odd): A's (even) on node 1, B's (odd) on node 2.
    const cross = await phase('cross', (i) => (i % 2 === 0 ? node1.url : node2.url));
    const after3 = await adapterTraffic(node3);
    const after2 = await adapterTraffic(node2);
    return {
      members: members.length,
      rates: rates.map((rate, i) => ({ rate, singleNode: single[i]!, crossNode: cross[i]! })),
      uninvolvedTotal: before3 && after3 ? after3.total - before3.total : null,
      uninvolvedForMembers: before3 && after3 ? memberRoomMessages(before3, after3, members) : null,
      node2Total: before2 && after2 ? after2.total - before2.total : null,
      adapter,
    };
  } finally {
    for (const node of nodes) await node.kill('SIGTERM');
    await redis.stop();
  }
}

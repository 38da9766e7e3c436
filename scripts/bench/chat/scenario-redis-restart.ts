/**
 * Scenario 5: Redis restarted under a running node. One app node in Redis mode, members chatting
 * at a fixed rate; a third of the way in, Redis is killed (SIGKILL) and started again after
 * 500 ms, with its append-only file as docker-compose.yml runs it. Once the node is whole again it
 * tells every member to catch up (`invalidate`, server/src/realtime/io.ts), so all of them ask at
 * once: a herd. Two runs in the same conditions: members that catch up on `invalidate` as the real
 * client does, and the baseline, members that ignore it, so the difference is the herd's cost to
 * the messages going on (their latency) and to the node (its CPU).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ChatBenchOptions } from './options.js';
import { mintRedisSessions, newestMessageId, type BenchMember } from './fixture.js';
import { appEnv } from './app-env.js';
import { closeAll, connectMany } from './connect.js';
import { pairUp, runOpenLoop, SwitchableSink, type StepResult } from './open-loop.js';
import { startRedis, startServe, type ServerProcess } from './processes.js';
import type { AppClient } from './targets.js';

const REDIS_DOWN_MS = 500;

export interface RedisRestartRun {
  /** members catch up on `invalidate` (the real client), or ignore it (the baseline) */
  catchUp: boolean;
  members: number;
  rate: number;
  step: StepResult;
  /** members that received `invalidate` */
  invalidated: number;
  /** from Redis answering again until 99 % of members had their catch-up answered (null: never, or not asked) */
  caughtUp99Seconds: number | null;
  caughtUp: number;
  catchUpFailures: number;
}

export async function runRedisRestart(o: ChatBenchOptions, members: BenchMember[], databaseFile: string, catchUp: boolean): Promise<RedisRestartRun> {
  const redisDir = mkdtempSync(join(tmpdir(), 'bench-chat-redis-'));
  const redis = await startRedis({ appendOnlyDir: redisDir });
  let server: ServerProcess | undefined;
  const tag = catchUp ? 'rr_herd' : 'rr_base';
  try {
    await mintRedisSessions(redis.url, members);
    server = await startServe('app', appEnv(databaseFile, { REDIS_URL: redis.url }));
    const url = server.url;
    const sink = new SwitchableSink();
    const { clients } = await connectMany({ kind: 'app', urlFor: () => url, members, sink, concurrency: o.connectConcurrency });
    const appClients = clients as AppClient[];
    // As if each client had loaded its chats before the run: the catch-up brings what came since,
    // about what the real client's rewind (the outage and 30 s more) brings back at this rate.
    const loaded = newestMessageId(databaseFile);
    let invalidated = 0;
    let catchUpFailures = 0;
    const caughtUpAt: number[] = [];
    for (const client of appClients) {
      client.newestMessageId = loaded;
      client.onInvalidate = () => {
        invalidated++;
        if (!catchUp) return;
        client.catchUp(loaded).then(
          () => caughtUpAt.push(performance.now()),
          () => catchUpFailures++,
        );
      };
    }

    let restartStarted = false;
    let backAt: number | null = null;
    const restart = async () => {
      await redis.crash();
      await sleep(REDIS_DOWN_MS);
      await redis.start();
      backAt = performance.now();
    };
    const step = await runOpenLoop({
      tag,
      rate: o.stormRate,
      seconds: o.stormSeconds,
      pairs: pairUp(clients),
      lossTimeoutMs: o.lossTimeoutMs,
      sink,
      servers: [server],
      onTick: (elapsed) => {
        if (restartStarted || elapsed < o.stormSeconds / 3) return;
        restartStarted = true;
        void restart();
      },
    });
    await sink.quiet(30_000);
    const needed = Math.ceil(members.length * 0.99);
    const sorted = [...caughtUpAt].sort((a, b) => a - b);
    const at99 = sorted[needed - 1];
    await closeAll(clients);
    return {
      catchUp,
      members: members.length,
      rate: o.stormRate,
      step,
      invalidated,
      caughtUp99Seconds: catchUp && backAt !== null && at99 !== undefined ? (at99 - backAt) / 1000 : null,
      caughtUp: caughtUpAt.length,
      catchUpFailures,
    };
  } finally {
    await server?.kill('SIGTERM');
    await redis.stop();
    rmSync(redisDir, { recursive: true, force: true });
  }
}

/**
 * Runs one server under test in its own (pinned) process and answers the bench over IPC:
 * `serve.ts app` starts the real server (startServer, configured from the environment like
 * main.ts), `serve.ts sio|ws` a baseline relay. Start with --expose-gc for the heap figures.
 */
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { writeHeapSnapshot } from 'node:v8';
import { ELD_RESOLUTION_MS, type ServeEvent, type ServeKind, type ServeReply, type ServeRequest } from './ipc.js';
import { startSocketIoRelay, startWsRelay } from './relays.js';
import { isMajorGc } from '../lib/gc-kind.js';

const kind = process.argv[2] as ServeKind;
const send = (message: ServeEvent | ServeReply) => process.send?.(message);

async function listen(): Promise<number> {
  if (kind === 'app') {
    // Imported only here so the baselines run even while the app does not build.
    const { loadConfig } = await import('../../../server/src/config.js');
    const { startServer } = await import('../../../server/src/server.js');
    const server = await startServer(loadConfig(process.env));
    return server.port;
  }
  const http = kind === 'sio' ? startSocketIoRelay() : startWsRelay();
  const port = Number(process.env.PORT ?? 0);
  await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', () => resolve()));
  return (http.address() as AddressInfo).port;
}

const eld = monitorEventLoopDelay({ resolution: ELD_RESOLUTION_MS });
eld.enable();

// GC pauses, to tell a collector stall from other stalls in a step's latency. Major collections
// are counted apart: the pause of one is short, but its marking, which ran before it on V8's
// helper threads, took the server's one core for a few hundred milliseconds.
let gcPauses = { count: 0, totalMs: 0, maxMs: 0, majorCount: 0 };
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    gcPauses.count++;
    gcPauses.totalMs += entry.duration;
    gcPauses.maxMs = Math.max(gcPauses.maxMs, entry.duration);
    if (isMajorGc(entry)) gcPauses.majorCount++;
  }
}).observe({ entryTypes: ['gc'] });

function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('serve.ts needs node --expose-gc');
  // Several passes: weak references and finalizers free more on the second and third.
  for (let i = 0; i < 3; i++) gc();
}

process.on('message', (request: ServeRequest) => {
  switch (request.type) {
    case 'heap': {
      collectGarbage();
      // BENCH_HEAP_SNAPSHOT_DIR: also write a snapshot per weighing, to see what the bytes are.
      const snapshotDir = process.env.BENCH_HEAP_SNAPSHOT_DIR;
      if (snapshotDir) writeHeapSnapshot(`${snapshotDir}/${kind}-${Date.now()}.heapsnapshot`);
      const { heapUsed, rss } = process.memoryUsage();
      return send({ id: request.id, type: 'heap', heapUsed, rss });
    }
    case 'eld-reset':
      eld.reset();
      return send({ id: request.id, type: 'ok' });
    case 'eld': {
      const ms = (ns: number) => Math.max(0, ns / 1e6 - ELD_RESOLUTION_MS);
      return send({ id: request.id, type: 'eld', p50: ms(eld.percentile(50)), p99: ms(eld.percentile(99)), max: ms(eld.max) });
    }
    case 'gc': {
      const reply = { id: request.id, type: 'gc' as const, ...gcPauses };
      gcPauses = { count: 0, totalMs: 0, maxMs: 0, majorCount: 0 };
      return send(reply);
    }
    case 'cpu': {
      const { user, system } = process.cpuUsage();
      return send({ id: request.id, type: 'cpu', userMicros: user, systemMicros: system, atMs: performance.timeOrigin + performance.now() });
    }
  }
});
process.on('disconnect', () => process.exit(0));
// A clean exit on SIGTERM, so --cpu-prof (BENCH_SERVER_NODE_FLAGS) gets to write its profile.
process.on('SIGTERM', () => process.exit(0));

try {
  const port = await listen();
  send({ type: 'ready', port, uptimeMs: process.uptime() * 1000 });
} catch (err) {
  send({ type: 'failed', message: err instanceof Error ? err.stack ?? err.message : String(err) });
  process.exit(1);
}

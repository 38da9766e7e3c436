/**
 * Scenario 2: idle connections. Heap per connected member after GC (heap with N members minus
 * heap before any, over N) and the event-loop delay p99 while N members sit idle (only
 * Socket.IO pings), for the real server and both relays.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { ChatBenchOptions } from './options.js';
import type { BenchMember } from './fixture.js';
import type { ServeKind } from './ipc.js';
import type { IdleChildReply, IdleConnectRequest } from './idle-clients.js';
import { appEnv } from './app-env.js';
import { startServe } from './processes.js';

/** Connections per client child; well under the per-process file limit. */
const PER_CHILD = 8000;

export interface IdleResult {
  kind: ServeKind;
  members: number;
  connectSeconds: number;
  heapBytesPerMember: number;
  rssBytesPerMember: number;
  eld: { p50: number; p99: number; max: number };
  stillConnected: number;
}

/** RLIMIT_NOFILE of processes started from here: the server needs one descriptor per member. */
export function openFileLimit(): number {
  const r = spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' });
  const n = Number(r.stdout.trim());
  return Number.isFinite(n) && n > 0 ? n : Infinity;
}

/** Idle members the server process can hold given its file limit (descriptors for db, redis, listen...). */
export function feasibleIdleMembers(requested: number): number {
  return Math.min(requested, openFileLimit() - 500);
}

function startChild(): ChildProcess {
  const script = new URL('./idle-clients.ts', import.meta.url).pathname;
  return spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
}

function ask(child: ChildProcess, message: IdleConnectRequest | { type: 'count' }): Promise<IdleChildReply> {
  const reply = once(child, 'message').then(([m]) => m as IdleChildReply);
  child.send(message);
  return reply;
}

export async function runIdleFor(kind: ServeKind, o: ChatBenchOptions, members: BenchMember[], databaseFile: string): Promise<IdleResult> {
  const server = await startServe(kind, kind === 'app' ? appEnv(databaseFile) : {});
  const children: ChildProcess[] = [];
  try {
    const before = await server.request<'heap'>('heap');
    const started = performance.now();
    const replies = await Promise.all(
      Array.from({ length: Math.ceil(members.length / PER_CHILD) }, (_, i) => {
        const child = startChild();
        children.push(child);
        const share = members.slice(i * PER_CHILD, (i + 1) * PER_CHILD);
        return ask(child, { type: 'connect', kind, url: server.url, members: share, concurrency: Math.max(1, Math.floor(o.connectConcurrency / 2)) });
      }),
    );
    const failed = replies.find((r) => r.type === 'failed');
    if (failed?.type === 'failed') throw new Error(`idle ${kind}: ${failed.message}`);
    const connectSeconds = (performance.now() - started) / 1000;
    // Let handshakes, session saves and presence writes settle before weighing the heap.
    await new Promise((r) => setTimeout(r, 2000));
    const after = await server.request<'heap'>('heap');
    await server.request('eld-reset');
    await new Promise((r) => setTimeout(r, o.idleSampleSeconds * 1000));
    const eld = await server.request<'eld'>('eld');
    const counts = await Promise.all(children.map((c) => ask(c, { type: 'count' })));
    const stillConnected = counts.reduce((sum, r) => sum + (r.type === 'count' ? r.stillConnected : 0), 0);
    return {
      kind,
      members: members.length,
      connectSeconds,
      heapBytesPerMember: (after.heapUsed - before.heapUsed) / members.length,
      rssBytesPerMember: (after.rss - before.rss) / members.length,
      eld: { p50: eld.p50, p99: eld.p99, max: eld.max },
      stillConnected,
    };
  } finally {
    for (const child of children) child.kill('SIGKILL');
    await server.kill('SIGTERM');
  }
}

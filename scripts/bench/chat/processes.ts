/**
 * Child processes of the bench: servers under test pinned to the server core, a private
 * redis-server, and the pinning of the bench itself to the load-generator core.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import type { ServeEvent, ServeKind, ServeReply, ServeRequest } from './ipc.js';

export const SERVER_CPU = process.env.BENCH_SERVER_CPU ?? '0';
export const CLIENT_CPU = process.env.BENCH_CLIENT_CPU ?? '1';
const hasTaskset = spawnSync('taskset', ['--version']).status === 0;

/** Prefix that pins a command to `cpu` (nothing when taskset is missing). */
function pinned(cpu: string, command: string, args: string[]): [string, string[]] {
  return hasTaskset ? ['taskset', ['-c', cpu, command, ...args]] : [command, args];
}

/** Pins this process (all its threads, and children it starts later) to the generator core. */
export function pinSelfToClientCore(): string {
  if (!hasTaskset) return 'unpinned (taskset not found)';
  const r = spawnSync('taskset', ['-a', '-p', '-c', CLIENT_CPU, String(process.pid)]);
  return r.status === 0 ? `core ${CLIENT_CPU}` : `unpinned (taskset failed: ${String(r.stderr).trim()})`;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as { port: number }).port;
  server.close();
  await once(server, 'close');
  return port;
}

export interface ServerProcess {
  kind: ServeKind;
  port: number;
  url: string;
  pid: number;
  /** the process's own age when it listened, as it measured it */
  startupMs: number;
  request<T extends ServeReply['type']>(type: ServeRequest['type']): Promise<Extract<ServeReply, { type: T }>>;
  /** kills (SIGKILL by default: a crash) and waits for the exit */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts scripts/bench/chat/serve.ts <kind> on the server core and waits for it to listen. */
export async function startServe(kind: ServeKind, env: Record<string, string> = {}): Promise<ServerProcess> {
  // BENCH_SERVER_NODE_FLAGS, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof', to look inside a server under load.
  const extraFlags = (process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  // The compiled serve.ts (serve-bundle.ts) when chat.ts built it; the source through tsx otherwise.
  const bundle = process.env.BENCH_SERVE_BUNDLE;
  const entry = bundle ? [bundle] : ['--import', 'tsx', new URL('./serve.ts', import.meta.url).pathname];
  const [command, args] = pinned(SERVER_CPU, process.execPath, ['--expose-gc', ...extraFlags, ...entry, kind]);
  const child = spawn(command, args, {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, ...env },
  });
  const { port, uptimeMs } = await new Promise<{ port: number; uptimeMs: number }>((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`serve ${kind} exited with ${code} before listening`));
    child.once('exit', onExit);
    child.on('message', (event: ServeEvent) => {
      if (event.type === 'failed') reject(new Error(`serve ${kind} failed:\n${event.message}`));
      if (event.type === 'ready') {
        child.off('exit', onExit);
        resolve({ port: event.port, uptimeMs: event.uptimeMs });
      }
    });
  });
  return wrap(kind, child, port, uptimeMs);
}

function wrap(kind: ServeKind, child: ChildProcess, port: number, startupMs: number): ServerProcess {
  let nextId = 1;
  const waiting = new Map<number, (reply: ServeReply) => void>();
  child.on('message', (reply: ServeReply | ServeEvent) => {
    if ('id' in reply) waiting.get(reply.id)?.(reply);
  });
  const exited = once(child, 'exit');
  return {
    kind,
    port,
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    startupMs,
    request(type) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`serve ${kind}: no answer to ${type}`)), 60_000);
        waiting.set(id, (reply) => {
          clearTimeout(timer);
          waiting.delete(id);
          resolve(reply as never);
        });
        child.send({ id, type } as ServeRequest);
      });
    },
    async kill(signal = 'SIGKILL') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // taskset execs node, so the child pid is the server itself.
      child.kill(signal);
      await exited;
    },
  };
}

export interface RedisProcess {
  url: string;
  stop(): Promise<void>;
  /** SIGKILL, like a crash */
  crash(): Promise<void>;
  /** starts it again on the same port (and data directory); resolves once it answers */
  start(): Promise<void>;
}

/**
 * A throwaway redis-server on a free port, on the server core. Without persistence by default;
 * `appendOnlyDir`: with the append-only file there, as docker-compose.yml runs it, so a restart
 * keeps its sessions and presence.
 */
export async function startRedis(options: { appendOnlyDir?: string } = {}): Promise<RedisProcess> {
  const port = await freePort();
  const persistence = options.appendOnlyDir ? ['--appendonly', 'yes', '--dir', options.appendOnlyDir] : ['--appendonly', 'no'];
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess;
  let exited: Promise<unknown>;
  const start = async () => {
    const [command, args] = pinned(SERVER_CPU, 'redis-server', ['--port', String(port), '--save', '', ...persistence, '--bind', '127.0.0.1']);
    child = spawn(command, args, { stdio: 'ignore' });
    exited = once(child, 'exit');
    await untilRedisAnswers(url);
  };
  await start();
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
    async crash() {
      child.kill('SIGKILL');
      await exited;
    },
    start,
  };
}

async function untilRedisAnswers(url: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => {});
    try {
      await probe.connect();
      await probe.ping();
      probe.disconnect();
      return;
    } catch {
      probe.disconnect();
      if (attempt > 50) throw new Error('redis-server did not start');
      await sleep(100);
    }
  }
}

/** CPU time of this process as a share of one core since `since`. */
export function cpuShare(since: { cpu: NodeJS.CpuUsage; wall: number }): number {
  const used = process.cpuUsage(since.cpu);
  return (used.user + used.system) / 1000 / (performance.now() - since.wall);
}

export function cpuMark(): { cpu: NodeJS.CpuUsage; wall: number } {
  return { cpu: process.cpuUsage(), wall: performance.now() };
}

/** A server's CPU time (user + system, and the system part alone) and its own clock (epoch ms) when it read it. */
export interface ServerCpu {
  micros: number;
  /** in the kernel: system calls and, on loopback, the receiving side's network stack too */
  systemMicros: number;
  atMs: number;
}

export async function readServerCpu(server: ServerProcess): Promise<ServerCpu> {
  const c = await server.request<'cpu'>('cpu');
  return { micros: c.userMicros + c.systemMicros, systemMicros: c.systemMicros, atMs: c.atMs };
}

/**
 * CPU share of one core between two readings, on the server's own clock: a busy server answers
 * late, and CPU read later than the wall time it is divided by would overstate the share.
 */
export function serverCpuShare(from: ServerCpu, to: ServerCpu): number {
  return (to.micros - from.micros) / ((to.atMs - from.atMs) * 1000);
}

/**
 * Waits until the server has worked off what it was doing (e.g. the post-connect work of 10,000
 * handshakes): CPU share under `share` over a 500 ms window, at most `maxMs`. Returns the seconds waited.
 */
export async function waitServerSettled(server: ServerProcess, maxMs = 60_000, share = 0.2): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < maxMs) {
    const before = await readServerCpu(server);
    const t0 = performance.now();
    await sleep(500);
    const used = (await readServerCpu(server)).micros - before.micros;
    if (used / ((performance.now() - t0) * 1000) < share) break;
  }
  return (performance.now() - started) / 1000;
}

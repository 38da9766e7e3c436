/**
 * Processes for tests, with nothing but Node's own modules (so Playwright's e2e helpers import them
 * too, without the server's code): a free port, a process awaited until it says it is ready, and a
 * private redis-server on a free port (never the shared one: channel and key names would collide
 * with other test runs).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder: servers run from there, and deployment files live under it. */
export const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolvePort(port));
    });
  });
}

/** Spawns a process and resolves once a line of its output matches `ready`; keeps the output for errors. */
export function spawnUntil(command: string, args: string[], env: NodeJS.ProcessEnv, ready: RegExp, timeoutMs: number): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(command, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  return new Promise((resolveReady, reject) => {
    const timer = setTimeout(() => fail(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
    const fail = (err: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${command} ${args.join(' ')}: ${err.message}\n${log.slice(-3000)}`));
    };
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      if (ready.test(log)) {
        clearTimeout(timer);
        resolveReady({ child, output: () => log });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => fail(new Error(`exited with ${code} before it was ready`)));
  });
}

/** Resolves once `child` has exited (at once if it already has). */
export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((r) => child.once('exit', () => r()));
}

export interface PrivateRedis {
  port: number;
  url: string;
  /** SIGKILL, like a crash: nothing is saved (it runs without persistence) */
  kill(): Promise<void>;
  /** starts it again on the same port */
  start(): Promise<void>;
}

/** `port`: a fixed one (tests that must stay within an agreed range), else any free one. */
export async function startPrivateRedis(port?: number): Promise<PrivateRedis> {
  port ??= await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    ({ child } = await spawnUntil('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], process.env, /Ready to accept connections/, 10_000));
  };
  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    async kill() {
      if (!child) return;
      child.kill('SIGKILL');
      await exited(child);
    },
    start,
  };
}

/** Spawning and stopping the processes a benchmark measures, with timings taken from the spawn. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { repoRoot } from './build.js';

export interface SpawnedServer {
  child: ChildProcess;
  /** ms from spawn until the ready line appeared on stdout */
  readyMs: number;
  stop(): Promise<void>;
}

export interface SpawnOptions {
  command: string;
  args: string[];
  env: Record<string, string>;
  /** a stdout line matching this means the process listens */
  ready: RegExp;
  timeoutMs?: number;
}

/** Starts a server process and resolves once it prints its ready line; rejects with its output otherwise. */
export function spawnServer(options: SpawnOptions): Promise<SpawnedServer> {
  const started = performance.now();
  const child = spawn(options.command, options.args, {
    cwd: repoRoot,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolveReady, reject) => {
    const timer = setTimeout(() => fail(new Error(`no ready line after ${options.timeoutMs ?? 60_000} ms`)), options.timeoutMs ?? 60_000);
    const fail = (err: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${err.message}\n--- output of ${options.args.join(' ')} ---\n${output.slice(-4000)}`));
    };
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (!options.ready.test(output)) return;
      clearTimeout(timer);
      const readyMs = performance.now() - started;
      child.stdout!.removeAllListeners('data');
      child.stdout!.resume();
      resolveReady({ child, readyMs, stop: () => stopProcess(child) });
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => fail(new Error(`exited with code ${code} before it was ready`)));
    child.once('error', fail);
  });
}

/** SIGTERM, then SIGKILL after 5 s. */
export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolveStop) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.removeAllListeners('exit');
    child.once('exit', () => {
      clearTimeout(force);
      resolveStop();
    });
    child.kill('SIGTERM');
  });
}

/** Runs a command to completion and returns its stdout; rejects on a non-zero exit. */
export function runToEnd(command: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolveRun(stdout) : reject(new Error(`${command} ${args.join(' ')} exited ${code}\n${stderr.slice(-4000)}`)),
    );
  });
}

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

/** Milliseconds of CPU (user + system) a process has used so far, from /proc (Linux); null elsewhere. */
export function processCpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    // Fields after the parenthesised command name (which may itself hold ") ", hence the last one);
    // utime and stime are the 14th and 15th of the line.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** USER_HZ: 100 on every Linux architecture Node supports. */
const CLOCK_TICKS_PER_SECOND = 100;

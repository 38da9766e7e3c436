/**
 * Two app processes that act as one, as behind a load balancer (README "Scaling out"): the built
 * server twice, on ports of their own, sharing one data dir (so one SQLite file) and a private
 * redis-server (REDIS_URL: sessions in Redis, Socket.IO fanning out through it). The first node
 * migrates and seeds the demo data; the second starts on the seeded file with SEED_ON_START=false.
 * A private Redis, never the shared one on 6379: channel and key names would meet other runs'.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { freePort, startPrivateServer, type PrivateServer } from './private-server.js';

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
  let redis: ChildProcess | undefined;
  const stop = async () => {
    await Promise.all(started.map((node) => node.stop()));
    if (redis && redis.exitCode === null && redis.signalCode === null) {
      const gone = new Promise((resolve) => redis!.once('exit', resolve));
      redis.kill('SIGKILL');
      await gone;
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    let env: Record<string, string> = { REDIS_URL: '' };
    if (options.redis !== false) {
      const port = await freePort();
      redis = await startRedis(port);
      env = { REDIS_URL: `redis://127.0.0.1:${port}` };
    }
    started.push(await startPrivateServer({ dataDir, env }));
    started.push(await startPrivateServer({ dataDir, env: { ...env, SEED_ON_START: 'false' } }));
    return { nodes: [started[0]!, started[1]!], stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
  // Never outlive the test worker, also when it ends without running afterAll.
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  child.once('exit', () => process.removeListener('exit', kill));
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`redis-server not ready in 10 s:\n${output}`));
    }, 10_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (/Ready to accept connections/.test(output)) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${code}:\n${output}`));
    });
  });
}

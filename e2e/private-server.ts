/**
 * A server of a spec's own: the built app (`dist/server/main.js`, as the shared e2e server in
 * playwright.config.ts) on a free port with a throw-away data dir, by default with no seeded
 * members. For specs whose data would leak into the server every other spec shares: chat-list-many
 * signs up 301 members, and their 301 activation mails could push the mail of a sign-up spec
 * running beside it out of /dev/outbox, which lists the last 100. And for specs that need the demo
 * data as seeded, which the specs on the shared server write into (seeded-server.ts).
 */
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { freePort } from '../server/src/test/processes.js';

export interface PrivateServer {
  baseURL: string;
  /** Stops the server and deletes its data. */
  stop(): Promise<void>;
}

const READY = /\[server\] ready on /;
const START_TIMEOUT_MS = 30_000;

export interface PrivateServerOptions {
  /** Members seeded beside the demo accounts; the shared server seeds 120. */
  seedMembers?: number;
  /** A data dir shared with other processes (e2e/two-nodes.ts): its owner removes it, not stop(). */
  dataDir?: string;
  /** More environment for the process (REDIS_URL, SEED_ON_START...). */
  env?: Record<string, string>;
  /** A port of the run's own (a helper's range on a shared machine); a free one otherwise. */
  port?: number;
}

export async function startPrivateServer(options: PrivateServerOptions = {}): Promise<PrivateServer> {
  const port = options.port ?? (await freePort());
  const ownData = options.dataDir === undefined;
  const dataDir = options.dataDir ?? `.tmp/e2e-private-${process.pid}-${port}`;
  if (ownData) await rm(dataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED_MEMBERS: String(options.seedMembers ?? 0), NODE_ENV: 'test', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Never outlive the test worker, also when it ends without running afterAll.
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`private server not ready in ${START_TIMEOUT_MS} ms:\n${output}`)), START_TIMEOUT_MS);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (READY.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`private server exited with ${code}:\n${output}`));
    });
  });
  return {
    baseURL: `http://localhost:${port}`,
    async stop() {
      process.removeListener('exit', kill);
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      if (ownData) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * `npm run bench -- start`: cold start of the built server (`node dist/server/main.js`) on a
 * database that is already seeded: time until its "ready" log line and until GET /login first
 * answers 200, five times, against `node -e ''` started the same way in the same run.
 * Environment: BENCH_STARTS (default 5), BENCH_SEED_MEMBERS (default 2000, the SEED_MEMBERS default).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ensureClientBuild, ensureServerBuild, repoRoot } from './lib/build.js';
import { SERVER_CORE, pinned, pinningNote } from './lib/cpu.js';
import { freePort, runToEnd, spawnServer } from './lib/processes.js';
import { median, printTable } from './lib/table.js';

export const description = "cold start of node dist/server/main.js on a seeded database vs node -e ''";

const POLL_MS = 5;

export async function main(): Promise<void> {
  const starts = Number(process.env.BENCH_STARTS ?? 5);
  const seedMembers = process.env.BENCH_SEED_MEMBERS ?? '2000';
  ensureClientBuild();
  ensureServerBuild();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-start-'));
  try {
    const env = { NODE_ENV: 'development', HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_MEMBERS: seedMembers };
    const seedStarted = performance.now();
    await runToEnd(process.execPath, [resolve(repoRoot, 'dist/server/seed.js')], env);
    console.log(`[bench] seeded ${seedMembers} members into ${dataDir} in ${Math.round(performance.now() - seedStarted)} ms (not measured below)`);

    const ready: number[] = [];
    const firstPage: number[] = [];
    for (let i = 0; i < starts; i++) {
      const result = await coldStart({ ...env, PORT: String(await freePort()) });
      ready.push(result.readyMs);
      firstPage.push(result.firstPageMs);
    }
    const bare: number[] = [];
    for (let i = 0; i < starts; i++) bare.push(await nodeStartMs());

    const stats = (name: string, values: number[]) => [name, Math.min(...values), median(values), Math.max(...values)];
    printTable(`Cold start, ${starts} runs each; ${pinningNote(false)}`, ['measure', 'min ms', 'median ms', 'max ms'], [
      stats("node -e '' (spawn to exit)", bare),
      stats('server: spawn to "ready" line', ready),
      stats('server: spawn to first 200 on /login', firstPage),
    ]);
    console.log(`\nmedian start beyond bare node: ${Math.round(median(firstPage) - median(bare))} ms to the first page`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function coldStart(env: Record<string, string>): Promise<{ readyMs: number; firstPageMs: number }> {
  const started = performance.now();
  const url = `http://127.0.0.1:${env.PORT}/login`;
  // Poll from the moment of spawn, so the first 200 is timed independently of the log line.
  const firstPage = pollUntil200(url).then(() => performance.now() - started);
  firstPage.catch(() => {}); // a failed spawn below is the error worth reporting
  const server = await spawnServer({
    ...pinned(SERVER_CORE, process.execPath, [resolve(repoRoot, 'dist/server/main.js')]),
    env,
    ready: /ready on/,
  });
  try {
    return { readyMs: server.readyMs, firstPageMs: await firstPage };
  } finally {
    await server.stop();
  }
}

async function pollUntil200(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

function nodeStartMs(): Promise<number> {
  const { command, args } = pinned(SERVER_CORE, process.execPath, ['-e', '']);
  const started = performance.now();
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, { stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', () => resolveRun(performance.now() - started));
  });
}

/**
 * `npm run bench -- user`: requests/s and p99 of GET /api/user.php (the call every client makes on
 * load and while polling) on the real built server, against a bare Express app answering a JSON
 * body of the same size, in the same run and pinned the same way. Target: ratio >= 0.5. A third
 * row shows Express with only express-session in front, to separate the session cost from ours.
 * Environment: BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 50).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openDb } from '@db/client.js';
import { createMember, insertTestSite } from '../../server/src/test/factories.js';
import { runLoad, type LoadResult } from './lib/autocannon.js';
import { ensureServerBuild, repoRoot } from './lib/build.js';
import { SERVER_CORE, pinned, pinningNote } from './lib/cpu.js';
import { freePort, spawnServer } from './lib/processes.js';
import { printTable } from './lib/table.js';

export const description = 'GET /api/user.php on the real server vs a bare Express app (target ratio >= 0.5)';

const TARGET_RATIO = 0.5;
const WARMUP_SECONDS = 2;
const MEMBER_EMAIL = 'bench@amora.test';
const MEMBER_PASSWORD = 'bench-password-123';

export async function main(): Promise<void> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
  ensureServerBuild();
  const workDir = mkdtempSync(join(tmpdir(), 'bench-user-'));
  try {
    await prepareDatabase(join(workDir, 'app.db'));
    const port = await freePort();
    const server = await spawnServer({
      ...pinned(SERVER_CORE, process.execPath, [resolve(repoRoot, 'dist/server/main.js')]),
      env: {
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: workDir,
        SEED_ON_START: 'false',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        SESSION_SECRET: randomBytes(32).toString('hex'),
        // production insists on SMTP; nothing in this bench sends mail
        SMTP_URL: 'smtp://127.0.0.1:1',
      },
      ready: /ready on/,
    });
    let real: LoadResult;
    let bodyFile: string;
    try {
      const base = `http://127.0.0.1:${port}`;
      const cookie = await logIn(base);
      const headers = { Cookie: cookie, 'X-Request-Type': 'client' };
      bodyFile = join(workDir, 'user-body.json');
      writeFileSync(bodyFile, await fetchUserBody(base, headers));
      real = await measure(`${base}/api/user.php`, headers, seconds, connections);
    } finally {
      await server.stop();
    }

    const baseline = await measureBaseline(bodyFile, 'bare', seconds, connections);
    const sessionOnly = await measureBaseline(bodyFile, 'session', seconds, connections);
    report(real, baseline, sessionOnly, seconds, connections);
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

/** A site for 127.0.0.1 and one member with a real argon2 hash, as the server would store them. */
async function prepareDatabase(file: string): Promise<void> {
  const db = openDb(file);
  insertTestSite(db);
  await createMember(db, { email: MEMBER_EMAIL, password: MEMBER_PASSWORD, name: 'Bench' });
  db.$client.close();
}

async function logIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/user.php`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: MEMBER_EMAIL, password: MEMBER_PASSWORD }),
  });
  const setCookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  if (res.status !== 200 || !setCookie) {
    throw new Error(`log-in failed with ${res.status}: ${(await res.text()).slice(0, 300)}`);
  }
  return setCookie;
}

async function fetchUserBody(base: string, headers: Record<string, string>): Promise<string> {
  const res = await fetch(`${base}/api/user.php`, { headers });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`GET /api/user.php answered ${res.status}: ${body.slice(0, 300)}`);
  return body;
}

/** Runs scripts/bench/bare-express-server.mjs pinned like the app; `session` adds express-session. */
async function measureBaseline(bodyFile: string, mode: 'bare' | 'session', seconds: number, connections: number): Promise<LoadResult> {
  const port = await freePort();
  const server = await spawnServer({
    ...pinned(SERVER_CORE, process.execPath, [resolve(repoRoot, 'scripts/bench/bare-express-server.mjs'), String(port), bodyFile, mode]),
    env: { NODE_ENV: 'production' },
    ready: /ready on/,
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    const headers: Record<string, string> = {};
    if (mode === 'session') {
      const res = await fetch(`${base}/login`);
      headers.Cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    }
    return await measure(`${base}/api/user.php`, headers, seconds, connections);
  } finally {
    await server.stop();
  }
}

async function measure(url: string, headers: Record<string, string>, seconds: number, connections: number): Promise<LoadResult> {
  await runLoad({ url, headers, seconds: WARMUP_SECONDS, connections });
  return runLoad({ url, headers, seconds, connections });
}

function report(real: LoadResult, baseline: LoadResult, sessionOnly: LoadResult, seconds: number, connections: number): void {
  const row = (name: string, r: LoadResult) => [name, Math.round(r.requestsPerSecond), r.p50Ms, r.p99Ms, r.bytesPerResponse, r.ok, r.failed];
  printTable(
    `GET /api/user.php, ${connections} connections, ${seconds} s after a ${WARMUP_SECONDS} s warm-up; ${pinningNote()}`,
    ['server', 'req/s', 'p50 ms', 'p99 ms', 'bytes/resp', '2xx', 'failed'],
    [row('app (dist/server/main.js)', real), row('bare Express', baseline), row('Express + express-session only', sessionOnly)],
  );
  if (baseline.requestsPerSecond) {
    const share = sessionOnly.requestsPerSecond / baseline.requestsPerSecond;
    console.log(`express-session alone (in-memory store, no database) reaches ${share.toFixed(2)} of bare Express`);
  }
  const ratio = baseline.requestsPerSecond ? real.requestsPerSecond / baseline.requestsPerSecond : 0;
  const verdict = ratio >= TARGET_RATIO ? 'meets' : 'MISSES';
  console.log(`\nratio app/bare = ${ratio.toFixed(2)} (${verdict} the target >= ${TARGET_RATIO})`);
  if (real.failed > 0) console.log(`warning: ${real.failed} requests to the app failed or were not 2xx`);
  if (ratio < TARGET_RATIO || real.failed > 0) process.exitCode = 1;
}

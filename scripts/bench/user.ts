/**
 * `npm run bench -- user`: requests/s and p99 of GET /api/user.php (the call every client makes on
 * load and while polling) on the real built server, against a bare Express app answering a JSON
 * body of the same size, in the same run and pinned the same way. Target: ratio >= 0.5. A third
 * row shows Express with only express-session in front, to separate the session cost from ours.
 * The three servers run side by side and are measured in interleaved rounds, so a slow spell of a
 * shared machine does not fall on one of them only; each figure is the median round.
 * Environment: BENCH_SECONDS per round (default 5), BENCH_ROUNDS (default 5), BENCH_CONNECTIONS
 * (default 50), BENCH_CPU_PROFILE_DIR (each of the three servers writes a V8 CPU profile there).
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
import { freePort, processCpuMs, spawnServer, type SpawnedServer } from './lib/processes.js';
import { median, printTable } from './lib/table.js';

export const description = 'GET /api/user.php on the real server vs a bare Express app (target ratio >= 0.5)';

const TARGET_RATIO = 0.5;
const WARMUP_SECONDS = 2;
const MEMBER_EMAIL = 'bench@amora.test';
const MEMBER_PASSWORD = 'bench-password-123';

interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
  pid: number | undefined;
  results: Round[];
}

/** One round's load figures and the server's CPU per answered request (null where /proc is missing). */
interface Round extends LoadResult {
  cpuUsPerRequest: number | null;
}

export async function main(): Promise<void> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
  ensureServerBuild();
  const workDir = mkdtempSync(join(tmpdir(), 'bench-user-'));
  const servers: SpawnedServer[] = [];
  try {
    await prepareDatabase(join(workDir, 'app.db'));
    const port = await freePort();
    servers.push(
      await spawnServer({
        ...pinned(SERVER_CORE, process.execPath, [...profileArgs(), resolve(repoRoot, 'dist/server/main.js')]),
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
      }),
    );
    const base = `http://127.0.0.1:${port}`;
    const headers = { Cookie: await logIn(base), 'X-Request-Type': 'client' };
    const bodyFile = join(workDir, 'user-body.json');
    writeFileSync(bodyFile, await fetchUserBody(base, headers));
    const targets: Target[] = [
      { name: 'app (dist/server/main.js)', url: `${base}/api/user.php`, headers, pid: servers[0]!.child.pid, results: [] },
    ];
    for (const [name, mode] of [['bare Express', 'bare'], ['Express + express-session only', 'session']] as const) {
      const baseline = await startBaseline(bodyFile, mode);
      servers.push(baseline.server);
      targets.push({ name, url: baseline.url, headers: baseline.headers, pid: baseline.server.child.pid, results: [] });
    }

    // Interleaved rounds: a slow spell of a shared machine hits every server alike, not one of them.
    for (const target of targets) await runLoad({ url: target.url, headers: target.headers, seconds: WARMUP_SECONDS, connections });
    for (let round = 0; round < rounds; round++) {
      for (const target of targets) target.results.push(await measuredRound(target, seconds, connections));
    }
    report(targets, seconds, rounds, connections);
  } finally {
    for (const server of servers) await server.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

/**
 * A round of load with the server's CPU time around it: CPU per request does not move with a slow
 * spell of the load generator or the machine the way requests/s does, so it is the steadier figure
 * for comparing two versions of the server.
 */
async function measuredRound(target: Target, seconds: number, connections: number): Promise<Round> {
  const cpuBefore = processCpuMs(target.pid);
  const load = await runLoad({ url: target.url, headers: target.headers, seconds, connections });
  const cpuAfter = processCpuMs(target.pid);
  const answered = load.ok + load.failed;
  const cpuUsPerRequest = cpuBefore !== null && cpuAfter !== null && answered > 0 ? ((cpuAfter - cpuBefore) * 1000) / answered : null;
  return { ...load, cpuUsPerRequest };
}

/** With BENCH_CPU_PROFILE_DIR, a server writes a V8 CPU profile there when it stops. */
function profileArgs(): string[] {
  const dir = process.env.BENCH_CPU_PROFILE_DIR;
  return dir ? ['--cpu-prof', '--cpu-prof-interval=100', `--cpu-prof-dir=${resolve(dir)}`] : [];
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

/** Starts scripts/bench/bare-express-server.mjs pinned like the app; `session` adds express-session. */
async function startBaseline(
  bodyFile: string,
  mode: 'bare' | 'session',
): Promise<{ server: SpawnedServer; url: string; headers: Record<string, string> }> {
  const port = await freePort();
  const server = await spawnServer({
    ...pinned(SERVER_CORE, process.execPath, [...profileArgs(), resolve(repoRoot, 'scripts/bench/bare-express-server.mjs'), String(port), bodyFile, mode]),
    env: { NODE_ENV: 'production' },
    ready: /ready on/,
  });
  const base = `http://127.0.0.1:${port}`;
  const headers: Record<string, string> = {};
  if (mode === 'session') {
    const res = await fetch(`${base}/login`);
    headers.Cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  }
  return { server, url: `${base}/api/user.php`, headers };
}

/** The round with the median requests/s. */
function medianRound(results: Round[]): Round {
  return [...results].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor(results.length / 2)]!;
}

function medianCpu(results: Round[]): number | null {
  const values = results.map((r) => r.cpuUsPerRequest).filter((v): v is number => v !== null);
  return values.length ? median(values) : null;
}

function report(targets: Target[], seconds: number, rounds: number, connections: number): void {
  const [app, bare, sessionOnly] = targets.map((t) => medianRound(t.results)) as [Round, Round, Round];
  printTable(
    `GET /api/user.php, ${connections} connections, median of ${rounds} interleaved rounds of ${seconds} s after a ${WARMUP_SECONDS} s warm-up; ${pinningNote()}`,
    ['server', 'req/s', 'p50 ms', 'p99 ms', 'bytes/resp', '2xx', 'failed', 'req/s per round', 'CPU µs/req per round'],
    targets.map((t) => {
      const r = medianRound(t.results);
      const perRound = t.results.map((x) => Math.round(x.requestsPerSecond).toLocaleString('en')).join(' / ');
      const cpuPerRound = t.results.map((x) => (x.cpuUsPerRequest === null ? '–' : Math.round(x.cpuUsPerRequest))).join(' / ');
      return [t.name, Math.round(r.requestsPerSecond), r.p50Ms, r.p99Ms, r.bytesPerResponse, r.ok, r.failed, perRound, cpuPerRound];
    }),
  );
  if (bare.requestsPerSecond) {
    const share = sessionOnly.requestsPerSecond / bare.requestsPerSecond;
    console.log(`express-session alone (in-memory store, no database) reaches ${share.toFixed(2)} of bare Express`);
  }
  const [appCpu, bareCpu, sessionCpu] = targets.map((t) => medianCpu(t.results));
  if (appCpu && bareCpu && sessionCpu) {
    console.log(
      `server CPU per request (median round): app ${appCpu.toFixed(0)} µs, bare ${bareCpu.toFixed(0)} µs, session-only ${sessionCpu.toFixed(0)} µs;` +
        ` bare/app = ${(bareCpu / appCpu).toFixed(2)}, session-only/app = ${(sessionCpu / appCpu).toFixed(2)}`,
    );
  }
  const ratio = bare.requestsPerSecond ? app.requestsPerSecond / bare.requestsPerSecond : 0;
  const verdict = ratio >= TARGET_RATIO ? 'meets' : 'MISSES';
  console.log(`\nratio app/bare = ${ratio.toFixed(2)} (${verdict} the target >= ${TARGET_RATIO})`);
  const failed = targets[0]!.results.reduce((sum, r) => sum + r.failed, 0);
  if (failed > 0) console.log(`warning: ${failed} requests to the app failed or were not 2xx`);
  if (ratio < TARGET_RATIO || failed > 0) process.exitCode = 1;
}

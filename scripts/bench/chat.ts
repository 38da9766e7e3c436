/**
 * `npm run bench -- chat` (or `npx tsx scripts/bench/chat.ts`): the real-time chat benchmark.
 * The server under test runs pinned to core 0, this load generator pins itself to core 1; every
 * figure is printed beside the baselines measured in the same run (a bare Socket.IO relay and a
 * raw ws relay, pinned the same way). Scenarios: 1 throughput knee, 2 idle connections,
 * 3 cross-node with Redis, 4 reconnect storm. Sizes: see scripts/bench/chat/options.ts
 * (BENCH_QUICK=1 for a ~1 minute run). Method and figures: docs/parts/bench-chat.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServeBundle } from './chat/serve-bundle.js';
import { createBenchDatabase } from './chat/fixture.js';
import { readOptions } from './chat/options.js';
import { coreSpeed, describeCoreSpeed } from './lib/core-speed.js';
import { netLimits } from './lib/kernel-net.js';
import { pinSelfToClientCore, SERVER_CPU } from './chat/processes.js';
import { runChatScenarios } from './chat/scenarios.js';
import { emptyGeneratorFragments } from './chat/generator-frames.js';

export const description = 'real-time chat: throughput knee vs bare Socket.IO/ws, idle heap, cross-node, reconnect storm';

export async function main(): Promise<void> {
  const options = readOptions();
  const pinning = pinSelfToClientCore();
  console.log(`[chat] server processes on core ${SERVER_CPU}, load generator ${pinning}${options.quick ? ' (BENCH_QUICK)' : ''}; its ws client: ${emptyGeneratorFragments()}`);
  // Other work on the machine shows up as latency; the load average says how quiet it was.
  const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
  console.log(`[chat] ${new Date().toISOString()} load average ${load()}`);
  // Before any server starts: the core is as quiet as it will be.
  console.log(`[chat] server core ${SERVER_CPU}: ${describeCoreSpeed(coreSpeed(SERVER_CPU))}`);
  const limits = netLimits();
  console.log(`[chat] kernel: somaxconn ${limits.somaxconn ?? '-'}, tcp_max_syn_backlog ${limits.synBacklog ?? '-'}, netdev_max_backlog ${limits.netdevBacklog ?? '-'}`);
  // startServe runs this compiled serve.ts for every server under test. A bundle given in
  // BENCH_SERVE_BUNDLE (another build, kept under dist/bench/) is used as it is: A/B of two trees.
  if (process.env.BENCH_SERVE_BUNDLE) console.log(`[chat] server bundle ${process.env.BENCH_SERVE_BUNDLE} (BENCH_SERVE_BUNDLE)`);
  else process.env.BENCH_SERVE_BUNDLE = await buildServeBundle();
  const workDir = mkdtempSync(join(tmpdir(), 'bench-chat-'));
  try {
    const databaseFile = join(workDir, 'bench.db');
    const needed = Math.max(options.members, options.idleMembers, options.crossMembers, options.stormMembers);
    const started = performance.now();
    const members = createBenchDatabase(databaseFile, needed);
    console.log(`[chat] ${members.length} members with sessions created in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const allMet = await runChatScenarios(options, members, databaseFile);
    console.log(`\n[chat] ${new Date().toISOString()} load average ${load()}; all targets met: ${allMet ? 'yes' : 'no'}`);
    if (!allMet) process.exitCode = 1;
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    // Sockets of the last scenario may keep timers alive; the bench is done.
    () => process.exit(process.exitCode ?? 0),
    (err: unknown) => {
      console.error('[chat] failed:', err);
      process.exit(1);
    },
  );
}

/**
 * Scenario 1: 1:1 chat. Pairs of connected members exchange messages at fixed, stepped-up
 * rates; the same steps run against the real server (persisting every message) and both relays.
 * The knee is the highest offered rate with p99 <= 50 ms and nothing lost or refused. A step that
 * misses that rule without being saturated runs again, up to BENCH_STEP_ATTEMPTS runs (2), for
 * every target alike: on this VM a single stall of the whole machine (seen at 40 % CPU on the bare
 * relay) spoils one run's p99. Then one rate halfway between the knee and the step above it runs
 * (knee.ts: refinementRate). Every run is printed.
 */
import type { ChatBenchOptions } from './options.js';
import type { BenchMember } from './fixture.js';
import type { ServeKind } from './ipc.js';
import { appEnv } from './app-env.js';
import { closeAll, connectMany } from './connect.js';
import { allConnected, pairUp, runOpenLoop, SwitchableSink, type StepResult } from './open-loop.js';
import { readServerCpu, startServe, waitServerSettled } from './processes.js';
import { int, ms, pct, pct1, printTable } from './table.js';
import { kneeOf, meetsKnee, refinementRate, type Knee } from './knee.js';

/** One run of a step; `attempt` counts from 1. */
export type ThroughputStep = StepResult & { attempt: number };

export interface ThroughputResult {
  kind: ServeKind;
  steps: ThroughputStep[];
  /** server CPU per message at the highest step that lost nothing (fixed costs such as pings weigh least there), µs */
  microsPerMessage: number | null;
  /** highest offered rate meeting the knee rule (0 if none), and whether it is only a lower bound */
  knee: Knee;
  connectSeconds: number;
  /** server CPU per member for connecting all of them (handshake and what follows it), ms: the storm's per-member cost, without the catch-up */
  connectCpuMsPerMember: number;
}

export const KIND_LABEL: Record<ServeKind, string> = { app: 'persisted (app)', sio: 'bare socket.io', ws: 'raw ws' };

/** Far past the knee: higher steps would only take time. */
function saturated(step: StepResult): boolean {
  return step.lost > step.sent * 0.05 || step.latency.p99 > 2000;
}

export async function runThroughputFor(kind: ServeKind, o: ChatBenchOptions, members: BenchMember[], databaseFile: string): Promise<ThroughputResult> {
  const server = await startServe(kind, kind === 'app' ? appEnv(databaseFile) : {});
  const sink = new SwitchableSink();
  try {
    const cpuBeforeConnect = await readServerCpu(server);
    // Reconnecting clients: an overloaded server drops sockets (ping timeout); the next step needs them back.
    const { clients, seconds } = await connectMany({ kind, urlFor: () => server.url, members, sink, concurrency: o.connectConcurrency, reconnect: true });
    // Work the handshakes queued (joins, presence) ends after the last client saw its connect.
    await waitServerSettled(server);
    const connectCpuMsPerMember = ((await readServerCpu(server)).micros - cpuBeforeConnect.micros) / 1000 / members.length;
    const pairs = pairUp(clients);
    const steps: ThroughputStep[] = [];
    const runStep = async (rate: number, attempt: number) => {
      // A backlog left by an overloaded step (or by the handshakes) would count against this one.
      const down = await allConnected(clients, 60_000);
      if (down > 0) console.log(`  ${KIND_LABEL[kind]}: ${down} members still disconnected before ${rate}/s`);
      await sink.quiet(60_000);
      const settled = await waitServerSettled(server);
      if (settled > 1) console.log(`  ${KIND_LABEL[kind]}: waited ${settled.toFixed(1)} s for the server to settle before ${rate}/s`);
      // The tag makes the client ids; no run may repeat an earlier run's (they would be replays,
      // which cost the app more than new sends): the run's number too, for a rate listed twice in
      // BENCH_STEPS.
      const run = await runOpenLoop({ tag: `tp_${kind}_${rate}_${attempt}_${steps.length + 1}`, rate, seconds: o.secondsPerStep, pairs, lossTimeoutMs: o.lossTimeoutMs, sink, servers: [server] });
      const step: ThroughputStep = { ...run, attempt };
      steps.push(step);
      console.log(
        `  ${KIND_LABEL[kind]} ${rate}/s${attempt > 1 ? ` (run ${attempt})` : ''}: sent ${int(step.sentRate)}/s recv ${int(step.receivedRate)}/s p50 ${ms(step.latency.p50)} p99 ${ms(step.latency.p99)} max ${ms(step.latency.max)} ms lost ${step.lost}${step.disconnected ? ` disconnected ${step.disconnected}` : ''}` +
          `${step.refused.size ? ` refused ${JSON.stringify(Object.fromEntries(step.refused))}` : ''} server ${pct(step.serverCpu)} (${int(step.serverMicrosPerMessage ?? 0)} µs/msg, ${int(step.serverSystemMicrosPerMessage ?? 0)} in the kernel${step.serverCoreSteal !== null && step.serverCoreSteal >= 0.0005 ? `, core stolen ${pct1(step.serverCoreSteal)}` : ''}${step.serverLoopWaited !== null ? `, loop waited for the core ${pct1(step.serverLoopWaited)}` : ''}) generator ${pct(step.generatorCpu)} (stall max ${ms(step.generatorEldMax)} ms, gc max ${ms(step.generatorGcMax)} ms, ${step.generatorMajorGcs} major) server stall max ${ms(step.serverEldMax ?? 0)} ms (gc max ${ms(step.serverGcMax ?? 0)} ms, ${step.serverMajorGcs ?? '-'} major)`,
      );
      return step;
    };
    const runRate = async (rate: number) => {
      let step = await runStep(rate, 1);
      for (let attempt = 2; attempt <= o.stepAttempts && !meetsKnee(step) && !saturated(step); attempt++) step = await runStep(rate, attempt);
      return step;
    };
    for (const rate of o.steps) {
      if (saturated(await runRate(rate))) break;
    }
    // Below the first step: halve a few times so a knee under it is still located.
    for (let rate = Math.round(o.steps[0]! / 2), tries = 0; tries < 3 && !steps.some(meetsKnee); rate = Math.round(rate / 2), tries++) {
      await runRate(rate);
    }
    const between = refinementRate(steps);
    if (between !== undefined) await runRate(between);
    steps.sort((a, b) => a.offered - b.offered || a.attempt - b.attempt);
    await closeAll(clients);
    return { kind, steps, knee: kneeOf(steps), connectSeconds: seconds, connectCpuMsPerMember, microsPerMessage: costAtHighestCleanStep(steps) };
  } finally {
    await server.kill('SIGTERM');
  }
}

function costAtHighestCleanStep(steps: StepResult[]): number | null {
  const clean = steps.filter((s) => s.lost === 0 && s.serverMicrosPerMessage !== null);
  return clean.length ? clean.reduce((a, b) => (b.offered > a.offered ? b : a)).serverMicrosPerMessage : null;
}

export function printThroughputTable(results: ThroughputResult[]): void {
  const rows = results.flatMap((r) =>
    r.steps.map((s) => [
      KIND_LABEL[r.kind],
      s.attempt > 1 ? `${int(s.offered)} (run ${s.attempt})` : int(s.offered),
      int(s.sentRate),
      int(s.receivedRate),
      ms(s.latency.p50),
      ms(s.latency.p99),
      ms(s.latency.max),
      int(s.lost),
      int([...s.refused.values()].reduce((a, b) => a + b, 0)),
      pct(s.serverCpu),
      pct1(s.serverCoreSteal),
      pct1(s.serverLoopWaited),
      s.serverMicrosPerMessage === null ? '-' : int(s.serverMicrosPerMessage),
      s.serverSystemMicrosPerMessage === null ? '-' : int(s.serverSystemMicrosPerMessage),
      s.serverEldMax === null ? '-' : ms(s.serverEldMax),
      s.serverGcMax === null ? '-' : ms(s.serverGcMax),
      s.serverMajorGcs === null ? '-' : int(s.serverMajorGcs),
      pct(s.generatorCpu),
      meetsKnee(s) ? 'yes' : 'no',
    ]),
  );
  printTable('Scenario 1 - 1:1 chat, steps (latency from scheduled send to receipt, ms)', ['target', 'offered/s', 'sent/s', 'recv/s', 'p50', 'p99', 'max', 'lost', 'refused', 'server cpu', 'core stolen', 'loop waited', 'server µs/msg', 'of it kernel', 'loop stall max', 'gc max', 'major gcs', 'gen cpu', 'within knee'], rows);
}

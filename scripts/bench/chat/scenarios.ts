/** Runs the selected scenarios in order and prints the per-scenario summary tables. */
import type { ChatBenchOptions } from './options.js';
import type { BenchMember } from './fixture.js';
import type { ServeKind } from './ipc.js';
import { KIND_LABEL, printThroughputTable, runThroughputFor, type ThroughputResult } from './scenario-throughput.js';
import { feasibleIdleMembers, runIdleFor, type IdleResult } from './scenario-idle.js';
import { runCrossNode, type CrossNodeResult } from './scenario-cross-node.js';
import { runReconnectStorm, type ReconnectResult } from './scenario-reconnect.js';
import { runRedisRestart, type RedisRestartRun } from './scenario-redis-restart.js';
import { int, ms, printTable, verdict } from './table.js';
import { comparisonRate, costAt, KNEE_P99_MS, kneeRatio, ratioVerdict, type Knee, type KneeRatio } from './knee.js';
import type { StepResult } from './open-loop.js';

const TARGET_KNEE_RATIO = 0.8;
const TARGET_KNEE_RATE = 5000;
const TARGET_HEAP_PER_MEMBER = 10 * 1024;
const TARGET_IDLE_ELD_P99_MS = 10;
const TARGET_CROSS_ADDED_P50_MS = 2;
const TARGET_CROSS_ADDED_P99_MS = 10;
const TARGET_RECONNECT_99_SECONDS = 10;

function targetKinds(): ServeKind[] {
  const raw = process.env.BENCH_TARGETS ?? 'app,sio,ws';
  return raw.split(',').map((k) => k.trim()) as ServeKind[];
}

/** true when every measured target was met */
export async function runChatScenarios(o: ChatBenchOptions, members: BenchMember[], databaseFile: string): Promise<boolean> {
  let allMet = true;
  const kinds = targetKinds();
  /** the persisted knee of scenario 1, to keep later scenarios' load below saturation */
  let appKnee: number | undefined;
  if (o.scenarios.has(1)) {
    console.log(`\n[chat] scenario 1: ${o.members} members in ${o.members / 2} pairs, steps ${o.steps.join(', ')} msg/s, ${o.secondsPerStep} s each`);
    const results: ThroughputResult[] = [];
    for (const kind of kinds) results.push(await runThroughputFor(kind, o, members.slice(0, o.members), databaseFile));
    printThroughputTable(results);
    appKnee = results.find((r) => r.kind === 'app')?.knee.rate;
    allMet = printKneeSummary(results) && allMet;
  }
  if (o.scenarios.has(2)) {
    const count = feasibleIdleMembers(o.idleMembers);
    const limited = count < o.idleMembers ? ` (${o.idleMembers} requested; the open-file limit allows ${count} sockets per process)` : '';
    console.log(`\n[chat] scenario 2: ${count} idle members${limited}, event-loop delay sampled ${o.idleSampleSeconds} s`);
    const results: IdleResult[] = [];
    for (const kind of kinds) {
      const r = await runIdleFor(kind, o, members.slice(0, count), databaseFile);
      console.log(`  ${KIND_LABEL[kind]}: ${r.stillConnected}/${r.members} connected in ${r.connectSeconds.toFixed(1)} s, heap ${int(r.heapBytesPerMember)} B/member, eld p99 ${ms(r.eld.p99)} ms`);
      results.push(r);
    }
    allMet = printIdleSummary(results) && allMet;
  }
  if (o.scenarios.has(3) && kinds.includes('app')) {
    // At a rate one node cannot carry, the Redis hop is lost in the queueing: add a rate below the knee.
    const belowKnee = appKnee && appKnee < o.crossRate ? Math.max(1, Math.round(appKnee / 2)) : undefined;
    const rates = belowKnee ? [o.crossRate, belowKnee] : [o.crossRate];
    console.log(`\n[chat] scenario 3: ${o.crossMembers} members, 3 nodes + redis-server, ${rates.join(' and ')} msg/s for ${o.crossSeconds} s per phase${belowKnee ? ` (${belowKnee}: half the persisted knee)` : ''}`);
    allMet = printCrossNodeSummary(await runCrossNode(o, members.slice(0, o.crossMembers), databaseFile, rates)) && allMet;
  }
  if (o.scenarios.has(4) && kinds.includes('app')) {
    // The storm is about the restart, not overload (scenario 1): stay under half the knee unless told.
    const rate = !o.stormRateExplicit && appKnee && appKnee / 2 < o.stormRate ? Math.max(1, Math.round(appKnee / 2)) : o.stormRate;
    const why = rate !== o.stormRate ? ` (half the persisted knee; BENCH_STORM_RATE overrides)` : '';
    console.log(`\n[chat] scenario 4: ${o.stormMembers} members at ${rate} msg/s${why} for ${o.stormSeconds} s, server killed (SIGKILL) and restarted at ${(o.stormSeconds / 3).toFixed(1)} s`);
    const stormOptions = { ...o, stormRate: rate };
    const stormMembers = members.slice(0, o.stormMembers);
    const app = await runReconnectStorm(stormOptions, stormMembers, databaseFile, 'app');
    // The baseline: bare Socket.IO through the same restart, for what any Socket.IO server takes.
    const relay = kinds.includes('sio') ? await runReconnectStorm(stormOptions, stormMembers, databaseFile, 'sio') : null;
    allMet = printReconnectSummary(app, relay) && allMet;
  }
  if (o.scenarios.has(5)) {
    // Not among the issue's targets, so not in the default set: BENCH_SCENARIOS=5 runs it.
    const restartMembers = members.slice(0, o.stormMembers);
    console.log(`\n[chat] scenario 5: ${o.stormMembers} members at ${o.stormRate} msg/s for ${o.stormSeconds} s on one node in Redis mode, Redis killed at ${(o.stormSeconds / 3).toFixed(1)} s and started again 0.5 s later (append-only file)`);
    const herd = await runRedisRestart(o, restartMembers, databaseFile, true);
    const baseline = await runRedisRestart(o, restartMembers, databaseFile, false);
    printRedisRestartSummary(herd, baseline);
  }
  return allMet;
}

function printRedisRestartSummary(herd: RedisRestartRun, baseline: RedisRestartRun): void {
  const latency = (r: RedisRestartRun) => `${ms(r.step.latency.p50)} / ${ms(r.step.latency.p99)} / ${ms(r.step.latency.max)} ms`;
  const cpu = (r: RedisRestartRun) => (r.step.serverCpu === null ? '-' : `${Math.round(r.step.serverCpu * 100)}%`);
  const rows: Array<Array<string | number>> = [
    ['members told to catch up (invalidate)', `${int(herd.invalidated)} of ${int(herd.members)}`, `${int(baseline.invalidated)} of ${int(baseline.members)}`],
    ['catch-ups answered / failed', `${int(herd.caughtUp)} / ${int(herd.catchUpFailures)}`, 'not asked'],
    ['Redis back -> 99 % caught up', herd.caughtUp99Seconds === null ? 'never' : `${herd.caughtUp99Seconds.toFixed(1)} s`, '-'],
    ['messages sent / received / lost', `${int(herd.step.sent)} / ${int(herd.step.received)} / ${int(herd.step.lost)}`, `${int(baseline.step.sent)} / ${int(baseline.step.received)} / ${int(baseline.step.lost)}`],
    ['latency over the run p50 / p99 / max', latency(herd), latency(baseline)],
    ['server CPU over the run', cpu(herd), cpu(baseline)],
    ['server longest stall', `${ms(herd.step.serverEldMax ?? 0)} ms`, `${ms(baseline.step.serverEldMax ?? 0)} ms`],
  ];
  printTable('Scenario 5 - Redis restarted under one node (the herd of catch-ups against members that ignore invalidate)', ['metric', 'members catch up (real client)', 'baseline: members ignore invalidate'], rows);
}

function printCrossNodeSummary(r: CrossNodeResult): boolean {
  const rows: Array<Array<string | number>> = [];
  let met = true;
  r.rates.forEach(({ rate, singleNode, crossNode }, i) => {
    const addedP50 = crossNode.latency.p50 - singleNode.latency.p50;
    const addedP99 = crossNode.latency.p99 - singleNode.latency.p99;
    const saturated = singleNode.lost > 0 || singleNode.latency.p99 > KNEE_P99_MS;
    const judged = i === 0; // the issue's rate decides the verdict; the others are context
    const sign = (v: number) => `${v >= 0 ? '+' : ''}${ms(v)} ms`;
    rows.push([`${int(rate)} msg/s: cross-node p50 / p99`, '-', `${ms(crossNode.latency.p50)} / ${ms(crossNode.latency.p99)} ms`, `single node (redis mode) ${ms(singleNode.latency.p50)} / ${ms(singleNode.latency.p99)} ms${saturated ? ' - SATURATED' : ''}`, '']);
    rows.push([`${int(rate)} msg/s: added p50 / p99`, `<= +${TARGET_CROSS_ADDED_P50_MS} / +${TARGET_CROSS_ADDED_P99_MS} ms`, `${sign(addedP50)} / ${sign(addedP99)}`, `server cpu (3 nodes) ${Math.round((crossNode.serverCpu ?? 0) * 100)}%`, judged ? (saturated ? 'n/a: saturated' : verdict(addedP50 <= TARGET_CROSS_ADDED_P50_MS && addedP99 <= TARGET_CROSS_ADDED_P99_MS)) : '']);
    // One stall of any process spans about a p99's worth of a 10 s phase at 1,000/s: show whose it was.
    const stalls = (step: StepResult) => `generator ${ms(step.generatorEldMax)} (gc ${ms(step.generatorGcMax)}), nodes ${[step.serverEldMax, ...step.otherServersEldMax].map((v) => (v === null ? '-' : ms(v))).join(' / ')} ms`;
    rows.push([`${int(rate)} msg/s: longest stalls single / cross`, '-', '', `${stalls(singleNode)} / ${stalls(crossNode)}`, '']);
    rows.push([`${int(rate)} msg/s: lost single / cross`, '0', `${singleNode.lost} / ${crossNode.lost}`, `received/s cross ${int(crossNode.receivedRate)}`, judged ? verdict(singleNode.lost + crossNode.lost === 0) : '']);
    // A saturated single node queues; the difference then says nothing about the Redis hop.
    if (judged) met = !saturated && addedP50 <= TARGET_CROSS_ADDED_P50_MS && addedP99 <= TARGET_CROSS_ADDED_P99_MS && singleNode.lost + crossNode.lost === 0;
  });
  rows.push(["adapter msgs at uninvolved node 3, members' rooms", '0', r.uninvolvedForMembers ?? 'no /dev/realtime-stats', `node 3 all rooms ${r.uninvolvedTotal ?? '-'}; node 2 all rooms ${r.node2Total ?? '-'}`, r.uninvolvedForMembers === null ? 'MISSED' : verdict(r.uninvolvedForMembers === 0)]);
  printTable(`Scenario 3 - cross-node with Redis (${r.adapter} adapter, ${int(r.members)} members)`, ['metric', 'target', 'measured', 'baseline / context', 'verdict'], rows);
  return met && r.uninvolvedForMembers === 0;
}

const secs = (v: number | null) => (v === null ? 'never' : `${v.toFixed(1)} s`);

function printReconnectSummary(r: ReconnectResult, relay: ReconnectResult | null): boolean {
  const perMemberBack = (x: ReconnectResult) => (x.serverCpuSecondsUntil99 === null ? '-' : `${((x.serverCpuSecondsUntil99 * 1000) / Math.ceil(x.members * 0.99)).toFixed(2)} ms per member back`);
  const baseline = (describe: (x: ReconnectResult) => string) => (relay ? `bare socket.io ${describe(relay)}; ` : '');
  const refused = [...r.step.refused].map(([code, n]) => `${code} ${n}`).join(', ') || 'none';
  const rows: Array<Array<string | number>> = [
    ['messages scheduled / received', '-', `${int(r.step.sent)} / ${int(r.step.received)}`, `refused: ${refused}`, ''],
    ['lost', '0', int(r.step.lost), `unacked at end ${r.stillPending}`, verdict(r.step.lost === 0)],
    ['duplicated (same message, two stored ids)', '0', int(r.step.duplicated), `redelivered same id ${int(r.step.redelivered)} (socket + sync overlap, deduped)`, verdict(r.step.duplicated === 0)],
    ['stored rows / distinct client ids', 'equal', `${int(r.stored.rows)} / ${int(r.stored.distinctClientIds)}`, '', verdict(r.stored.rows === r.stored.distinctClientIds)],
    [
      'server down (kill -> listening)',
      '-',
      `${r.downSeconds.toFixed(1)} s`,
      `${baseline((x) => `${x.downSeconds.toFixed(1)} s`)}old process's exit seen ${r.exitSeenSeconds.toFixed(2)} s after the kill; new process listening ${r.startupSeconds.toFixed(2)} s after it started`,
      '',
    ],
    ['99% of members reconnected after kill', `< ${TARGET_RECONNECT_99_SECONDS} s`, r.reconnect99Seconds === null ? `never (${r.reconnectedAll}/${r.members})` : `${r.reconnect99Seconds.toFixed(1)} s`, `${baseline((x) => secs(x.reconnect99Seconds))}all reconnected: ${r.reconnectedAll}/${r.members}; catch-up failures ${r.catchUpFailures}`, verdict(r.reconnect99Seconds !== null && r.reconnect99Seconds < TARGET_RECONNECT_99_SECONDS)],
    ['50% / 90% reconnected after kill', '-', `${secs(r.reconnect50Seconds)} / ${secs(r.reconnect90Seconds)}`, `${baseline((x) => `${secs(x.reconnect50Seconds)} / ${secs(x.reconnect90Seconds)}`)}busy until 99%: restarted server ${r.serverBusyUntil99 === null ? '-' : `${Math.round(r.serverBusyUntil99 * 100)} %`}, load generator ${r.generatorBusyUntil99 === null ? '-' : `${Math.round(r.generatorBusyUntil99 * 100)} %`}`, ''],
    ['members back per second after the kill', '-', r.reconnectsPerSecond.join(' '), relay ? `bare socket.io ${relay.reconnectsPerSecond.join(' ')}` : '', ''],
    ['restarted server CPU until 99% back', '-', r.serverCpuSecondsUntil99 === null ? '-' : `${r.serverCpuSecondsUntil99.toFixed(2)} s`, r.serverCpuSecondsUntil99 === null ? '' : `${perMemberBack(r)}${relay ? ` (bare socket.io ${perMemberBack(relay)})` : ''}, with the ${int(r.rate)} msg/s going on (before the kill that load alone kept the server ${r.loadOnlyShare === null ? '-' : `${Math.round(r.loadOnlyShare * 100)} %`} busy)`, ''],
    ['kernel drops after the kill', '-', `${r.kernelDrops.listenOverflows ?? '-'} / ${r.kernelDrops.softnetDropped ?? '-'}`, 'connections refused by a full listen queue (each retried 1 s later) / packets dropped by a full input queue', ''],
    ['failed reconnect attempts', '-', int(Object.values(r.connectErrors).reduce((a, b) => a + b, 0)), JSON.stringify(r.connectErrors), ''],
    ['latency p50 / p99 / max over the run', '-', `${ms(r.step.latency.p50)} / ${ms(r.step.latency.p99)} / ${ms(r.step.latency.max)} ms`, '', ''],
  ];
  printTable(`Scenario 4 - reconnect storm (${int(r.members)} members, ${int(r.rate)} msg/s)`, ['metric', 'target', 'measured', 'context', 'verdict'], rows);
  return r.step.lost === 0 && r.step.duplicated === 0 && r.stored.rows === r.stored.distinctClientIds && r.reconnect99Seconds !== null && r.reconnect99Seconds < TARGET_RECONNECT_99_SECONDS;
}

function printIdleSummary(results: IdleResult[]): boolean {
  const app = results.find((r) => r.kind === 'app');
  const baselines = results.filter((r) => r.kind !== 'app');
  const describe = (pick: (r: IdleResult) => string) => baselines.map((r) => `${r.kind} ${pick(r)}`).join(', ');
  const rows: Array<Array<string | number>> = [
    ['members connected (still connected at end)', '-', app ? `${int(app.members)} (${int(app.stillConnected)})` : '-', describe((r) => `${int(r.members)} (${int(r.stillConnected)})`), ''],
    ['heap per member after GC', `<= ${int(TARGET_HEAP_PER_MEMBER)} B`, app ? `${int(app.heapBytesPerMember)} B` : '-', describe((r) => `${int(r.heapBytesPerMember)} B`), app ? verdict(app.heapBytesPerMember <= TARGET_HEAP_PER_MEMBER) : ''],
    ['rss per member (for reference)', '-', app ? `${int(app.rssBytesPerMember)} B` : '-', describe((r) => `${int(r.rssBytesPerMember)} B`), ''],
    ['event-loop delay p99 (idle)', `< ${TARGET_IDLE_ELD_P99_MS} ms`, app ? `${ms(app.eld.p99)} ms` : '-', describe((r) => `${ms(r.eld.p99)} ms`), app ? verdict(app.eld.p99 < TARGET_IDLE_ELD_P99_MS) : ''],
    ['event-loop delay max (idle)', '-', app ? `${ms(app.eld.max)} ms` : '-', describe((r) => `${ms(r.eld.max)} ms`), ''],
  ];
  printTable('Scenario 2 - idle connections', ['metric', 'target', 'persisted (app)', 'baselines', 'verdict'], rows);
  if (!app) return true;
  return app.heapBytesPerMember <= TARGET_HEAP_PER_MEMBER && app.eld.p99 < TARGET_IDLE_ELD_P99_MS && app.stillConnected === app.members;
}

/** A ratio with the bound it inherits from its knees: `<= 0.47` when the relay passed every step. */
function shownRatio(ratio: KneeRatio): string {
  return `${{ exact: '', atMost: '<= ', atLeast: '>= ', unknown: '? ' }[ratio.reading]}${ratio.value.toFixed(2)}`;
}

function printKneeSummary(results: ThroughputResult[]): boolean {
  const knee = (kind: ServeKind) => results.find((r) => r.kind === kind)?.knee;
  // A knee at the highest rate run is a lower bound: the server was never pushed past it.
  const shown = (k: Knee | undefined) => (k === undefined ? '-' : `${k.lowerBound ? '>= ' : ''}${int(k.rate)}`);
  const app = knee('app');
  const sio = knee('sio');
  const ws = knee('ws');
  const baselines = `bare socket.io ${shown(sio)}, raw ws ${shown(ws)}`;
  const rows: Array<Array<string | number>> = [];
  let met = true;
  for (const r of results) rows.push([`knee ${KIND_LABEL[r.kind]} (p99 <= ${KNEE_P99_MS} ms, 0 lost)`, r.kind === 'app' ? `>= ${int(TARGET_KNEE_RATE)}/s` : '-', `${shown(r.knee)}/s`, r.kind === 'app' ? baselines : '', r.kind === 'app' ? verdict(r.knee.rate >= TARGET_KNEE_RATE) : '']);
  if (app !== undefined) met = app.rate >= TARGET_KNEE_RATE;
  const ratio = app && sio ? kneeRatio(app, sio) : undefined;
  if (ratio) {
    const relays = ws && sio ? kneeRatio(ws, sio) : undefined;
    const judged = ratioVerdict(ratio, TARGET_KNEE_RATIO);
    rows.push(['knee ratio persisted / bare socket.io', `>= ${TARGET_KNEE_RATIO}`, shownRatio(ratio), `ws/socket.io ${relays ? shownRatio(relays) : '-'}`, judged === 'unknown' ? 'not established' : verdict(judged === 'met')]);
    met = met && judged === 'met';
  }
  // CPU per message hardly depends on other load on the machine, so it backs up the knee figures.
  const cost = (r: ThroughputResult) => (r.microsPerMessage === null ? '-' : `${int(r.microsPerMessage)} µs (<= ${int(1e6 / r.microsPerMessage)}/s per core)`);
  const appResult = results.find((r) => r.kind === 'app');
  const baselineResults = results.filter((r) => r.kind !== 'app');
  const baselineCosts = baselineResults.map((r) => `${r.kind} ${cost(r)}`).join(', ');
  if (appResult) rows.push(['server CPU per message (highest step, 0 lost)', '-', cost(appResult), baselineCosts, '']);
  const sioResult = results.find((r) => r.kind === 'sio');
  const rate = appResult && sioResult ? comparisonRate(appResult.steps, baselineResults.map((r) => r.steps)) : undefined;
  if (appResult && sioResult && rate !== undefined) {
    const at = (r: ThroughputResult) => costAt(r.steps, rate)!;
    rows.push([
      `server CPU per message at ${int(rate)}/s (highest rate all ran and the app met)`,
      '-',
      `${int(at(appResult))} µs`,
      `${baselineResults.map((r) => `${r.kind} ${int(at(r))} µs`).join(', ')}; socket.io / app ${(at(sioResult) / at(appResult)).toFixed(2)}, where the knee ratio tends when both are bound by CPU`,
      '',
    ]);
  }
  rows.push(['connect time (all members)', '-', results.map((r) => `${r.kind} ${r.connectSeconds.toFixed(1)} s`).join(', '), '', '']);
  const connectCost = (r: ThroughputResult) => `${r.connectCpuMsPerMember.toFixed(2)} ms`;
  const baselineConnectCosts = baselineResults.map((r) => `${r.kind} ${connectCost(r)}`).join(', ');
  if (appResult) rows.push(['server CPU per member connecting', '-', connectCost(appResult), baselineConnectCosts, '']);
  printTable('Scenario 1 - summary', ['metric', 'target', 'measured', 'baseline', 'verdict'], rows);
  return met;
}

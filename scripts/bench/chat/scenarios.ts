/** Runs the selected scenarios in order and prints the per-scenario summary tables. */
import type { ChatBenchOptions } from './options.js';
import type { BenchMember } from './fixture.js';
import type { ServeKind } from './ipc.js';
import { KIND_LABEL, KNEE_P99_MS, printThroughputTable, runThroughputFor, type ThroughputResult } from './scenario-throughput.js';
import { feasibleIdleMembers, runIdleFor, type IdleResult } from './scenario-idle.js';
import { int, ms, printTable, verdict } from './table.js';

const TARGET_KNEE_RATIO = 0.8;
const TARGET_KNEE_RATE = 5000;
const TARGET_HEAP_PER_MEMBER = 10 * 1024;
const TARGET_IDLE_ELD_P99_MS = 10;

function targetKinds(): ServeKind[] {
  const raw = process.env.BENCH_TARGETS ?? 'app,sio,ws';
  return raw.split(',').map((k) => k.trim()) as ServeKind[];
}

/** true when every measured target was met */
export async function runChatScenarios(o: ChatBenchOptions, members: BenchMember[], databaseFile: string): Promise<boolean> {
  let allMet = true;
  const kinds = targetKinds();
  if (o.scenarios.has(1)) {
    console.log(`\n[chat] scenario 1: ${o.members} members in ${o.members / 2} pairs, steps ${o.steps.join(', ')} msg/s, ${o.secondsPerStep} s each`);
    const results: ThroughputResult[] = [];
    for (const kind of kinds) results.push(await runThroughputFor(kind, o, members.slice(0, o.members), databaseFile));
    printThroughputTable(results);
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
  return allMet;
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

function printKneeSummary(results: ThroughputResult[]): boolean {
  const knee = (kind: ServeKind) => results.find((r) => r.kind === kind)?.knee;
  const app = knee('app');
  const sio = knee('sio');
  const ws = knee('ws');
  const baselines = `bare socket.io ${sio ?? '-'}, raw ws ${ws ?? '-'}`;
  const rows: Array<Array<string | number>> = [];
  let met = true;
  for (const r of results) rows.push([`knee ${KIND_LABEL[r.kind]} (p99 <= ${KNEE_P99_MS} ms, 0 lost)`, r.kind === 'app' ? `>= ${int(TARGET_KNEE_RATE)}/s` : '-', `${int(r.knee)}/s`, r.kind === 'app' ? baselines : '', r.kind === 'app' ? verdict(r.knee >= TARGET_KNEE_RATE) : '']);
  if (app !== undefined) met = app >= TARGET_KNEE_RATE;
  if (app !== undefined && sio) {
    const ratio = app / sio;
    rows.push(['knee ratio persisted / bare socket.io', `>= ${TARGET_KNEE_RATIO}`, ratio.toFixed(2), `ws/socket.io ${ws ? (ws / sio).toFixed(2) : '-'}`, verdict(ratio >= TARGET_KNEE_RATIO)]);
    met = met && ratio >= TARGET_KNEE_RATIO;
  }
  rows.push(['connect time (all members)', '-', results.map((r) => `${r.kind} ${r.connectSeconds.toFixed(1)} s`).join(', '), '', '']);
  printTable('Scenario 1 - summary', ['metric', 'target', 'measured', 'baseline', 'verdict'], rows);
  return met;
}

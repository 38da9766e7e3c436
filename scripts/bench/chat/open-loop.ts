/**
 * Open-loop load: message i is scheduled at start + i / rate whether or not earlier ones were
 * answered, and its latency is measured from that scheduled time to its receipt by the addressed
 * member. A message not received within the loss timeout counts as lost.
 */
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { LatencyRecorder, type LatencySummary } from './latency.js';
import { cpuMark, cpuShare, readServerCpu, SERVER_CPU, type ServerProcess } from './processes.js';
import { coreTimes, stealShare } from '../lib/steal.js';
import { runQueueWaitNs, runQueueWaitShare } from '../lib/run-queue.js';
import { isMajorGc } from '../lib/gc-kind.js';
import type { DeliverySink, TargetClient } from './targets.js';
import { turnsOf } from '../lib/scattered-order.js';

export interface StepResult {
  offered: number;
  sent: number;
  /** messages per second the generator actually sent */
  sentRate: number;
  received: number;
  receivedRate: number;
  lost: number;
  /** deliveries of a message a member already had */
  redelivered: number;
  /** messages whose recipient saw them under two different stored ids */
  duplicated: number;
  refused: Map<string, number>;
  latency: LatencySummary;
  generatorCpu: number;
  /** the load generator's own longest event-loop stall (ms): while it stalls, sends leave late and count as latency */
  generatorEldMax: number;
  /** the load generator's longest GC pause (ms), to tell its own collector from the server's backlog */
  generatorGcMax: number;
  /** major collections in the load generator during the step (their marking takes its core for a while) */
  generatorMajorGcs: number;
  serverCpu: number | null;
  /** share of the server core's time the hypervisor took away during the step (null: not readable) */
  serverCoreSteal: number | null;
  /**
   * share of the step the (first) server's event loop was ready to run but waited for its core,
   * taken by the server's own other threads, other processes or the kernel (null: not readable)
   */
  serverLoopWaited: number | null;
  /** members of the run whose connection was down when the step ended (e.g. dropped by ping timeout under overload) */
  disconnected: number;
  /** worst event-loop stall and worst GC pause of the (first) server during the step, ms */
  serverEldMax: number | null;
  serverGcMax: number | null;
  /** worst event-loop stall of each further server of the step (cross-node: nodes 2 and 3), ms */
  otherServersEldMax: number[];
  /** major collections in the (first) server during the step: a step's tail usually sits on one */
  serverMajorGcs: number | null;
  /** server CPU time (user + system) per sent message, µs: unlike latency, barely moved by other load on the machine */
  serverMicrosPerMessage: number | null;
  /** the kernel's part of serverMicrosPerMessage, µs */
  serverSystemMicrosPerMessage: number | null;
}

export interface OpenLoopOptions {
  tag: string;
  rate: number;
  seconds: number;
  /** pairs of members chatting; they take turns as turnsOf gives them for this run's tag, each round one way or the other */
  pairs: Array<[TargetClient, TargetClient]>;
  lossTimeoutMs: number;
  sink: SwitchableSink;
  /** servers whose CPU share over the step is reported (summed) */
  servers?: ServerProcess[];
  /** called every tick with the seconds since start, e.g. to kill a server mid-run */
  onTick?: (elapsedSeconds: number) => void;
  /** how long to keep waiting for stragglers after the last send (default lossTimeoutMs) */
  drainMs?: number;
}

/** Routes deliveries to whichever run is current; stray ones from older runs are dropped. */
export class SwitchableSink implements DeliverySink {
  current: OpenLoopRun | null = null;
  /** sends and acks of every run, to tell when the server has worked off a backlog */
  sentTotal = 0;
  ackedTotal = 0;
  delivered(tag: string, seq: number, receiver: number, messageId?: number): void {
    if (this.current?.tag === tag) this.current.delivered(seq, receiver, messageId);
  }
  acked(tag: string, seq: number, ok: boolean, error?: string): void {
    this.ackedTotal++;
    if (this.current?.tag === tag && !ok) this.current.refused(error ?? 'unknown');
  }
  /** Waits until every send so far was answered (a past overload drained), at most `maxMs`. */
  async quiet(maxMs: number): Promise<void> {
    const until = performance.now() + maxMs;
    while (this.ackedTotal < this.sentTotal && performance.now() < until) await sleep(50);
  }
}

export class OpenLoopRun {
  readonly scheduledAt: Float64Array;
  readonly receiver: Int32Array;
  readonly firstMessageId: Float64Array;
  readonly receivedCount: Uint8Array;
  readonly latency = new LatencyRecorder();
  received = 0;
  redelivered = 0;
  duplicated = 0;
  lastReceiptAt = 0;
  readonly refusals = new Map<string, number>();
  /** With BENCH_TIMELINE=1: latencies by TIMELINE_BUCKET_MS of scheduled send time, to see when in a step a tail arose */
  readonly timeline: number[][] | null = process.env.BENCH_TIMELINE === '1' ? [] : null;

  constructor(
    readonly tag: string,
    total: number,
    private readonly lossTimeoutMs: number,
  ) {
    this.scheduledAt = new Float64Array(total);
    this.receiver = new Int32Array(total);
    this.firstMessageId = new Float64Array(total);
    this.receivedCount = new Uint8Array(total);
  }

  delivered(seq: number, receiver: number, messageId?: number): void {
    if (!(seq >= 0 && seq < this.receiver.length) || this.receiver[seq] !== receiver) return;
    if (this.receivedCount[seq]! > 0) {
      this.redelivered++;
      if (messageId !== undefined && this.firstMessageId[seq] !== messageId) this.duplicated++;
      return;
    }
    const now = performance.now();
    const latency = now - this.scheduledAt[seq]!;
    if (latency > this.lossTimeoutMs) return;
    this.receivedCount[seq] = 1;
    this.firstMessageId[seq] = messageId ?? 0;
    this.received++;
    this.lastReceiptAt = now;
    this.latency.recordMs(latency);
    if (this.timeline) (this.timeline[Math.floor((this.scheduledAt[seq]! - this.scheduledAt[0]!) / TIMELINE_BUCKET_MS)] ??= []).push(latency);
  }

  /** p99 latency (ms) of each TIMELINE_BUCKET_MS of the step, in order; empty buckets read 0. */
  timelineP99(): number[] {
    return Array.from(this.timeline ?? [], (bucket) => {
      if (!bucket?.length) return 0;
      const sorted = [...bucket].sort((a, b) => a - b);
      return Math.round(sorted[Math.floor(sorted.length * 0.99)]!);
    });
  }

  refused(code: string): void {
    this.refusals.set(code, (this.refusals.get(code) ?? 0) + 1);
  }
}

const TIMELINE_BUCKET_MS = 250;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runOpenLoop(o: OpenLoopOptions): Promise<StepResult> {
  const total = Math.round(o.rate * o.seconds);
  const run = new OpenLoopRun(o.tag, total, o.lossTimeoutMs);
  o.sink.current = run;
  const servers = o.servers ?? [];
  const cpuBefore = await Promise.all(servers.map(readServerCpu));
  // Every server's stalls (cross-node: the recipient's node stalls as much as the sender's); GC
  // pauses of the first only.
  const watched = servers[0];
  await Promise.all([...servers.map((server) => server.request('eld-reset')), ...(watched ? [watched.request('gc')] : [])]);
  const generator = cpuMark();
  const coreAtStart = coreTimes(Number(SERVER_CPU));
  const loopWaitAtStart = watched ? runQueueWaitNs(watched.pid) : null;
  const waitFrom = performance.now();
  const generatorEld = monitorEventLoopDelay({ resolution: 10 });
  generatorEld.enable();
  let generatorGcMax = 0;
  let generatorMajorGcs = 0;
  const generatorGc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      generatorGcMax = Math.max(generatorGcMax, entry.duration);
      if (isMajorGc(entry)) generatorMajorGcs++;
    }
  });
  generatorGc.observe({ entryTypes: ['gc'] });
  const start = performance.now() + 5;
  const interval = 1000 / o.rate;
  let seq = 0;
  const turnOf = turnsOf(o.pairs.length, o.tag);

  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      o.onTick?.((now - start) / 1000);
      while (seq < total && start + seq * interval <= now) {
        const pair = o.pairs[turnOf(seq)]!;
        const forward = Math.floor(seq / o.pairs.length) % 2 === 0;
        const [from, to] = forward ? pair : [pair[1], pair[0]];
        run.scheduledAt[seq] = start + seq * interval;
        run.receiver[seq] = to.memberId;
        from.send(o.tag, seq, to.memberId);
        o.sink.sentTotal++;
        seq++;
      }
      if (seq < total) setTimeout(tick, 1);
      else resolve();
    };
    setTimeout(tick, 5);
  });
  const sendEnd = performance.now();

  const drainUntil = start + (total - 1) * interval + (o.drainMs ?? o.lossTimeoutMs);
  while (run.received < total && performance.now() < drainUntil) {
    o.onTick?.((performance.now() - start) / 1000);
    await sleep(20);
  }
  const generatorCpu = cpuShare(generator);
  generatorEld.disable();
  generatorGc.disconnect();
  const wallMicros = (performance.now() - start) * 1000;
  const cpuAfter = await Promise.all(servers.map(readServerCpu));
  const serverMicros = servers.length ? cpuAfter.reduce((sum, after, i) => sum + after.micros - cpuBefore[i]!.micros, 0) : null;
  const serverSystemMicros = servers.length ? cpuAfter.reduce((sum, after, i) => sum + after.systemMicros - cpuBefore[i]!.systemMicros, 0) : null;
  const serverCpu = serverMicros === null ? null : serverMicros / wallMicros;
  const serverCoreSteal = stealShare(coreAtStart, coreTimes(Number(SERVER_CPU)));
  const serverLoopWaited = watched ? runQueueWaitShare(loopWaitAtStart, runQueueWaitNs(watched.pid), performance.now() - waitFrom) : null;
  const [elds, gc] = await Promise.all([Promise.all(servers.map((server) => server.request<'eld'>('eld'))), watched?.request<'gc'>('gc') ?? null]);
  o.sink.current = null;
  if (run.timeline) {
    // The wall clock of the first send, to line the buckets up with samples taken outside the bench.
    const startedAt = new Date(Date.now() - (performance.now() - start)).toISOString().slice(11, 22);
    console.log(`  ${o.tag}: p99 ms per ${TIMELINE_BUCKET_MS} ms of the step from ${startedAt} UTC: ${run.timelineP99().join(' ')}`);
  }

  return {
    offered: o.rate,
    sent: total,
    sentRate: total / ((sendEnd - start) / 1000),
    received: run.received,
    receivedRate: run.received / (Math.max(run.lastReceiptAt - start, 1) / 1000),
    lost: total - run.received,
    redelivered: run.redelivered,
    duplicated: run.duplicated,
    refused: run.refusals,
    latency: run.latency.summary(),
    generatorCpu,
    generatorEldMax: generatorEld.max / 1e6,
    generatorGcMax,
    generatorMajorGcs,
    serverCpu,
    serverCoreSteal,
    serverLoopWaited,
    serverMicrosPerMessage: serverMicros === null ? null : serverMicros / total,
    serverSystemMicrosPerMessage: serverSystemMicros === null ? null : serverSystemMicros / total,
    serverEldMax: elds[0]?.max ?? null,
    otherServersEldMax: elds.slice(1).map((eld) => eld.max),
    serverGcMax: gc?.maxMs ?? null,
    serverMajorGcs: gc?.majorCount ?? null,
    disconnected: o.pairs.reduce((n, [a, b]) => n + (a.connected() ? 0 : 1) + (b.connected() ? 0 : 1), 0),
  };
}

/** Waits until every client is connected (they reconnect by themselves), at most `maxMs`. */
export async function allConnected(clients: TargetClient[], maxMs: number): Promise<number> {
  const until = performance.now() + maxMs;
  let down = clients.filter((c) => !c.connected()).length;
  while (down > 0 && performance.now() < until) {
    await sleep(200);
    down = clients.filter((c) => !c.connected()).length;
  }
  return down;
}

/** Consecutive members form pairs: (0,1), (2,3), ... */
export function pairUp<T>(clients: T[]): Array<[T, T]> {
  const pairs: Array<[T, T]> = [];
  for (let i = 0; i + 1 < clients.length; i += 2) pairs.push([clients[i]!, clients[i + 1]!]);
  return pairs;
}

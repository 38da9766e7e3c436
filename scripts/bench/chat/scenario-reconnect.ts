/**
 * Scenario 4: reconnect storm. Members chat at a fixed rate; a third of the way in the server is
 * killed (SIGKILL: a crash, not a clean stop) and started again on the same port. Clients
 * reconnect on their own (the real client's backoff), re-send unacknowledged messages with the
 * same client ids, and catch up as the real client does (client/src/state/realtime.ts): the
 * socket's `catch-up` command after the newest id they held (the list, which also watches the
 * presence of the profiles it lists, and the messages missed). Lost: a
 * message its recipient never got; duplicated: one the recipient got under two stored ids.
 */
import type { ChatBenchOptions } from './options.js';
import { newestMessageId, storedMessageStats, type BenchMember } from './fixture.js';
import { appEnv } from './app-env.js';
import { closeAll, connectMany } from './connect.js';
import { pairUp, runOpenLoop, SwitchableSink, type StepResult } from './open-loop.js';
import { cpuMark, cpuShare, freePort, readServerCpu, serverCpuShare, startServe, type ServerCpu, type ServerProcess } from './processes.js';
import { AppClient, SocketIoRelayClient } from './targets.js';
import { netCounters, netDelta, type NetCounters } from '../lib/kernel-net.js';

export interface ReconnectResult {
  members: number;
  rate: number;
  step: StepResult;
  /** kill until the new process listens */
  downSeconds: number;
  /** kill until this generator saw the old process exit */
  exitSeenSeconds: number;
  /** the new process's own age when it listened */
  startupSeconds: number;
  /** kill until 99% of members had reconnected (null: never) */
  reconnect99Seconds: number | null;
  /** kill until 50% and 90% had reconnected */
  reconnect50Seconds: number | null;
  reconnect90Seconds: number | null;
  /** members back in each second after the kill (index 0: the first second): when the returns came, not only how many */
  reconnectsPerSecond: number[];
  /** the restarted server's CPU share from listening until 99% were back: near 1 = the server was the limit, lower = the clients' backoff */
  serverBusyUntil99: number | null;
  /** this load generator's CPU share from the kill until 99% were back: near 1 = the generator, not the server, set the pace */
  generatorBusyUntil99: number | null;
  /** what the kernel dropped from the kill until the bench ended (listen queue full, packet queue full) */
  kernelDrops: NetCounters;
  /** the old server's CPU share under the message load alone, before the kill */
  loadOnlyShare: number | null;
  /** the restarted server's CPU seconds from listening until 99% were back: steadier than the wall time on a noisy machine */
  serverCpuSecondsUntil99: number | null;
  reconnectedAll: number;
  /** reconnects whose catch-up (the `catch-up` command and any `sync` pages after it) failed */
  catchUpFailures: number;
  stored: { rows: number; distinctClientIds: number };
  stillPending: number;
  /** failed reconnect attempts by error message */
  connectErrors: Record<string, number>;
}

const TAG = 'storm';

/**
 * `kind` 'sio' is the baseline: bare Socket.IO under the same load, killed and restarted the same
 * way, its clients reconnecting with the app's policy. It stores and catches up nothing (what was
 * sent to a member who was away is simply gone), so only its reconnect times and CPU compare.
 */
export async function runReconnectStorm(o: ChatBenchOptions, members: BenchMember[], databaseFile: string, kind: 'app' | 'sio' = 'app'): Promise<ReconnectResult> {
  const env = kind === 'app' ? appEnv(databaseFile, { PORT: String(await freePort()) }) : { PORT: String(await freePort()) };
  let server: ServerProcess = await startServe(kind, env);
  const sink = new SwitchableSink();
  const { clients } = await connectMany({ kind, urlFor: () => server.url, members, sink, concurrency: o.connectConcurrency, reconnect: true });
  const appClients = kind === 'app' ? (clients as AppClient[]) : [];
  // As if each client had loaded its chats: a sync after a reconnect starts from there, not from 0.
  const loaded = kind === 'app' ? newestMessageId(databaseFile) : 0;
  for (const client of appClients) client.newestMessageId = loaded;

  let killedAt = 0;
  let generatorAtKill = cpuMark();
  let netAtKill = netCounters();
  let generatorBusyUntil99: number | null = null;
  let downSeconds = 0;
  let exitSeenSeconds = 0;
  const reconnectedAt: number[] = [];
  let catchUpFailures = 0;
  const needed = Math.ceil(members.length * 0.99);
  let listening: ServerCpu | undefined;
  let busyUntil99: Promise<{ share: number; cpuSeconds: number } | null> = Promise.resolve(null);
  // `server` is replaced at the restart: always read the current one.
  const serverCpu = () => readServerCpu(server);
  const reconnected = (reconnects: number) => {
    if (killedAt && reconnects === 1) reconnectedAt.push((performance.now() - killedAt) / 1000);
    if (reconnectedAt.length === needed && listening) {
      const from = listening;
      generatorBusyUntil99 = cpuShare(generatorAtKill);
      busyUntil99 = serverCpu().then((to) => ({
        share: serverCpuShare(from, to),
        cpuSeconds: (to.micros - from.micros) / 1e6,
      }));
    }
  };
  for (const client of appClients) {
    client.onReconnect = (c, newestBefore) => {
      reconnected(c.reconnects);
      c.catchUp(newestBefore).catch(() => catchUpFailures++);
    };
  }
  if (kind === 'sio') for (const client of clients as SocketIoRelayClient[]) client.onReconnect = (c) => reconnected(c.reconnects);

  // The old server's CPU share under the message load alone, from the first send to the kill.
  let loadStart: Promise<ServerCpu> | undefined;
  let loadOnlyShare: number | null = null;
  const crash = async () => {
    if (loadStart) {
      const [from, to] = await Promise.all([loadStart, serverCpu()]);
      loadOnlyShare = serverCpuShare(from, to);
    }
    generatorAtKill = cpuMark();
    killedAt = generatorAtKill.wall;
    netAtKill = netCounters();
    await server.kill('SIGKILL');
    exitSeenSeconds = (performance.now() - killedAt) / 1000;
    server = await startServe(kind, env);
    downSeconds = (performance.now() - killedAt) / 1000;
    listening = await serverCpu();
  };
  let crashing: Promise<void> | undefined;
  const step = await runOpenLoop({
    tag: TAG,
    rate: o.stormRate,
    seconds: o.stormSeconds,
    pairs: pairUp(clients),
    // Nothing counts as late here: only what never arrives is lost. The relay loses what was sent
    // to a member who was away, and waiting for it would only lengthen the run.
    lossTimeoutMs: 600_000,
    drainMs: kind === 'app' ? 30_000 : 5_000,
    sink,
    onTick: (elapsed) => {
      loadStart ??= serverCpu();
      if (!crashing && elapsed >= o.stormSeconds / 3) crashing = crash();
    },
  });
  await crashing;
  const kernelDrops = netDelta(netAtKill, netCounters());
  const stillPending = appClients.reduce((sum, c) => sum + c.pending.size, 0);
  await closeAll(clients);
  await server.kill('SIGTERM');

  const sorted = [...reconnectedAt].sort((a, b) => a - b);
  const quantile = (q: number) => sorted[Math.ceil(members.length * q) - 1] ?? null;
  const busy = await busyUntil99;
  return {
    members: members.length,
    rate: o.stormRate,
    step,
    downSeconds,
    exitSeenSeconds,
    startupSeconds: server.startupMs / 1000,
    reconnect99Seconds: quantile(0.99),
    reconnect50Seconds: quantile(0.5),
    reconnect90Seconds: quantile(0.9),
    reconnectsPerSecond: perSecond(sorted),
    generatorBusyUntil99,
    kernelDrops,
    serverBusyUntil99: busy?.share ?? null,
    loadOnlyShare,
    serverCpuSecondsUntil99: busy?.cpuSeconds ?? null,
    reconnectedAll: sorted.length,
    catchUpFailures,
    stored: kind === 'app' ? storedMessageStats(databaseFile, `${TAG}-`) : { rows: 0, distinctClientIds: 0 },
    stillPending,
    connectErrors: kind === 'app' ? Object.fromEntries(AppClient.connectErrors) : {},
  };
}

/** How many of `seconds` (sorted or not) fall in each whole second: [0, 1), [1, 2), ... */
function perSecond(seconds: number[]): number[] {
  const counts: number[] = [];
  for (const s of seconds) {
    const bucket = Math.floor(s);
    while (counts.length <= bucket) counts.push(0);
    counts[bucket]!++;
  }
  return counts;
}

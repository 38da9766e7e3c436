/**
 * Connects many members with bounded concurrency, spreading them over loopback source addresses
 * 127.0.0.2..127.0.0.9 so that 20,000 connections do not run one address out of ephemeral ports.
 */
import type { ServeKind } from './ipc.js';
import type { BenchMember } from './fixture.js';
import { connectTarget, type ConnectOptions, type DeliverySink, type TargetClient } from './targets.js';

export const SOURCE_ADDRESSES = Array.from({ length: 8 }, (_, i) => `127.0.0.${i + 2}`);

export function sourceAddress(index: number): string {
  return SOURCE_ADDRESSES[index % SOURCE_ADDRESSES.length]!;
}

export interface ConnectManyOptions {
  kind: ServeKind;
  /** url per member (cross-node runs send halves to different nodes) */
  urlFor: (member: BenchMember, index: number) => string;
  members: BenchMember[];
  sink: DeliverySink;
  concurrency: number;
  reconnect?: boolean;
}

/** Connects every member; resolves with the clients in the members' order and the time it took. */
export async function connectMany(o: ConnectManyOptions): Promise<{ clients: TargetClient[]; seconds: number }> {
  const started = performance.now();
  const clients: TargetClient[] = new Array(o.members.length);
  let next = 0;
  const worker = async () => {
    while (next < o.members.length) {
      const index = next++;
      const member = o.members[index]!;
      const options: ConnectOptions = { url: o.urlFor(member, index), member, localAddress: sourceAddress(index), sink: o.sink, reconnect: o.reconnect };
      clients[index] = await connectWithRetry(o.kind, options);
    }
  };
  await Promise.all(Array.from({ length: Math.min(o.concurrency, o.members.length) }, worker));
  return { clients, seconds: (performance.now() - started) / 1000 };
}

/** A full accept queue under a connection burst is not what we measure: retry a few times. */
async function connectWithRetry(kind: ServeKind, options: ConnectOptions): Promise<TargetClient> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await connectTarget(kind, options);
    } catch (err) {
      if (attempt >= 3) throw err;
      await new Promise((r) => setTimeout(r, 200 * attempt));
    }
  }
}

export async function closeAll(clients: TargetClient[]): Promise<void> {
  for (const client of clients) client?.close();
  // Let the close frames go out before the next scenario opens thousands of new sockets.
  await new Promise((r) => setTimeout(r, 500));
}

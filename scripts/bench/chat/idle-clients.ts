/**
 * Child process of the idle scenario: holds a share of the idle connections, because one process
 * may not open more than RLIMIT_NOFILE (20,000 here) sockets. Started by scenario-idle.ts over
 * IPC; inherits the generator core pinning from its parent.
 */
import type { BenchMember } from './fixture.js';
import type { ServeKind } from './ipc.js';
import { connectMany } from './connect.js';
import type { DeliverySink, TargetClient } from './targets.js';

export interface IdleConnectRequest {
  type: 'connect';
  kind: ServeKind;
  url: string;
  members: BenchMember[];
  concurrency: number;
}
export type IdleChildReply = { type: 'connected'; count: number; seconds: number; stillConnected: number } | { type: 'failed'; message: string } | { type: 'count'; stillConnected: number };

const ignore: DeliverySink = { delivered: () => {}, acked: () => {} };
let clients: TargetClient[] = [];

process.on('message', async (request: IdleConnectRequest | { type: 'count' }) => {
  try {
    if (request.type === 'count') {
      return process.send?.({ type: 'count', stillConnected: clients.filter((c) => c.connected()).length } satisfies IdleChildReply);
    }
    const result = await connectMany({ kind: request.kind, urlFor: () => request.url, members: request.members, sink: ignore, concurrency: request.concurrency });
    clients = result.clients;
    process.send?.({ type: 'connected', count: clients.length, seconds: result.seconds, stillConnected: clients.filter((c) => c.connected()).length } satisfies IdleChildReply);
  } catch (err) {
    process.send?.({ type: 'failed', message: err instanceof Error ? err.message : String(err) } satisfies IdleChildReply);
  }
});
// The parent going away (or killing us) ends every connection with the process.
process.on('disconnect', () => process.exit(0));

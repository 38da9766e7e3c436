/**
 * A socket whose client stopped reading (a frozen tab, a client that writes but never reads, a
 * dead network its pings have not caught yet) keeps every frame sent to it in this process: first
 * in the kernel's buffers, then in ws's and Engine.IO's queues, without limit. One such client
 * flooding cheap commands grew the heap to 715 MB and stalled every other member for seconds
 * (session 29's audit). Past a cap the socket is closed; its client reconnects and catches up from
 * the database, which nothing rests on the socket for.
 */
import type { MemberSocket, RealtimeServer } from './types.js';

export interface SlowConsumerLimits {
  /** bytes queued for one socket above which it is closed */
  maxBytes: number;
  /** how often every socket of this node is looked at (events pile up without any command) */
  everyMs: number;
}

/** Far above what a member's tabs ever have in flight (a sync page is under 100 KB). */
export const SLOW_CONSUMER_LIMITS: SlowConsumerLimits = { maxBytes: 4 * 1024 * 1024, everyMs: 10_000 };

/** What Engine.IO keeps of a connection that matters here (not in its public types). */
interface EngineConnection {
  writeBuffer?: Array<{ data?: unknown }>;
  transport?: { name?: string; socket?: { bufferedAmount?: number; terminate?: () => void } };
}

/** Bytes sent to `socket` and not yet handed to the kernel: ws's queue and Engine.IO's write buffer. */
export function queuedBytes(socket: MemberSocket): number {
  const conn = socket.conn as unknown as EngineConnection;
  let bytes = conn.transport?.name === 'websocket' ? (conn.transport.socket?.bufferedAmount ?? 0) : 0;
  for (const packet of conn.writeBuffer ?? []) bytes += sizeOf(packet.data);
  return bytes;
}

function sizeOf(data: unknown): number {
  if (typeof data === 'string') return data.length;
  if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) return data.byteLength;
  return 0;
}

/** Closes `socket` when its queue is over the cap; true when it did. */
export function closeIfSlowConsumer(socket: MemberSocket, limits: SlowConsumerLimits): boolean {
  if (queuedBytes(socket) <= limits.maxBytes) return false;
  socket.disconnect(true);
  // A WebSocket closes with a handshake whose frame waits behind the megabytes that do not drain:
  // ws would hold them for its 30 s close timeout. Its TCP connection is cut instead.
  const conn = socket.conn as unknown as EngineConnection;
  if (conn.transport?.name === 'websocket') conn.transport.socket?.terminate?.();
  return true;
}

/** Looks at every socket of this node every `limits.everyMs`; returns the stop. */
export function watchSlowConsumers(io: RealtimeServer, limits: SlowConsumerLimits): () => void {
  const timer = setInterval(() => {
    for (const socket of io.of('/').sockets.values()) closeIfSlowConsumer(socket, limits);
  }, limits.everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

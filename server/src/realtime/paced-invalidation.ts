/**
 * Tells sockets to refetch a slice at a time. After a Redis outage every member of a node is told
 * to catch up, and each catch-up reads the member's list and messages: told all at once, 10,000
 * members sent 10,000 catch-ups that arrived in one turn of the event loop, which then lasted
 * 9.8 s, and live messages came up to 5 s late or later (the chat bench's scenario 5, session 34).
 * Paced, the catch-ups share the core with the live traffic; the last member is told
 * `count / perSecond` seconds after the first. Sockets gone meanwhile are skipped; sockets that
 * connect meanwhile catch up on their own connect.
 */
import type { InvalidatedResource, MemberSocket } from './types.js';

/** How many sockets a node tells per second. Each catch-up costs about 1 ms of a core on a slow VM. */
export const INVALIDATIONS_PER_SECOND = 1000;
const SLICE_MS = 50;

export interface PacingTimers {
  setTimeout(fn: () => void, ms: number): unknown;
}

export function invalidatePaced(
  sockets: MemberSocket[],
  payload: { resource: InvalidatedResource; down_ms?: number },
  perSecond = INVALIDATIONS_PER_SECOND,
  timers: PacingTimers = { setTimeout: (fn, ms) => setTimeout(fn, ms).unref() },
): void {
  const perSlice = Math.max(1, Math.round((perSecond * SLICE_MS) / 1000));
  let next = 0;
  const slice = () => {
    const end = Math.min(sockets.length, next + perSlice);
    for (; next < end; next++) {
      const socket = sockets[next]!;
      if (socket.connected) socket.emit('invalidate', payload);
    }
    if (next < sockets.length) timers.setTimeout(slice, SLICE_MS);
  };
  slice();
}

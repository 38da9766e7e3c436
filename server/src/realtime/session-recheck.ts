/**
 * The second look at a socket's session, once it is in its member's room.
 *
 * The handshake reads the session when engine.io opens the connection; the socket joins the
 * member's room only later, at Socket.IO's connect (a round trip later, or more when the store is
 * slow). A log-out in between destroys the session and then sweeps the room for its sockets
 * (session-auth.ts), and this socket is not there yet: it would stay connected to a session that
 * no longer exists, receiving the member's messages. Read again after the join, either this read
 * comes after the destroy and sees it, or the sweep comes after the join and finds the socket.
 */
import type { Store } from 'express-session';
import { loadStoredSession } from '../http/stored-session.js';
import type { MemberSocket, RealtimeServer } from './types.js';

/** A slice of the sockets every 100 ms: 20,000 members every 5 minutes are 7 store reads a tick. */
const TICK_MS = 100;

/** Closes `socket` when its session is gone or holds another member now (a log-in on the same browser). */
export function closeIfSessionEnded(store: Store, socket: MemberSocket): void {
  loadStoredSession(store, socket.data.sessionId, (err, session) => {
    // An unreadable store (a Redis outage) leaves the handshake's read standing, as REST does.
    if (err) return;
    if (session?.userId !== socket.data.userId) socket.disconnect(true);
  });
}

/**
 * Reads every local socket's session again once per `periodMs` (SESSION_RECHECK_MS, 5 minutes):
 * how long a socket may outlive its session. A log-out sweeps its sockets on every node, but the
 * sweep asks the other nodes over Redis and is lost when one does not answer in time (a node under
 * load, a partition), and a session that expires in the store is swept by nobody: such a socket
 * kept receiving the member's messages for as long as it stayed connected.
 *
 * A slice every TICK_MS rather than all at once. Each period walks the
 * socket ids listed at its start (a socket gone meanwhile is skipped; one added is read at its
 * join anyway). Ids, not a Map iterator kept across ticks: V8 keeps a Map's old entries alive for
 * a live iterator, and the sockets that had left stayed reachable (members-leave-clean.test.ts).
 */
export function recheckSessionsPeriodically(io: RealtimeServer, store: Store, periodMs: number): () => void {
  const sockets = io.of('/').sockets;
  const ticks = Math.max(1, Math.round(periodMs / TICK_MS));
  let ids: string[] = [];
  let tick = 0;
  let next = 0;
  const timer = setInterval(() => {
    if (tick === 0) {
      ids = [...sockets.keys()];
      next = 0;
    }
    // Up to this tick's share of the period: each socket once a period, however few there are.
    const upTo = Math.ceil((ids.length * (tick + 1)) / ticks);
    for (; next < upTo; next++) {
      const socket = sockets.get(ids[next]!);
      if (socket) closeIfSessionEnded(store, socket);
    }
    tick = (tick + 1) % ticks;
  }, periodMs / ticks);
  timer.unref();
  return () => clearInterval(timer);
}

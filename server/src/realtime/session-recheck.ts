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

/**
 * How long a socket may outlive its session: every socket's session is read again once per
 * period. A log-out sweeps its sockets on every node, but the sweep asks the other nodes over
 * Redis and is lost when one does not answer in time (a node under load, a partition), and a
 * session that expires in the store is swept by nobody: such a socket kept receiving the member's
 * messages for as long as it stayed connected.
 */
export const SESSION_RECHECK = { periodMs: 5 * 60_000, ticks: 3_000 } as const;
export type SessionRecheckTiming = { periodMs: number; ticks: number };

/** Closes `socket` when its session is gone or holds another member now (a log-in on the same browser). */
export function closeIfSessionEnded(store: Store, socket: MemberSocket): void {
  loadStoredSession(store, socket.data.sessionId, (err, session) => {
    // An unreadable store (a Redis outage) leaves the handshake's read standing, as REST does.
    if (err) return;
    if (session?.userId !== socket.data.userId) socket.disconnect(true);
  });
}

/**
 * Reads every local socket's session again once per `periodMs`, a `ticks`-th of them at a time:
 * 20,000 members are 7 store reads every 100 ms instead of 20,000 at once. The sockets are walked
 * with one Map iterator kept across ticks (it skips sockets gone meanwhile and reaches those
 * added), so nothing per socket is held for it. A new socket is read at its join anyway.
 */
export function recheckSessionsPeriodically(io: RealtimeServer, store: Store, timing: SessionRecheckTiming = SESSION_RECHECK): () => void {
  const sockets = io.of('/').sockets;
  let walk = sockets.values();
  const timer = setInterval(() => {
    let left = Math.ceil(sockets.size / timing.ticks);
    while (left-- > 0) {
      let next = walk.next();
      if (next.done) {
        walk = sockets.values();
        next = walk.next();
        if (next.done) return;
      }
      closeIfSessionEnded(store, next.value);
    }
  }, timing.periodMs / timing.ticks);
  timer.unref();
  return () => clearInterval(timer);
}

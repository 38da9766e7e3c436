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
import type { MemberSocket } from './types.js';

/** Closes `socket` when its session is gone or holds another member now (a log-in on the same browser). */
export function closeIfSessionEnded(store: Store, socket: MemberSocket): void {
  loadStoredSession(store, socket.data.sessionId, (err, session) => {
    // An unreadable store (a Redis outage) leaves the handshake's read standing, as REST does.
    if (err) return;
    if (session?.userId !== socket.data.userId) socket.disconnect(true);
  });
}

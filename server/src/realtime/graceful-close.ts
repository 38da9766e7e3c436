/**
 * How a stopping node lets its members go (SIGTERM, a rolling restart): the commands it has
 * received are answered first, then each member's connection is closed so that the client
 * reconnects, through the load balancer, to another node.
 *
 * Why not io.disconnectSockets(true): with a Redis adapter it goes to every node, so stopping one
 * node disconnected every member of the site; and it sends Socket.IO's DISCONNECT packet, after
 * which socket.io-client never reconnects ("io server disconnect" is a deliberate kick, as at a
 * log-out). The browser then stayed on its slow REST fallback until the page was reloaded.
 */
import { groupCommit } from '@db/group-commit.js';
import type { Db } from '@db/client.js';
import type { RealtimeServer } from './types.js';
import { settleWithin } from '../settle-within.js';

/** How long a stopping node waits for each step before it goes on regardless (the process force-exits at 10 s). */
export const SETTLE_COMMANDS_MS = 5_000;
export const CLOSE_TRANSPORTS_MS = 2_000;

/**
 * Resolves once every send (and read mark) received so far is committed and answered, or after
 * `timeoutMs`. Sends are queued in the group commit in the turn they arrive, and batches commit in
 * order: a no-op unit queued now settles after all of them. The answers are written in the
 * microtasks that follow each settled unit, all run before the next turn (setImmediate).
 */
export async function settleInFlightCommands(db: Db, timeoutMs = SETTLE_COMMANDS_MS): Promise<void> {
  const queuedLast = groupCommit(db)
    .run(() => undefined)
    .catch(() => undefined); // the write lock stayed busy: those sends were refused, and so answered
  await settleWithin(queuedLast, timeoutMs, undefined);
  await new Promise((resolve) => setImmediate(resolve));
}

/**
 * Closes the connection under each of this node's sockets (and no other node's), after what is
 * queued on it has been written, with no DISCONNECT packet: the client sees a lost connection and
 * reconnects. Resolves once every socket has run its disconnect handlers, or after `timeoutMs`.
 */
export function closeTransports(io: RealtimeServer, timeoutMs = CLOSE_TRANSPORTS_MS): Promise<void> {
  const sockets = [...io.of('/').sockets.values()];
  return new Promise((resolve) => {
    let open = sockets.length;
    if (open === 0) return resolve();
    const timer = setTimeout(resolve, timeoutMs);
    for (const socket of sockets) {
      socket.once('disconnect', () => {
        if (--open > 0) return;
        clearTimeout(timer);
        resolve();
      });
      socket.conn.close();
    }
  });
}

import { ServerResponse, type IncomingMessage } from 'node:http';
import type { MemberSocket } from './types.js';

/** engine.io's stand-in response of a WebSocket upgrade (WebSocketResponse), as middlewares see it. */
interface UpgradeResponse {
  req?: unknown;
}

/*
 * Why: engine.io's stand-in response for a WebSocket upgrade stays referenced by the TCP socket's
 * 'close' listener for the life of the connection, and it points back to the upgrade request, which
 * holds the parsed session and every header. Together with the closures express-session used to
 * leave on it (sessionReader now reads the session instead), that was about 5 KB per connected
 * member, kept for as long as they stay connected.
 */

/**
 * engine.io middleware, registered after the session. engine.io stores the ws socket on the
 * request (`req.websocket = ...`) once the upgrade is complete (101 sent, ws socket created); at
 * that moment the stand-in response lets go of the request.
 * Covers new WebSocket connections and polling connections upgrading alike; an upgrade that never
 * completes releases nothing (it is dropped with its TCP socket).
 */
export function releaseUpgradeResponse(req: IncomingMessage, res: ServerResponse, next: (err?: Error) => void): void {
  if (!(res instanceof ServerResponse)) {
    const upgrade = res as unknown as UpgradeResponse;
    Object.defineProperty(req, 'websocket', {
      configurable: true,
      set(websocket: unknown) {
        Object.defineProperty(req, 'websocket', { configurable: true, writable: true, enumerable: true, value: websocket });
        // Assigned, not deleted: a delete turns the object into a dictionary of about 800 bytes,
        // kept per connection.
        upgrade.req = undefined;
      },
    });
  }
  next();
}

/**
 * On connection: the engine socket's first request and the handshake record (headers with the
 * cookie and user agent, query, auth, address, time) are not read again; everything needed later
 * was copied into socket.data by authenticateSocket. Socket.IO's own memory guide drops `request`
 * the same way; the handshake record is a few hundred bytes more per connected member.
 */
export function releaseHandshakeRequest(socket: MemberSocket): void {
  (socket.conn as unknown as { request: IncomingMessage | null }).request = null;
  (socket as { handshake: MemberSocket['handshake'] }).handshake = RELEASED_HANDSHAKE;
}

/** What every socket's handshake reads as once released: one shared, empty record. */
const RELEASED_HANDSHAKE: MemberSocket['handshake'] = Object.freeze({
  headers: Object.freeze({}),
  time: '',
  address: '',
  xdomain: false,
  secure: false,
  issued: 0,
  url: '',
  query: Object.freeze({}),
  auth: Object.freeze({}),
});

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MemberSocket } from './types.js';

/** engine.io's stand-in response of a WebSocket upgrade (WebSocketResponse), as seen by middlewares. */
interface UpgradeResponse {
  req?: unknown;
  writeHead?: unknown;
  end?: unknown;
}

const responseOf = new WeakMap<IncomingMessage, UpgradeResponse>();

/**
 * engine.io middleware, after the session: remembers the response object of each handshake
 * request, so releaseHandshakeRequest can cut it loose once the socket is connected.
 */
export function rememberUpgradeResponse(req: IncomingMessage, res: ServerResponse, next: (err?: Error) => void): void {
  responseOf.set(req, res as unknown as UpgradeResponse);
  next();
}

/**
 * Lets the HTTP upgrade request of a connected socket be garbage-collected. engine.io's stand-in
 * response for a WebSocket upgrade stays referenced by the TCP socket's 'close' listener for the
 * life of the connection and points back to the request, which holds the parsed session, and
 * express-session left its per-request closures on the response: about 5 KB per idle member.
 * Everything the socket needs later was copied into socket.data by the handshake
 * (authenticateSocket), so the headers kept in socket.handshake go too. Socket.IO's own memory
 * guide drops `request` the same way.
 */
export function releaseHandshakeRequest(socket: MemberSocket): void {
  const conn = socket.conn as unknown as { request: IncomingMessage | null };
  const res = conn.request ? responseOf.get(conn.request) : undefined;
  if (res) {
    res.req = undefined;
    // express-session's and on-headers' wrappers (own properties) close over the request.
    delete res.writeHead;
    delete res.end;
  }
  conn.request = null;
  // The handshake's copy of the request headers (cookie, user agent, ...) is not read after it.
  socket.handshake.headers = {};
}

/**
 * Refuses a Socket.IO request (a long-polling request or a WebSocket upgrade) with
 * 503 service_unavailable and Retry-After: the answer the REST API gives when the session store is
 * away (a Redis outage, for a session this node has not read).
 *
 * Why not next(err): engine.io answers any middleware error with 400 Bad Request, which says the
 * client sent something wrong, and load balancers and logs count it so. The client retries either
 * way (Socket.IO's reconnection); the status tells whoever reads it that the server is briefly away.
 */
import { ServerResponse, type IncomingMessage } from 'node:http';
import { errorBody, RETRY_AFTER_SECONDS, serviceUnavailable } from '../http/errors.js';

export function refuseUnavailable(req: IncomingMessage, res: ServerResponse): void {
  const body = JSON.stringify(errorBody(serviceUnavailable()));
  const headers = { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)), 'Retry-After': String(RETRY_AFTER_SECONDS) };
  if (res instanceof ServerResponse) {
    if (!res.headersSent) res.writeHead(503, headers);
    res.end(body);
    return;
  }
  // A WebSocket upgrade: engine.io's stand-in response writes nothing, so the answer goes on the
  // TCP socket itself, as engine.io's own refusals of an upgrade do.
  const socket = req.socket;
  socket.on('error', () => {}); // the client may be gone already; nothing to tell it then
  if (!socket.writable) return void socket.destroy();
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
  socket.end(`HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n${head}\r\n${body}`, () => socket.destroy());
}

/**
 * The typed Socket.IO client. Created lazily with a dynamic import so socket.io-client stays out of
 * the landing page's initial bundle; only the realtime owner (state/realtime.ts) calls it.
 */
import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@shared/realtime.js';
import { SOCKET_RECONNECT, SOCKET_TRANSPORTS } from '@shared/constants.js';
import { pageMember } from './http.js';

export type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * Connects to /socket.io on the page's origin with the session cookie, over a WebSocket first and
 * over HTTP long-polling where that fails (SOCKET_TRANSPORTS). Reconnection backs off from
 * 1 s to 5 s with jitter (SOCKET_RECONNECT) so a restarted server is not stampeded by every tab at once. Socket.IO
 * connection-state recovery is not relied upon: the owner catches up from the database on every
 * (re)connect.
 */
export async function createChatSocket(): Promise<ChatSocket> {
  const { io } = await import('socket.io-client');
  const socket: ChatSocket = io({
    path: '/socket.io',
    withCredentials: true,
    transports: [...SOCKET_TRANSPORTS],
    tryAllTransports: true,
    reconnection: true,
    reconnectionDelay: SOCKET_RECONNECT.delayMs,
    reconnectionDelayMax: SOCKET_RECONNECT.delayMaxMs,
    randomizationFactor: SOCKET_RECONNECT.randomizationFactor,
    timeout: SOCKET_RECONNECT.connectTimeoutMs,
    autoConnect: true,
    // Read at every (re)connect: a handshake with another member's cookie is refused (http.ts).
    auth: (send) => {
      const member = pageMember();
      send(member === null ? {} : { member });
    },
  });
  // A middlebox that lets the WebSocket open and then drops it before Engine.IO's handshake is not
  // a failed handshake, so tryAllTransports never moves on: the attempt ends only at the connect
  // timeout. After such a timeout this page starts with long-polling, which such networks carry.
  // Other failures (a server that is down or restarting) keep the WebSocket first.
  socket.on('connect_error', (error) => {
    if (error.message === 'timeout') socket.io.opts.transports = ['polling', 'websocket'];
  });
  return socket;
}

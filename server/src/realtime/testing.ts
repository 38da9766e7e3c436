/**
 * Socket test helpers: a real socket.io-client carrying a member's session cookie, a wait for the
 * next matching event, and an acknowledged emit with a timeout.
 */
import { Agent } from 'node:http';
import { io as connect, type Socket } from 'socket.io-client';
import type { AckResult, ClientToServerEvents, ServerToClientEvents } from '@shared/realtime.js';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface SocketOptions {
  cookie?: string;
  origin?: string;
  /** reconnect automatically (off by default so a refused handshake stays refused) */
  reconnection?: boolean;
  /** default: a WebSocket alone */
  transports?: Array<'websocket' | 'polling'>;
  /** the loopback address to connect from (a load balancer that hashes client addresses tells members apart by it) */
  localAddress?: string;
  /** more request headers: Host, or the X-Forwarded-* a proxy would add */
  headers?: Record<string, string>;
  /** the handshake's auth payload (the web client names the member its page is for) */
  auth?: Record<string, unknown>;
}

/** Opens a socket to `baseUrl` (a WebSocket unless told) and resolves once connected; rejects with the connect_error. */
export function openSocket(baseUrl: string, options: SocketOptions = {}): Promise<ClientSocket> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.origin) headers.origin = options.origin;
  const socket: ClientSocket = connect(baseUrl, {
    path: '/socket.io',
    transports: options.transports ?? ['websocket'],
    extraHeaders: headers,
    ...(options.auth ? { auth: options.auth } : {}),
    ...(options.localAddress ? fromAddress(options.localAddress) : {}),
    reconnection: options.reconnection ?? false,
    reconnectionDelay: 100,
    reconnectionDelayMax: 500,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      if (!options.reconnection) socket.close();
      reject(err);
    });
  });
}

/**
 * Node-only options of engine.io-client: a WebSocket takes the local address itself, long-polling
 * requests go through the agent (typed for browsers as string | boolean, hence the cast).
 */
function fromAddress(localAddress: string): object {
  return { localAddress, agent: new Agent({ localAddress }) as unknown as boolean };
}

type EventArg<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>[0];

/** Resolves with the next `event` whose payload passes `match` (default: any), or rejects after timeoutMs. */
export function nextEvent<E extends keyof ServerToClientEvents>(
  socket: ClientSocket,
  event: E,
  match: (payload: EventArg<E>) => boolean = () => true,
  timeoutMs = 3000,
): Promise<EventArg<E>> {
  return nextEventArgs(socket, event, (...args) => match(args[0]), timeoutMs).then((args) => args[0]);
}

/** nextEvent for events with more than one argument: resolves with all of them. */
export function nextEventArgs<E extends keyof ServerToClientEvents>(
  socket: ClientSocket,
  event: E,
  match: (...args: Parameters<ServerToClientEvents[E]>) => boolean = () => true,
  timeoutMs = 3000,
): Promise<Parameters<ServerToClientEvents[E]>> {
  return new Promise((resolve, reject) => {
    const listener = (...args: Parameters<ServerToClientEvents[E]>) => {
      if (!match(...args)) return;
      clearTimeout(timer);
      socket.off(event, listener as never);
      resolve(args);
    };
    const timer = setTimeout(() => {
      socket.off(event, listener as never);
      reject(new Error(`no '${String(event)}' event within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on(event, listener as never);
  });
}

/** Collects every `event` from now on, for "nothing arrived" assertions. */
export function collect<E extends keyof ServerToClientEvents>(socket: ClientSocket, event: E): Array<EventArg<E>> {
  const seen: Array<EventArg<E>> = [];
  socket.on(event, ((payload: EventArg<E>) => seen.push(payload)) as never);
  return seen;
}

/** Emits a command with an ack (any payload, so tests can send bad ones) and resolves with the ack. */
export function command<T = unknown>(socket: ClientSocket, event: keyof ClientToServerEvents, payload: unknown, timeoutMs = 5000): Promise<AckResult<T>> {
  return (socket.timeout(timeoutMs) as unknown as UntypedSocket).emitWithAck(event, payload) as Promise<AckResult<T>>;
}

interface UntypedSocket {
  emitWithAck(event: string, ...args: unknown[]): Promise<unknown>;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The load generator's Socket.IO client: the Socket.IO v4 protocol (Engine.IO v4 over a WebSocket)
 * spoken directly on a `ws` WebSocket, with socket.io-client's reconnection policy, and nothing else.
 *
 * Why not socket.io-client itself: one generator core plays 10,000-20,000 members, and what its
 * client costs decides whether the bench measures the server or the generator. socket.io-client
 * stacks a Manager, an Engine.IO socket, a transport and an emitter per member, runs Node's HTTP
 * client for every WebSocket handshake and, under Node, resolves to its debug build. In the
 * reconnect storm the generator was 74-94 % busy until 99 % were back (its reconnect attempts and
 * collections took most of it), and its collections of 20-350 ms counted as the server's latency
 * in every scenario (docs/parts/bench-chat.md, session 32). The servers under test see the same
 * frames either way: the WebSocket transport from the first request (as socket.io-client with
 * `transports: ['websocket']`), the same open, connect, event, ack and ping/pong packets.
 *
 * Only what the bench uses: the default namespace, text packets, acks, buffered emits while
 * disconnected (as socket.io-client does), and reconnection with its backoff.
 */
import WebSocket from 'ws';

export interface LeanSocketOptions {
  /** http://host:port of the server */
  url: string;
  /** extra query parameters of the handshake (the relay takes the member id from it) */
  query?: Record<string, string>;
  /** request headers of the handshake (the app's session cookie) */
  headers?: Record<string, string>;
  localAddress: string;
  reconnection: boolean;
  /** socket.io-client's reconnectionDelay, reconnectionDelayMax, randomizationFactor and timeout */
  reconnectionDelayMs: number;
  reconnectionDelayMaxMs: number;
  randomizationFactor: number;
  connectTimeoutMs: number;
}

/** Engine.IO packet types (first character of a text frame) and Socket.IO packet types (second). */
const ENGINE_OPEN = '0';
const ENGINE_CLOSE = '1';
const ENGINE_PING = '2';
const ENGINE_PONG = '3';
const ENGINE_MESSAGE = '4';
const SOCKET_CONNECT = '0';
const SOCKET_DISCONNECT = '1';
const SOCKET_EVENT = '2';
const SOCKET_ACK = '3';
const SOCKET_CONNECT_ERROR = '4';

type Ack = (data: unknown) => void;

export class LeanSocket {
  connected = false;
  /** the server's `connect` answer arrived at least once */
  private everConnected = false;
  /** the server refused the last connect (a `connect_error` packet), already reported */
  private refused = false;
  private ws: WebSocket | undefined;
  private readonly acks = new Map<number, Ack>();
  private nextAckId = 0;
  /** emits made while disconnected, sent once connected (socket.io-client's sendBuffer) */
  private buffered: string[] = [];
  private readonly events = new Map<string, (data: unknown) => void>();
  private closedByUs = false;
  /** socket.io-client's Backoff: attempts since the last successful open */
  private attempts = 0;
  private connectTimer: NodeJS.Timeout | undefined;
  private readonly endpoint: string;

  /** settles with the first connect: resolved once in, rejected with the reason it failed */
  readonly firstConnect: Promise<void>;
  private settleFirstConnect: { resolve: () => void; reject: (err: Error) => void };
  onConnect?: () => void;
  onDisconnect?: () => void;
  /**
   * A connect failed: the server refused it (its middleware's message), or, before the first
   * connect, the WebSocket failed. Reconnect attempts that find no server are not reported: the
   * storm's restart makes thousands of them.
   */
  onConnectError?: (message: string) => void;

  constructor(private readonly options: LeanSocketOptions) {
    let settle!: LeanSocket['settleFirstConnect'];
    this.firstConnect = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
    this.settleFirstConnect = settle;
    const query = new URLSearchParams({ EIO: '4', transport: 'websocket', ...options.query });
    this.endpoint = `${options.url.replace(/^http/, 'ws')}/socket.io/?${query}`;
    this.open();
  }

  /** Handles a server event `name`; one handler per name is all the bench needs. */
  on(name: string, handler: (data: unknown) => void): void {
    this.events.set(name, handler);
  }

  emit(name: string, data: unknown, ack?: Ack): void {
    let packet = ENGINE_MESSAGE + SOCKET_EVENT;
    if (ack) {
      const id = this.nextAckId++;
      this.acks.set(id, ack);
      packet += id;
    }
    packet += JSON.stringify([name, data]);
    if (this.connected) this.ws!.send(packet);
    else this.buffered.push(packet);
  }

  /** socket.io-client's `socket.timeout(ms).emitWithAck(name, data)`. */
  emitWithAck<T>(name: string, data: unknown, timeoutMs: number): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('operation has timed out')), timeoutMs);
      this.emit(name, data, (answer) => {
        clearTimeout(timer);
        resolve(answer as T);
      });
    });
  }

  close(): void {
    this.closedByUs = true;
    clearTimeout(this.connectTimer);
    this.connected = false;
    this.ws?.close();
  }

  private open(): void {
    const ws = new WebSocket(this.endpoint, { localAddress: this.options.localAddress, headers: this.options.headers, perMessageDeflate: false });
    this.ws = ws;
    this.connectTimer = setTimeout(() => ws.terminate(), this.options.connectTimeoutMs);
    ws.on('message', (data) => this.receive(String(data)));
    ws.on('error', () => {});
    ws.on('close', () => this.closed(ws));
  }

  private receive(frame: string): void {
    switch (frame[0]) {
      case ENGINE_PING:
        this.ws!.send(ENGINE_PONG);
        return;
      case ENGINE_OPEN:
        // The Engine.IO connection is open: socket.io-client resets its backoff here, then asks
        // for the default namespace.
        this.attempts = 0;
        this.ws!.send(ENGINE_MESSAGE + SOCKET_CONNECT);
        return;
      case ENGINE_MESSAGE:
        return this.receivePacket(frame);
      case ENGINE_CLOSE:
        this.ws!.close();
    }
  }

  private receivePacket(frame: string): void {
    const type = frame[1];
    if (type === SOCKET_EVENT) {
      const [name, data] = JSON.parse(frame.slice(2)) as [string, unknown];
      this.events.get(name)?.(data);
    } else if (type === SOCKET_ACK) {
      const bracket = frame.indexOf('[');
      const id = Number(frame.slice(2, bracket));
      const ack = this.acks.get(id);
      if (!ack) return;
      this.acks.delete(id);
      ack((JSON.parse(frame.slice(bracket)) as unknown[])[0]);
    } else if (type === SOCKET_CONNECT) {
      clearTimeout(this.connectTimer);
      this.connected = true;
      for (const packet of this.buffered) this.ws!.send(packet);
      this.buffered = [];
      this.onConnect?.();
      if (!this.everConnected) this.settleFirstConnect.resolve();
      this.everConnected = true;
    } else if (type === SOCKET_CONNECT_ERROR) {
      // socket.io-client would stay refused until told to connect again. The bench's members all
      // hold valid sessions, so a refusal is the server's trouble: the member tries again with the
      // backoff instead of dropping out of the run.
      const { message } = JSON.parse(frame.slice(2)) as { message: string };
      this.refused = true;
      this.connectFailed(message);
      this.ws!.close();
    } else if (type === SOCKET_DISCONNECT) {
      this.ws!.close();
    }
  }

  private closed(ws: WebSocket): void {
    if (ws !== this.ws) return;
    clearTimeout(this.connectTimer);
    const wasConnected = this.connected;
    this.connected = false;
    if (wasConnected) this.onDisconnect?.();
    else if (!this.closedByUs && !this.everConnected && !this.refused) this.connectFailed('websocket error');
    this.refused = false;
    if (this.closedByUs || !this.options.reconnection) return;
    setTimeout(() => {
      if (!this.closedByUs) this.open();
    }, this.backoff());
  }

  private connectFailed(message: string): void {
    if (!this.everConnected) this.settleFirstConnect.reject(new Error(message));
    this.onConnectError?.(message);
  }

  /** socket.io-client's Backoff.duration(): min · 2^attempts, ± jitter, capped at max. */
  private backoff(): number {
    let ms = this.options.reconnectionDelayMs * Math.pow(2, this.attempts++);
    const rand = Math.random();
    const deviation = Math.floor(rand * this.options.randomizationFactor * ms);
    ms = (Math.floor(rand * 10) & 1) === 0 ? ms - deviation : ms + deviation;
    return Math.min(ms, this.options.reconnectionDelayMaxMs) | 0;
  }
}

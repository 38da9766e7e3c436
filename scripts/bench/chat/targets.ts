/**
 * One connected member per target kind, all speaking the same small interface so the open-loop
 * runner does not care whether it drives the real chat server or a baseline relay:
 *   app — the real server: Socket.IO with the session cookie, 'message:send' with ack, 'message:new'
 *   sio — bare Socket.IO relay: 'send' {to, seq} with ack, 'msg' {from, seq}
 *   ws  — raw ws relay: JSON {to, seq}, ack {ack: seq}, delivery {from, seq}
 */
import { io as connectSocketIo, type Socket } from 'socket.io-client';
import WebSocket from 'ws';
import type { AckResult, CatchUpResponse, ClientToServerEvents, ServerToClientEvents } from '../../../shared/src/realtime.js';
import type { MessageDto } from '../../../shared/src/api/chats.js';
import type { ServeKind } from './ipc.js';
import type { BenchMember } from './fixture.js';
import { SOCKET_RECONNECT, SOCKET_TRANSPORTS } from '@shared/constants.js';

/** Where deliveries and acks go; the runner of the current step installs itself here. */
export interface DeliverySink {
  /** `receiver` got message `seq` of run `tag` (messageId: the id the server stored it under) */
  delivered(tag: string, seq: number, receiver: number, messageId?: number): void;
  acked(tag: string, seq: number, ok: boolean, error?: string): void;
}

export interface TargetClient {
  readonly memberId: number;
  connected(): boolean;
  send(tag: string, seq: number, to: number): void;
  close(): void;
}

export interface ConnectOptions {
  url: string;
  member: BenchMember;
  localAddress: string;
  sink: DeliverySink;
  /** reconnect by itself after a drop (Socket.IO targets; the ws relay never drops idle sockets) */
  reconnect?: boolean;
}

/** client_id of the app: `<tag>-<seq>`, tag [A-Za-z0-9_]; seq padded so the id has clientIdField's 8+ chars. */
export function clientId(tag: string, seq: number): string {
  return `${tag}-${String(seq).padStart(6, '0')}`;
}

export function parseClientId(id: string): { tag: string; seq: number } | null {
  const dash = id.lastIndexOf('-');
  if (dash < 0) return null;
  return { tag: id.slice(0, dash), seq: Number(id.slice(dash + 1)) };
}

type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A member on the real server, with the resend-on-reconnect behaviour of the real client. */
export class AppClient implements TargetClient {
  readonly memberId: number;
  readonly socket: AppSocket;
  /** sends not acknowledged yet, by client id, re-sent as they are after a reconnect */
  readonly pending = new Map<string, { tag: string; seq: number; to: number }>();
  /** newest message id this member holds (where the `sync` after a reconnect starts) */
  newestMessageId = 0;
  reconnects = 0;
  /** why reconnect attempts failed (connect_error messages), for the storm report */
  static readonly connectErrors = new Map<string, number>();
  onReconnect?: (client: AppClient, newestBefore: number) => void;
  onDisconnect?: (client: AppClient) => void;
  /** the server said to refetch (`invalidate`), e.g. after a Redis outage */
  onInvalidate?: (client: AppClient) => void;

  constructor(private readonly options: ConnectOptions) {
    this.memberId = options.member.id;
    this.socket = connectSocketIo(options.url, {
      ...socketIoOptions(options),
      // The client's own transports (client/src/api/socket.ts uses the same constants).
      transports: [...SOCKET_TRANSPORTS],
      tryAllTransports: true,
      extraHeaders: { cookie: options.member.cookie },
    } as Parameters<typeof connectSocketIo>[1]);
    this.socket.on('message:new', (message) => this.receive(message));
    let connectedBefore = false;
    this.socket.on('connect', () => {
      if (connectedBefore) {
        this.reconnects++;
        const newest = this.newestMessageId;
        for (const [id, p] of this.pending) this.emit(id, p.tag, p.seq, p.to);
        this.onReconnect?.(this, newest);
      }
      connectedBefore = true;
    });
    this.socket.on('disconnect', () => this.onDisconnect?.(this));
    this.socket.on('invalidate', () => this.onInvalidate?.(this));
    this.socket.on('connect_error', (err) => {
      if (!connectedBefore) return;
      AppClient.connectErrors.set(err.message, (AppClient.connectErrors.get(err.message) ?? 0) + 1);
    });
  }

  /** handles a message from the socket or from a sync response */
  receive(message: MessageDto): void {
    if (message.id > this.newestMessageId) this.newestMessageId = message.id;
    if (message.sender === this.memberId) return;
    const parsed = parseClientId(message.client_id);
    if (parsed) this.options.sink.delivered(parsed.tag, parsed.seq, this.memberId, message.id);
  }

  connected(): boolean {
    return this.socket.connected;
  }

  /**
   * Catch-up as the real client does it after a reconnect (client/src/state/realtime.ts): the
   * socket's `catch-up` command (the list, which also watches the listed profiles' presence, and
   * the first page of messages after `after`), then `sync` for any further pages.
   */
  async catchUp(after: number): Promise<void> {
    const result: AckResult<CatchUpResponse> = await this.socket.timeout(30_000).emitWithAck('catch-up', { after });
    if (!result.ok) throw new Error(`catch-up refused: ${result.error}`);
    let page = result.data.sync;
    for (let pages = 1; page; pages++) {
      for (const message of page.messages) this.receive(message);
      if (!page.has_more || page.messages.length === 0 || pages === 20) return;
      const next = await this.socket.timeout(30_000).emitWithAck('sync', { after: page.messages[page.messages.length - 1]!.id });
      if (!next.ok) throw new Error(`sync refused: ${next.error}`);
      page = next.data;
    }
  }

  send(tag: string, seq: number, to: number): void {
    const id = clientId(tag, seq);
    this.pending.set(id, { tag, seq, to });
    // While disconnected the send waits in `pending` for the reconnect (no socket.io buffering,
    // which would send it a second time next to our own resend).
    if (this.socket.connected) this.emit(id, tag, seq, to);
  }

  private emit(id: string, tag: string, seq: number, to: number): void {
    this.socket.emit('message:send', { profile: to, client_id: id, kind: 'text', body: `#${seq}` }, (result) => {
      if (result.ok) {
        this.pending.delete(id);
        if (result.data.message.id > this.newestMessageId) this.newestMessageId = result.data.message.id;
        this.options.sink.acked(tag, seq, true);
      } else {
        // A definite refusal is final; only a missing ack is retried.
        this.pending.delete(id);
        this.options.sink.acked(tag, seq, false, result.error);
      }
    });
  }

  close(): void {
    this.socket.disconnect();
  }
}

/**
 * What every Socket.IO client of the bench shares: websocket only, its own connection and source
 * address, and the app client's reconnect policy (client/src/api/socket.ts), so the app and the
 * relay come back from the storm's restart alike.
 */
function socketIoOptions(options: ConnectOptions) {
  return {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    reconnection: options.reconnect ?? false,
    reconnectionDelay: SOCKET_RECONNECT.delayMs,
    reconnectionDelayMax: SOCKET_RECONNECT.delayMaxMs,
    randomizationFactor: SOCKET_RECONNECT.randomizationFactor,
    timeout: SOCKET_RECONNECT.connectTimeoutMs,
    localAddress: options.localAddress,
  };
}

export class SocketIoRelayClient implements TargetClient {
  readonly memberId: number;
  readonly socket: Socket;
  private readonly sink: DeliverySink;
  reconnects = 0;
  /** the storm's baseline: called on each connect after the first (the relay has nothing to catch up) */
  onReconnect?: (client: SocketIoRelayClient) => void;
  constructor(options: ConnectOptions) {
    this.sink = options.sink;
    this.memberId = options.member.id;
    this.socket = connectSocketIo(options.url, {
      ...socketIoOptions(options),
      query: { id: String(this.memberId) },
    } as Parameters<typeof connectSocketIo>[1]);
    this.socket.on('msg', (m: { from: number; seq: number; tag: string }) => this.sink.delivered(m.tag, m.seq, this.memberId));
    let connectedBefore = false;
    this.socket.on('connect', () => {
      if (connectedBefore) {
        this.reconnects++;
        this.onReconnect?.(this);
      }
      connectedBefore = true;
    });
  }
  connected(): boolean {
    return this.socket.connected;
  }
  send(tag: string, seq: number, to: number): void {
    this.socket.emit('send', { to, seq, tag }, () => this.sink.acked(tag, seq, true));
  }
  close(): void {
    this.socket.disconnect();
  }
}

class WsRelayClient implements TargetClient {
  readonly memberId: number;
  readonly ws: WebSocket;
  constructor(options: ConnectOptions) {
    this.memberId = options.member.id;
    this.ws = new WebSocket(`${options.url.replace('http', 'ws')}/?id=${this.memberId}`, { localAddress: options.localAddress, perMessageDeflate: false });
    this.ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { from?: number; seq: number; tag: string; ack?: number };
      if (frame.ack !== undefined) options.sink.acked(frame.tag, frame.ack, true);
      else options.sink.delivered(frame.tag, frame.seq, this.memberId);
    });
  }
  connected(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }
  send(tag: string, seq: number, to: number): void {
    this.ws.send(JSON.stringify({ to, seq, tag }));
  }
  close(): void {
    this.ws.close();
  }
}

/** Connects one member and resolves once the connection is usable. */
export function connectTarget(kind: ServeKind, options: ConnectOptions): Promise<TargetClient> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`member ${options.member.id}: ${kind} connect timed out`)), 30_000);
    const done = (client: TargetClient) => {
      clearTimeout(timer);
      resolve(client);
    };
    const fail = (err: Error) => {
      clearTimeout(timer);
      reject(new Error(`member ${options.member.id}: ${kind} connect failed: ${err.message}`));
    };
    if (kind === 'ws') {
      const client = new WsRelayClient(options);
      client.ws.once('open', () => done(client));
      client.ws.once('error', fail);
      return;
    }
    const client = kind === 'app' ? new AppClient(options) : new SocketIoRelayClient(options);
    const socket: Socket = client.socket;
    socket.once('connect', () => done(client));
    socket.once('connect_error', fail);
  });
}

/**
 * Test-only stand-ins for the realtime owner's tests: a Socket.IO client that lets a test play the
 * server, and the messages, list entries and answers to feed it. Nothing here imports the product
 * (types aside), so any test may use it; realtime-test-kit.ts builds the harness on it.
 */
import type { ChatEntryDto, CountsDto, MessageDto, SyncResponse } from '@shared/api/chats.js';
import type { CatchUpResponse } from '@shared/realtime.js';

export const ME = 1;
export const PEER = 2;
export const CONVERSATION = 10;
export const COUNTS: CountsDto = { total_unread: 0, total_new_likes: 0, badge: 0, version: 0 };

/** How the fake server answers a command; a promise is an answer still on its way; undefined: no answer. */
export type Responder = (event: string, payload: unknown) => unknown;

/** A stand-in for the Socket.IO client: records what the owner emits, lets the test play the server. */
export class FakeSocket {
  connected = false;
  emitted: Array<{ event: string; payload: unknown }> = [];
  private handlers = new Map<string, Array<(...args: unknown[]) => void>>();
  /** how the server answers commands; a test may swap it between connections */
  constructor(public respond: Responder) {}
  /** Socket.IO's Manager, whose 'packet' and 'ping' say when the server was last heard */
  private managerHandlers = new Map<string, Array<() => void>>();
  io = {
    on: (event: string, handler: () => void) => {
      this.managerHandlers.set(event, [...(this.managerHandlers.get(event) ?? []), handler]);
      return this.io;
    },
  };
  private manager(event: 'packet' | 'ping') {
    for (const handler of this.managerHandlers.get(event) ?? []) handler();
  }
  /** Engine.IO's ping from the server (every 25 s): nothing else arrives on a quiet connection */
  ping() {
    this.manager('ping');
  }
  on(event: string, handler: (...args: unknown[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  emit(event: string, payload: unknown) {
    this.emitted.push({ event, payload });
  }
  timeout() {
    return {
      emit: (event: string, payload: unknown, callback: (error: Error | null, result?: unknown) => void) => {
        this.emitted.push({ event, payload });
        const answer = (result: unknown) => {
          if (result === undefined) return callback(new Error('operation has timed out'));
          this.manager('packet');
          callback(null, result);
        };
        const result = this.respond(event, payload);
        // A promise is an answer still on its way (the server has not replied yet).
        if (result instanceof Promise) void result.then(answer);
        else answer(result);
      },
    };
  }
  /** As Socket.IO's: a connected socket says 'disconnect' to its handlers as it closes. */
  close() {
    if (!this.connected) return;
    this.connected = false;
    this.server('disconnect', 'io client disconnect');
  }
  server(event: string, ...args: unknown[]) {
    if (event !== 'connect' && event !== 'disconnect' && event !== 'connect_error') this.manager('packet');
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }
  /** false: the network is down, and an attempt to connect fails */
  reachable = true;
  /** Socket.IO's: false once the server refused the handshake, after which it tries no more */
  active = true;
  /** refuse the next handshakes as the server's middleware does (too_many_sockets) */
  refusing = false;
  connect() {
    if (!this.reachable) return this.server('connect_error', new Error('xhr poll error'));
    this.active = true;
    if (this.refusing) {
      this.active = false;
      return this.server('connect_error', new Error('too_many_sockets'));
    }
    this.connected = true;
    this.server('connect');
  }
  drop() {
    this.connected = false;
    this.server('disconnect');
  }
  /** bumped when the owner closes the socket: a handshake under way then never completes */
  private attempt = 0;
  disconnect() {
    this.attempt++;
    // Socket.IO says 'disconnect' only for a socket that was connected.
    if (this.connected) this.drop();
    return this;
  }
  /** A handshake sent while the network was there: it completes unless the owner closes the socket first. */
  handshakeUnderWay() {
    const mine = this.attempt;
    return () => {
      if (mine !== this.attempt) return;
      this.connected = true;
      this.server('connect');
    };
  }
  sends() {
    return this.emitted.filter((e) => e.event === 'message:send').map((e) => e.payload as { client_id: string; profile: number; body: string });
  }
}

export function message(id: number, sender: number, conversation = CONVERSATION, clientId = `client-${id}-xx`): MessageDto {
  return { id, conversation, sender, client_id: clientId, kind: 'text', body: `m${id}`, gift_id: null, created_at: new Date(2025, 0, 1, 0, 0, id).toISOString() };
}

export function entry(last: MessageDto | null, profile = PEER, conversation = CONVERSATION, unread = 0): ChatEntryDto {
  return {
    conversation,
    profile: { id: profile, name: `Peer ${profile}`, age: 30, country: 'NL', main_image: null, can_receive_replies: true, online: false, last_seen: null },
    num_unread_messages: unread, last_message: last, peer_last_read: 0, blocked_by_me: false, blocked_me: false, visible_after: 0,
  };
}

/** A sync page of `messages` (from the server's database). */
export function syncPage(messages: MessageDto[], hasMore = false): SyncResponse {
  return { messages, has_more: hasMore, counts: COUNTS, credits: 10, credits_version: 100 };
}

/** A catch-up answer whose list is the one the client loaded at start (newest message 100). */
export function catchUpAnswer(sync: SyncResponse): CatchUpResponse {
  return { chats: { chats: [entry(message(100, PEER))], counts: sync.counts }, sync };
}

/** Lets every promise chain and a macrotask settle (real timers). */
export async function flush(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

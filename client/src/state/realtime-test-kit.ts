/**
 * Test-only helpers for the realtime owner's tests (imported by *.test.ts files only): a stand-in
 * for the Socket.IO client that lets a test play the server, and messages and list entries to
 * feed it. The same stand-in as chat-realtime.test.ts uses, kept here so small tests of one
 * behaviour each do not have to carry it.
 */
import type { ChatEntryDto, CountsDto, MessageDto, SyncResponse } from '@shared/api/chats.js';

export const ME = 1;
export const PEER = 2;
export const CONVERSATION = 10;
export const COUNTS: CountsDto = { total_unread: 0, total_new_likes: 0, badge: 0, version: 0 };

/** How the fake server answers a command; a promise is an answer still on its way; undefined: no answer. */
export type Responder = (event: string, payload: unknown) => unknown;

export class FakeSocket {
  connected = false;
  active = true;
  reachable = true;
  emitted: Array<{ event: string; payload: unknown }> = [];
  private handlers = new Map<string, Array<(...args: unknown[]) => void>>();
  private managerHandlers = new Map<string, Array<() => void>>();
  constructor(public respond: Responder) {}
  io = {
    on: (event: string, handler: () => void) => {
      this.managerHandlers.set(event, [...(this.managerHandlers.get(event) ?? []), handler]);
      return this.io;
    },
  };
  private manager(event: 'packet' | 'ping') {
    for (const handler of this.managerHandlers.get(event) ?? []) handler();
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
        if (result instanceof Promise) void result.then(answer);
        else answer(result);
      },
    };
  }
  close() {
    this.connected = false;
  }
  server(event: string, ...args: unknown[]) {
    if (event !== 'connect' && event !== 'disconnect' && event !== 'connect_error') this.manager('packet');
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }
  connect() {
    if (!this.reachable) return this.server('connect_error', new Error('xhr poll error'));
    this.connected = true;
    this.server('connect');
  }
  disconnect() {
    if (this.connected) this.drop();
    return this;
  }
  drop() {
    this.connected = false;
    this.server('disconnect');
  }
  sends() {
    return this.emitted.filter((e) => e.event === 'message:send').map((e) => e.payload as { client_id: string; profile: number; body: string });
  }
}

export function message(id: number, sender: number, conversation = CONVERSATION): MessageDto {
  return { id, conversation, sender, client_id: `client-${id}-xx`, kind: 'text', body: `m${id}`, gift_id: null, created_at: new Date(2025, 0, 1, 0, 0, id).toISOString() };
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

/** Lets every promise chain and a macrotask settle (real timers). */
export async function flush(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The one place socket event names and payloads live. Server and client both import these maps,
 * so an event cannot be renamed on one side only.
 */
import type { ChatsResponse, CountsDto, MarkReadInput, MessageDto, SendMessageInput, SendMessageResponse, SyncResponse } from './api/chats.js';
import { z } from 'zod';
import type { ErrorCode } from './errors.js';

/** Result of every acknowledged client command; `details` carries extra fields of the error (e.g. credits, needed). */
export type AckResult<T> = { ok: true; data: T } | { ok: false; error: ErrorCode; message: string; details?: Record<string, unknown> };
export type Ack<T> = (result: AckResult<T>) => void;

/** Online state of one profile; invisible members are always { online: false, last_seen: null }. */
export interface PresenceDto {
  profile: number;
  online: boolean;
  /** ISO 8601 of the moment the member's last socket closed, or null */
  last_seen: string | null;
  /**
   * When the server decided this state (µs, Redis's clock across nodes): frames of different
   * nodes, and an answer against an event, can arrive out of that order. Show a state only when
   * its `at` is not older than the shown one's (shared/src/presence-order.ts).
   */
  at: number;
}

/**
 * What a new message changed for the member a 'message:new' frame goes to, carried in that frame
 * so the change needs no frame (and, with Redis, no publish) of its own.
 */
export interface NewMessageEffects {
  /** to the recipient: their counts after the message */
  counts?: CountsDto;
  /** to the sender's other tabs: their balance after paying for it */
  credits?: number;
  /** the version of that balance (see UserDto.credits_version) */
  credits_version?: number;
}

export interface ServerToClientEvents {
  /**
   * a message was stored in one of the member's conversations (sent by anyone, from any tab),
   * with what it changed for the member receiving the frame (see NewMessageEffects)
   */
  'message:new': (message: MessageDto, effects?: NewMessageEffects) => void;
  /**
   * `reader` has read conversation up to `message`: to the other member (read ticks) and to the
   * reader's own tabs, with the messages of that conversation still unread (`unread`)
   */
  'message:read': (payload: { conversation: number; reader: number; message: number; unread?: number }) => void;
  'chat:removed': (payload: { conversation: number }) => void;
  'typing': (payload: { conversation: number; profile: number; typing: boolean }) => void;
  'presence': (payload: PresenceDto) => void;
  'counts': (counts: CountsDto) => void;
  /** something the client should refetch (e.g. 'likes', 'chats', 'user') */
  /**
   * Refetch `resource`. After a Redis outage (`chats`), `down_ms` says how long this node was cut
   * off: events of that time may be lost even where later ones arrived, so the client catches up
   * from what it held before it began.
   */
  'invalidate': (payload: { resource: 'likes' | 'chats' | 'user'; down_ms?: number }) => void;
}

export interface ClientToServerEvents {
  /** answered like POST /api/messages.php: the stored message and the sender's balance */
  'message:send': (input: SendMessageInput, ack: Ack<SendMessageResponse>) => void;
  'message:read': (input: MarkReadInput, ack: Ack<CountsDto>) => void;
  /** the messages after `after`, a page at a time (the pages after catch-up's first): the twin of GET /api/sync.php */
  'sync': (input: { after: number }, ack: Ack<SyncResponse>) => void;
  /** the conversation list, reloaded when it is stale: the twin of GET /api/chats.php */
  'chats': (input: Record<string, never>, ack: Ack<ChatsResponse>) => void;
  /**
   * the catch-up after every (re)connect in one round trip: the list (as `chats` answers it) and,
   * when the client holds messages (`after` > 0), the first page of what it missed (as `sync`)
   */
  'catch-up': (input: { after: number }, ack: Ack<CatchUpResponse>) => void;
  'typing': (input: { conversation: number; typing: boolean }) => void;
  /** ask for the online state of these profiles; answers with their presence */
  'presence:watch': (input: { profiles: number[] }, ack: Ack<PresenceDto[]>) => void;
}

export const rooms = {
  user: (id: number) => `user:${id}`,
  /** sockets watching the online state of profile `id` */
  presence: (id: number) => `presence:${id}`,
  /** whether `room` is a member's own room (`user:<id>`) */
  isUser: (room: string) => /^user:\d+$/.test(room),
  /** the profile whose presence `room` carries (`presence:<id>`); undefined for another room */
  presenceProfile: (room: string): number | undefined => {
    const match = /^presence:(\d+)$/.exec(room);
    return match ? Number(match[1]) : undefined;
  },
};

/** Most profiles one `presence:watch` may name. */
export const PRESENCE_WATCH_MAX = 200;

/** Payload of the `typing` command; strict, as every command's: a field it does not take is refused and named. */
export const typingInput = z.strictObject({
  conversation: z.number().int().positive(),
  typing: z.boolean(),
});

/**
 * Answer of the `catch-up` command, read in one pass: the list's entries and counts include the
 * messages in `sync` (on a single node; with several, a message another node stored in between is
 * newer than the list). `sync` is null when the command's `after` was 0 (nothing held to resume from).
 */
export interface CatchUpResponse {
  chats: ChatsResponse;
  sync: SyncResponse | null;
}

/** Payload of the `chats` command: nothing (an object, so every command has the same shape). */
export const chatsCommandInput = z.object({}).strict();

/** Payload of the `presence:watch` command (strict: see typingInput). */
export const presenceWatchInput = z.strictObject({
  profiles: z.array(z.number().int().positive()).max(PRESENCE_WATCH_MAX),
});

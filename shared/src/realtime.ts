/**
 * The one place socket event names and payloads live. Server and client both import these maps,
 * so an event cannot be renamed on one side only.
 */
import type { CountsDto, MessageDto, SendMessageInput } from './api/chats.js';
import type { ErrorCode } from './errors.js';

export type Ack<T> = (result: { ok: true; data: T } | { ok: false; error: ErrorCode; message: string }) => void;

export interface ServerToClientEvents {
  /** a message was stored in one of the member's conversations (sent by anyone, from any tab) */
  'message:new': (message: MessageDto) => void;
  /** `reader` has read conversation up to `message` */
  'message:read': (payload: { conversation: number; reader: number; message: number }) => void;
  'chat:removed': (payload: { conversation: number }) => void;
  'typing': (payload: { conversation: number; profile: number; typing: boolean }) => void;
  'presence': (payload: { profile: number; online: boolean; last_seen: string | null }) => void;
  'counts': (counts: CountsDto) => void;
  'credits': (payload: { credits: number }) => void;
  /** something the client should refetch (e.g. 'likes', 'chats', 'user') */
  'invalidate': (payload: { resource: 'likes' | 'chats' | 'user' }) => void;
}

export interface ClientToServerEvents {
  'message:send': (input: SendMessageInput, ack: Ack<MessageDto>) => void;
  'message:read': (input: { conversation: number; message: number }, ack: Ack<CountsDto>) => void;
  'typing': (input: { conversation: number; typing: boolean }) => void;
  /** ask for the online state of these profiles; answers with their presence */
  'presence:watch': (input: { profiles: number[] }, ack: Ack<Array<{ profile: number; online: boolean; last_seen: string | null }>>) => void;
}

export const rooms = {
  user: (id: number) => `user:${id}`,
};

/**
 * The socket's commands that the server answers with an ack. Each gives null (or 'timeout') when no
 * answer came within ACK_TIMEOUT_MS, so the caller falls back to REST.
 */
import type { ChatsResponse, CountsDto, MessageDto, SendMessageInput, SyncResponse } from '@shared/api/chats.js';
import type { AckResult, CatchUpResponse } from '@shared/realtime.js';
import type { ChatSocket } from '../api/socket.js';
import type { SendFailure } from './chat-thread.js';

export const ACK_TIMEOUT_MS = 10_000;

export type SocketSend =
  | 'timeout'
  | { ok: true; message: MessageDto; credits: number; creditsVersion: number }
  | { ok: false; error: SendFailure['code']; details?: Record<string, unknown> };

/** The socket `message:send` command. */
export function sendOverSocket(s: ChatSocket, input: SendMessageInput): Promise<SocketSend> {
  return new Promise((resolve) => {
    s.timeout(ACK_TIMEOUT_MS).emit('message:send', input, (error, result) => {
      if (error || !result) resolve('timeout');
      else if (result.ok) resolve({ ok: true, message: result.data.message, credits: result.data.credits, creditsVersion: result.data.credits_version });
      else resolve({ ok: false, error: result.error, details: result.details });
    });
  });
}

/**
 * The ack callback of a command answered with data: the data, or null when the answer was a
 * refusal or did not come in time (the caller then asks over REST).
 */
function dataOrNull<T>(resolve: (data: T | null) => void) {
  return (error: Error | null, result?: AckResult<T>) => resolve(!error && result?.ok ? result.data : null);
}

/** The socket `message:read` command; answers the counts. */
export function readMarkOverSocket(s: ChatSocket, conversation: number, message?: number): Promise<CountsDto | null> {
  return new Promise((resolve) => s.timeout(ACK_TIMEOUT_MS).emit('message:read', message === undefined ? { conversation } : { conversation, message }, dataOrNull(resolve)));
}

/** The socket `sync` command. */
export function syncOverSocket(s: ChatSocket, after: number): Promise<SyncResponse | null> {
  return new Promise((resolve) => s.timeout(ACK_TIMEOUT_MS).emit('sync', { after }, dataOrNull(resolve)));
}

/** The socket `catch-up` command. */
export function catchUpOverSocket(s: ChatSocket, after: number): Promise<CatchUpResponse | null> {
  return new Promise((resolve) => s.timeout(ACK_TIMEOUT_MS).emit('catch-up', { after }, dataOrNull(resolve)));
}

/** The socket `chats` command. */
export function chatsOverSocket(s: ChatSocket): Promise<ChatsResponse | null> {
  return new Promise((resolve) => s.timeout(ACK_TIMEOUT_MS).emit('chats', {}, dataOrNull(resolve)));
}

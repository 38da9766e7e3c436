/** REST calls of the chat area (the socket's twins for the polling fallback, plus loads). */
import type {
  BlockResponse, ChatsResponse, CountsDto, DeleteChatBody, DeleteChatResponse, GiftDto, IcebreakerDto, MarkReadResponse, MessagesResponse,
  SendMessageInput, SendMessageResponse, SyncResponse,
} from '@shared/api/chats.js';
import { WAITED_WITHIN_MS } from '@shared/constants.js';
import { api, ApiError, type RequestOptions } from './http.js';

export const fetchChats = () => api<ChatsResponse>('/api/chats.php');

export interface MessagesPageQuery {
  conversation?: number;
  profile?: number;
  before?: number;
  after?: number;
  limit?: number;
}

/** `within`: for a load the member waits on with nothing else on screen (a chat's opening). */
export const fetchMessages = (query: MessagesPageQuery, options: Pick<RequestOptions, 'within'> = {}) =>
  api<MessagesResponse>('/api/messages.php', { query: { ...query }, ...options });

/** Idempotent by client_id: the same send retried is stored (and charged) once. */
export const postMessage = (input: SendMessageInput) => api<SendMessageResponse>('/api/messages.php', { method: 'POST', body: input });

/** Without `message`: through the newest message stored (a chat that shows none to read up to). */
export const postMessagesRead = (conversation: number, message?: number) =>
  api<MarkReadResponse>('/api/messages-read.php', { method: 'POST', body: message === undefined ? { conversation } : { conversation, message } });

export const deleteChat = (target: DeleteChatBody) =>
  api<DeleteChatResponse>('/api/chat.php', { method: 'DELETE', body: target });

export const fetchSync = (after: number) => api<SyncResponse>('/api/sync.php', { query: { after } });

export const fetchCounts = () => api<CountsDto>('/api/counts.php');

export const setBlocked = (profile: number, blocked: boolean) =>
  api<BlockResponse>('/api/block.php', { method: blocked ? 'POST' : 'DELETE', body: { profile }, within: WAITED_WITHIN_MS });

/**
 * The gift catalogue with its price now. Not kept for the page's life: the picker asks at each
 * opening, so a price the operator changed shows before the member is charged it (a few hundred
 * bytes; the answer is no-store).
 */
export const fetchGifts = () => api<GiftDto[]>('/api/gifts.php', { within: WAITED_WITHIN_MS });

let icebreakers: Promise<IcebreakerDto[]> | null = null;
export function fetchIcebreakers(): Promise<IcebreakerDto[]> {
  icebreakers ??= api<IcebreakerDto[]>('/api/icebreakers.php').catch((error: unknown) => {
    icebreakers = null;
    throw error;
  });
  return icebreakers;
}

/** Set once the server said it has no likes endpoint: asked again only after a reload. */
let likesMissing = false;

/**
 * Likes arrive in a later issue: a 404 (not there yet) reads as "nothing to report", and is not
 * asked again on every poll and reconnect (each one was a failed request in the console).
 */
export async function fetchLikesIfAvailable(): Promise<unknown | null> {
  if (likesMissing) return null;
  try {
    return await api<unknown>('/api/likes.php');
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      likesMissing = true;
      return null;
    }
    throw error;
  }
}

/** Tells the server the tab went to the background (presence); fire-and-forget by design. */
export function sendPageHiddenBeacon(): void {
  try {
    const blob = new Blob(['{}'], { type: 'application/json' });
    if (typeof navigator.sendBeacon === 'function') navigator.sendBeacon('/api/page-hidden.php', blob);
  } catch {
    // the beacon is best effort
  }
}

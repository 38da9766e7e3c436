/**
 * A chat's history answered by the test with made-up pages instead of the server's, for specs of
 * the client's windowing and paging (chat-long-history, chat-history-retry,
 * chat-jump-while-measuring) and the scroll bench (scripts/bench/scroll.ts): thousands of messages
 * without storing them. Its only runtime import is the plain data of the demo accounts, so the
 * bench imports it under tsx, outside Playwright's runner (the types are playwright-core's).
 */
import type { Page, Route } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../db/seed/demo-accounts.js';
import type { ChatEntryDto, ChatsResponse, MessageDto, MessagesResponse } from '../shared/src/api/chats.js';
import type { Member } from './chat-fixtures.js';

/**
 * A chat of the member's with a demo member that no other spec writes into: they write into
 * James and Sophie's chat, and chat-drafts.spec.ts into his newest other one. A real message
 * arriving among the made-up ones would move the oldest id the list pages back from.
 */
export async function quietChatOf(member: Pick<Member, 'request'>): Promise<ChatEntryDto> {
  const chats = (await (await member.request.get('/api/chats.php')).json()) as ChatsResponse;
  return chats.chats.filter((c) => c.profile.name !== DEMO_ACCOUNTS.free.name).at(-1)!;
}

/** A text message from the peer, one minute after the one before: `Message <id>`. */
export function plainMessage(entry: ChatEntryDto, id: number): MessageDto {
  return {
    id,
    conversation: entry.conversation,
    sender: entry.profile.id,
    client_id: `made-up-${id}`,
    kind: 'text',
    body: `Message ${id}`,
    gift_id: null,
    created_at: new Date(Date.UTC(2025, 0, 1) + id * 60_000).toISOString(),
  };
}

/**
 * Message `id` of the long history (chat-long-history.spec.ts, the scroll bench): every third one
 * the member's own, every seventh a longer one that wraps over a few lines, so that rows have
 * different heights, as real chats do; twenty minutes apart, so a day holds 72 of them.
 */
export function longHistoryMessage(entry: ChatEntryDto, me: number, id: number): MessageDto {
  return {
    id,
    conversation: entry.conversation,
    sender: id % 3 === 0 ? me : entry.profile.id,
    client_id: `long-history-${id}`,
    kind: 'text',
    body: id % 7 === 0 ? `Message ${id}: a longer one that wraps over a few lines so that rows have different heights, as real chats do.` : `Message ${id}`,
    gift_id: null,
    created_at: new Date(Date.UTC(2025, 0, 1) + id * 20 * 60_000).toISOString(),
  };
}

export interface MadeUpHistory {
  /** messages 1 to `total`; the first page holds the newest `pageSize` */
  total: number;
  pageSize: number;
  message: (id: number) => MessageDto;
  /** what the peer has read (default: nothing) */
  peerLastRead?: number;
  /**
   * Called for each older page (a request with `before`) before it is answered: it may wait (to
   * hold the page) or answer the route itself and return true.
   */
  olderPage?: (route: Route) => Promise<boolean>;
}

/** Answers GET messages.php for `conversation` with made-up pages, all read by the member. */
export async function serveMadeUpHistory(page: Page, conversation: number, history: MadeUpHistory): Promise<void> {
  await page.route('**/api/messages.php?*', async (route) => {
    const url = new URL(route.request().url());
    if (route.request().method() !== 'GET' || url.searchParams.get('conversation') !== String(conversation)) return route.fallback();
    if (url.searchParams.has('before') && history.olderPage && (await history.olderPage(route))) return;
    const real = (await (await route.fetch()).json()) as MessagesResponse;
    const before = Number(url.searchParams.get('before') ?? history.total + 1);
    const first = Math.max(1, before - history.pageSize);
    const messages = Array.from({ length: before - first }, (_, i) => history.message(first + i));
    // All read already (last_read): the chat opens at its newest message, not at an unread divider.
    const body: MessagesResponse = { ...real, messages, has_more: first > 1, history_cut: false, peer_last_read: history.peerLastRead ?? 0, last_read: history.total };
    await route.fulfill({ contentType: 'application/json', body: JSON.stringify(body) });
  });
}

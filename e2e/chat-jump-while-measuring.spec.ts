import { expect, test } from '@playwright/test';
import type { ChatsResponse, MessageDto, MessagesResponse } from '../shared/src/api/chats.js';
import { DEMO_ACCOUNTS, memberContext } from './chat-fixtures.js';

const TOTAL = 120;
const PAGE = 60;

/**
 * A member who jumps to the top of a chat just after it opens (Home, the scrollbar) stays there.
 * The list keeps itself at the newest message while its rows are measured, and it used to put
 * itself back there when it re-laid the rows out before the jump's scroll event arrived. The
 * jump is made at that moment on purpose: from a resize observer made after the list's own, which
 * runs right after the list's in the same frame, once the list has asked to lay out again. The
 * history endpoint is answered by the test with made-up pages, as in chat-history-retry.
 */
test('a jump to the top while the rows of a chat just opened are measured is not undone', async ({ browser, baseURL }) => {
  const james = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.premium);
  const chats = (await (await james.request.get('/api/chats.php')).json()) as ChatsResponse;
  const entry = chats.chats.filter((c) => c.profile.name !== DEMO_ACCOUNTS.free.name).at(-1)!;
  const message = (id: number): MessageDto => ({
    id,
    conversation: entry.conversation,
    sender: entry.profile.id,
    client_id: `jump-measuring-${id}`,
    kind: 'text',
    body: `Message ${id}`,
    gift_id: null,
    created_at: new Date(Date.UTC(2025, 0, 1) + id * 60_000).toISOString(),
  });
  await james.page.route('**/api/messages.php?*', async (route) => {
    const url = new URL(route.request().url());
    if (route.request().method() !== 'GET' || url.searchParams.get('conversation') !== String(entry.conversation)) return route.fallback();
    const real = (await (await route.fetch()).json()) as MessagesResponse;
    const before = Number(url.searchParams.get('before') ?? TOTAL + 1);
    const first = Math.max(1, before - PAGE);
    const messages = Array.from({ length: before - first }, (_, i) => message(first + i));
    const body: MessagesResponse = { ...real, messages, has_more: first > 1, history_cut: false, peer_last_read: 0, last_read: TOTAL };
    await route.fulfill({ contentType: 'application/json', body: JSON.stringify(body) });
  });
  await james.page.addInitScript(() => {
    const state = window as unknown as { jumpedAt?: number };
    let watching = false;
    new MutationObserver(() => {
      const scroller = document.querySelector<HTMLElement>('[data-testid=chat-scroll]');
      const row = scroller?.querySelector('[data-testid=chat-message]');
      if (watching || !scroller || !row) return;
      watching = true;
      const jump = new ResizeObserver(() => {
        jump.disconnect();
        state.jumpedAt = scroller.scrollTop;
        scroller.scrollTop = 0;
      });
      jump.observe(row);
    }).observe(document, { childList: true, subtree: true });
  });

  await james.page.goto(`/chats/${entry.conversation}`);
  // The jump came from the newest message, where the chat opened.
  await expect.poll(() => james.page.evaluate(() => (window as unknown as { jumpedAt?: number }).jumpedAt ?? 0)).toBeGreaterThan(1000);
  // At the top: the first page's oldest message is in view, and the page before it lands above.
  await expect(james.page.locator(`[data-testid=chat-message][data-id="${TOTAL - PAGE + 1}"]`)).toBeInViewport();
  await expect(james.page.locator(`[data-testid=chat-message][data-id="${TOTAL - PAGE}"]`)).toBeAttached();
  await expect(james.page.locator(`[data-testid=chat-message][data-id="${TOTAL - PAGE + 1}"]`)).toBeInViewport();
  await expect(james.page.getByTestId('chat-message').filter({ hasText: `Message ${TOTAL}` })).not.toBeInViewport();
  await james.context.close();
});

import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, memberContext } from './chat-fixtures.js';
import { plainMessage, quietChatOf, serveMadeUpHistory } from './made-up-history.js';

const TOTAL = 120;
const PAGE = 60;

/**
 * A member who jumps to the top of a chat just after it opens (Home, the scrollbar) stays there.
 * The list keeps itself at the newest message while its rows are measured, and it used to put
 * itself back there when it re-laid the rows out before the jump's scroll event arrived. The
 * jump is made at that moment on purpose: from a resize observer made after the list's own, which
 * runs right after the list's in the same frame, once the list has asked to lay out again. The
 * history is made up (made-up-history.ts).
 */
test('a jump to the top while the rows of a chat just opened are measured is not undone', async ({ browser, baseURL }) => {
  const james = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.premium);
  const entry = await quietChatOf(james);
  await serveMadeUpHistory(james.page, entry.conversation, { total: TOTAL, pageSize: PAGE, message: (id) => plainMessage(entry, id) });
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

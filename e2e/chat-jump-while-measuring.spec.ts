import { expect, test, type Browser } from '@playwright/test';
import { DEMO_ACCOUNTS, memberContext, type Member } from './chat-fixtures.js';
import { plainMessage, quietChatOf, serveMadeUpHistory } from './made-up-history.js';

const TOTAL = 120;
const PAGE = 60;

/**
 * Opens the quiet chat, with made-up history, and moves its list to the top at the moment its
 * first rows are measured: from a resize observer made after the list's own, which runs right
 * after the list's in the same frame, once the list has asked to lay out again. With `homeFrom`
 * the move comes as the browser's Home would, the key's event first: from an element in the list,
 * or from the page (after a click on the list, the browser scrolls the box last clicked).
 */
async function openAndMoveWhileMeasuring(browser: Browser, baseURL: string, homeFrom: 'list' | 'page' | null): Promise<Member> {
  const james = await memberContext(browser, baseURL, DEMO_ACCOUNTS.premium);
  const entry = await quietChatOf(james);
  await serveMadeUpHistory(james.page, entry.conversation, { total: TOTAL, pageSize: PAGE, message: (id) => plainMessage(entry, id) });
  await james.page.addInitScript((keyFrom) => {
    const state = window as unknown as { movedFrom?: number };
    let watching = false;
    new MutationObserver(() => {
      const scroller = document.querySelector<HTMLElement>('[data-testid=chat-scroll]');
      const row = scroller?.querySelector('[data-testid=chat-message]');
      if (watching || !scroller || !row) return;
      watching = true;
      const move = new ResizeObserver(() => {
        move.disconnect();
        state.movedFrom = scroller.scrollTop;
        const keyTarget = keyFrom === 'list' ? scroller : keyFrom === 'page' ? document.body : null;
        keyTarget?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Home', bubbles: true }));
        scroller.scrollTop = 0;
      });
      move.observe(row);
    }).observe(document, { childList: true, subtree: true });
  }, homeFrom);
  await james.page.goto(`/chats/${entry.conversation}`);
  // The move came from the newest message, where the chat opened.
  await expect.poll(() => james.page.evaluate(() => (window as unknown as { movedFrom?: number }).movedFrom ?? 0)).toBeGreaterThan(1000);
  return james;
}

/**
 * A member who presses Home just after a chat opens stays at the top. The list keeps itself at
 * the newest message while its rows are measured, and it used to put itself back there when it
 * laid the rows out again before the key's scroll event arrived.
 */
for (const homeFrom of ['list', 'page'] as const) {
  test(`Home pressed (from the ${homeFrom}) while the rows of a chat just opened are measured is not undone`, async ({ browser, baseURL }) => {
    const james = await openAndMoveWhileMeasuring(browser, baseURL!, homeFrom);
    // At the top: the first page's oldest message is in view, and the page before it lands above.
    await expect(james.page.locator(`[data-testid=chat-message][data-id="${TOTAL - PAGE + 1}"]`)).toBeInViewport();
    await expect(james.page.locator(`[data-testid=chat-message][data-id="${TOTAL - PAGE}"]`)).toBeAttached();
    await expect(james.page.locator(`[data-testid=chat-message][data-id="${TOTAL - PAGE + 1}"]`)).toBeInViewport();
    await expect(james.page.getByTestId('chat-message').filter({ hasText: `Message ${TOTAL}` })).not.toBeInViewport();
    await james.context.close();
  });
}

/**
 * The same move without the member's input is not theirs: the list stays at the newest message.
 * The browser moves a list itself when its content shrinks (a typing bubble gone), and a list that
 * judged by position alone took that for the member's move and stopped following new messages.
 */
test('a move of a chat just opened that no input of the member came with leaves it at the newest message', async ({ browser, baseURL }) => {
  const james = await openAndMoveWhileMeasuring(browser, baseURL!, null);
  await expect(james.page.getByTestId('chat-message').filter({ hasText: `Message ${TOTAL}` })).toBeInViewport();
  await expect(james.page.getByTestId('chat-jump')).toHaveCount(0);
  await james.context.close();
});

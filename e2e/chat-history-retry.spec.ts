import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, memberContext } from './chat-fixtures.js';
import { plainMessage, quietChatOf, serveMadeUpHistory } from './made-up-history.js';

const TOTAL = 120;
const PAGE = 60;

/**
 * An older page that fails (here the server's paging allowance, 429) is asked again while the
 * member keeps looking at the top of the chat: no further scroll is needed for history to come.
 * The history is made up (made-up-history.ts).
 */
test('an older page refused once is asked again while the top stays in view', async ({ browser, baseURL }) => {
  const james = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.premium);
  const entry = await quietChatOf(james);
  let olderAsked = 0;
  await serveMadeUpHistory(james.page, entry.conversation, {
    total: TOTAL,
    pageSize: PAGE,
    message: (id) => plainMessage(entry, id),
    olderPage: async (route) => {
      if (++olderAsked > 1) return false;
      await route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ error: 'rate_limited' }) });
      return true;
    },
  });

  await james.page.goto(`/chats/${entry.conversation}`);
  const rows = james.page.getByTestId('chat-message');
  await expect(rows.filter({ hasText: `Message ${TOTAL}` })).toBeVisible();

  // The jump to the top is repeated until the older page is asked for: right after the chat opens,
  // its rows are still being measured, and a list that is at its newest message keeps itself
  // there, which undid a single jump in a CI run before its scroll event arrived.
  const scroller = james.page.getByTestId('chat-scroll');
  await expect
    .poll(async () => {
      await scroller.evaluate((el) => (el.scrollTop = 0));
      return olderAsked;
    })
    .toBe(1);
  // Nothing more from the member: the refused page is asked again after a pause and lands above.
  await expect.poll(() => olderAsked, { timeout: 10_000 }).toBe(2);
  // The page lands above the message that was at the top, which stays on screen (windowed: the
  // rows just above it are rendered, the oldest not yet).
  await expect(james.page.locator(`[data-testid=chat-message][data-id="${TOTAL - PAGE}"]`)).toBeAttached();
  await expect(james.page.locator(`[data-testid=chat-message][data-id="${TOTAL - PAGE + 1}"]`)).toBeInViewport();
  // A history request still in the made-up history's route (made-up-history.ts, which fetches the
  // server's page first) when the context closes: fulfilling it then throws "route.fetch: Target
  // page closed" into whatever test runs next (as in chat-flaky.spec.ts).
  await james.page.unrouteAll({ behavior: 'ignoreErrors' });
  await james.context.close();
});

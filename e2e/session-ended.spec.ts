import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, memberContext } from './chat-fixtures.js';

/**
 * A member's session that ends behind the tab's back (logged out in another tab, expired): the
 * next call the tab makes is refused, and the tab loads the log-in page afresh. A client navigation
 * kept the member's chats and unsent messages in the page, for whoever logged in next in that tab.
 */
test('a session ended elsewhere sends the tab to a freshly loaded log-in page', async ({ browser, baseURL }) => {
  const james = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.premium);
  await james.page.goto('/chats');
  await expect(james.page.getByTestId('chat-list-item').first()).toBeVisible();
  // A mark in this page's memory: a fresh page load has none.
  await james.page.evaluate(() => Object.assign(window, { pageOfJames: true }));

  // Logged out from another tab of the same browser (the same session cookie).
  expect((await james.request.get('/api/logout.php')).ok()).toBe(true);
  // The tab's next call is refused: opening a chat loads its messages. The log-out also closes the
  // session's sockets, whose reconnect is refused too, and that may take the tab away first (it
  // did once, on a busy machine, before the click).
  const entry = james.page.getByTestId('chat-list-item').first();
  await entry.click({ timeout: 3_000 }).catch(() => undefined);

  await expect(james.page).toHaveURL(/\/login$/);
  await expect(james.page.getByRole('button', { name: 'Log in', exact: true }).last()).toBeVisible();
  expect(await james.page.evaluate(() => 'pageOfJames' in window)).toBe(false);
  // Said, not left to guess: the member was in the middle of something.
  await expect(james.page.getByTestId('session-ended')).toHaveText('Your session has ended. Please log in again.');
  await james.context.close();
});

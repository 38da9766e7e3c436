/**
 * A member with the chat open in one tab logs out in another. Every tab of hers goes where the
 * log-out goes (the root path), whatever reaches the other tab first: the news from the tab she
 * logged out in, or the server closing the session's sockets.
 */
import { expect, test } from '@playwright/test';
import { conversationWith, DEMO_ACCOUNTS, memberContext } from './chat-fixtures.js';

test('a log-out takes her other open tabs to the root path, not to an ended session', async ({ browser, baseURL }) => {
  const sophie = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.free);
  const { conversation } = await conversationWith(sophie, DEMO_ACCOUNTS.premium.name);
  const other = sophie.page;
  await other.goto(`/chats/${conversation}`);
  await expect(other.getByTestId('chat-page')).toHaveAttribute('data-connection', 'online');

  const tab = await sophie.context.newPage();
  await tab.setViewportSize({ width: 1440, height: 900 });
  await tab.goto('/members');
  // The log-out's answer comes late (a slow network): the server has closed the session's sockets
  // in every tab by then, and the other tab must not take that for a session that ended by itself.
  await tab.route('**/api/logout.php', async (route) => {
    const response = await route.fetch();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.fulfill({ response });
  });
  await tab.locator('.account-dropdown .dropdown-toggle').click();
  await tab.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(tab).toHaveURL(/\/$/);

  await expect(other.getByTestId('chat-page')).toHaveCount(0);
  await expect(other).toHaveURL(/\/$/);
  await expect(other.getByTestId('session-ended')).toHaveCount(0);
  // A request still in the route handler when the context closes: its answer is thrown away, and
  // fulfilling it then fails the test after every assertion passed (as in chat-flaky.spec.ts).
  await tab.unrouteAll({ behavior: 'ignoreErrors' });
  await sophie.context.close();
});

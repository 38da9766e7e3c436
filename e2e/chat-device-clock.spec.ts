/**
 * A phone whose clock is wrong (set by hand, a dead battery, a time zone picked for the wrong
 * city): the chat shows times as the server has them, not as the device's clock would. Before,
 * a device 26 hours ahead said James was "last seen yesterday" moments after he left, put
 * "Yesterday" over a message just written and dated the member's own pending message a day late.
 */
import { expect } from '@playwright/test';
import { blockSocket, bubble, conversationWith, DEMO_ACCOUNTS, memberContext, sendFromComposer, uniqueText } from './chat-fixtures.js';
import { testOnSeededServer } from './seeded-server.js';

// James must be offline and last seen just now: no other spec may connect him.
const test = testOnSeededServer();

const DEVICE_AHEAD_MS = 26 * 3_600_000;

test('a device clock 26 hours ahead shows last seen, day separators, list times and pending messages as the server has them', async ({ browser, baseURL }) => {
  const james = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.premium);
  // The app's start marks James seen now; he never connects, so he is offline, last seen just now.
  expect((await james.request.get('/api/user.php', { headers: { 'X-Request-Type': 'client' } })).status()).toBe(200);

  const sophie = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.free);
  const page = sophie.page;
  await page.clock.install({ time: Date.now() + DEVICE_AHEAD_MS });
  // Over REST, so the send can be held on its way and stays pending.
  await blockSocket(page, 60_000);
  let releaseSend = () => {};
  const sendHeld = new Promise<void>((resolve) => (releaseSend = resolve));
  await page.route('**/api/messages.php', async (route) => {
    if (route.request().method() === 'POST') await sendHeld;
    await route.fallback();
  });
  const { conversation } = await conversationWith(sophie, DEMO_ACCOUNTS.premium.name);
  await page.goto(`/chats/${conversation}`);
  await expect(page.getByTestId('chat-input')).toBeEnabled();

  await expect(page.locator('.chat-header .chat-presence')).toHaveText(/^Last seen (just now|1 minute ago)$/);

  const text = uniqueText('Dinner at eight?');
  await sendFromComposer(page, text);
  const mine = bubble(page, text);
  await expect(mine).toHaveAttribute('data-state', 'pending');
  const pendingAt = Date.parse((await mine.locator('time').getAttribute('datetime'))!);
  expect(Math.abs(pendingAt - Date.now()), 'the pending message is dated by the server\'s clock').toBeLessThan(60_000);

  releaseSend();
  await expect(mine).toHaveAttribute('data-state', /sent|read/);
  await expect(page.locator('.chat-day').last()).toHaveText('Today');
  const listTime = page.locator(`[data-testid=chat-list-item]`).filter({ hasText: text }).locator('.chat-list-time');
  await expect(listTime).toHaveText(/^\d\d:\d\d$/);
  await sophie.context.close();
  await james.context.close();
});

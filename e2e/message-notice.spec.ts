import { expect, test, type Browser, type Page } from '@playwright/test';
import { blockSocket, newMember } from './chat-fixtures.js';

/**
 * A message that comes live while the member is on a page away from the chats is announced in a
 * banner: who wrote and what, and a tap opens the chat. Members of their own, so the messages
 * reach none of the demo accounts' lists the other specs read.
 */

/** Anna, who reads, and a sender named `senderName` whose `send` writes to her. */
async function annaAndSender(browser: Browser, baseURL: string, senderName: string) {
  const anna = await newMember(browser, baseURL, 'Anna');
  const sender = await newMember(browser, baseURL, senderName);
  let sent = 0;
  const send = async (body: string) => {
    const response = await sender.request.post('/api/messages.php', { data: { profile: anna.id, client_id: `notice-${Date.now()}-${sent++}`, body } });
    expect(response.status(), body).toBe(201);
  };
  const close = async () => {
    await anna.context.close();
    await sender.context.close();
  };
  return { anna, send, notice: anna.page.getByTestId('message-notice'), close };
}

/** On the chats screen until its socket is online. */
async function onlineOnChats(page: Page): Promise<void> {
  await page.goto('/chats');
  await expect(page.getByTestId('chat-page')).toHaveAttribute('data-connection', 'online');
}

/** Away from the chats within the app, so the socket stays. */
async function awayFromChats(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Find members' }).first().click();
  await expect(page).toHaveURL(/\/members$/);
}

test('a message that comes while the member is away from the chats shows in a banner that opens the chat', async ({ browser, baseURL }) => {
  const { anna, send, notice, close } = await annaAndSender(browser, baseURL!, 'Ben');

  // On the chats screen the list shows the message itself: no banner.
  await onlineOnChats(anna.page);
  await send('First hello');
  await expect(anna.page.getByText('First hello')).toBeVisible();
  await expect(notice).toHaveCount(0);

  // Away from the chats, the next one comes in a banner.
  await awayFromChats(anna.page);
  await send('Are you free on Saturday?');
  await expect(notice).toContainText('Ben');
  await expect(notice).toContainText('Are you free on Saturday?');
  await expect(anna.page.getByRole('status').filter({ hasText: 'New message from Ben' })).toHaveCount(1);
  await notice.getByRole('button', { name: 'Close' }).click();
  await expect(notice).toHaveCount(0);

  // A tap on the banner opens the chat at the message.
  await send('The café by the canal?');
  await notice.getByRole('link').click();
  await expect(anna.page).toHaveURL(/\/chats\/\d+$/);
  await expect(anna.page.getByTestId('chat-message').filter({ hasText: 'The café by the canal?' })).toBeVisible();
  await expect(notice).toHaveCount(0);
  await close();
});

test('the top bar\'s menus open over the banner, on a phone and a desktop', async ({ browser, baseURL }) => {
  const { anna, send, notice, close } = await annaAndSender(browser, baseURL!, 'Ben');
  await send('Hello');

  for (const size of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
    await anna.page.setViewportSize(size);
    await onlineOnChats(anna.page);
    await awayFromChats(anna.page);
    await send(`Still there at ${size.width}?`);
    await expect(notice).toBeVisible();

    // The account menu opens under the top bar, where the banner is: a tap on Settings is Settings'.
    await anna.page.locator('.account-dropdown .dropdown-toggle').click();
    const settings = anna.page.getByRole('menuitem', { name: 'Settings' });
    const box = (await settings.boundingBox())!;
    await anna.page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(anna.page, `at ${size.width} px`).toHaveURL(/\/settings$/);
  }
  await close();
});

test('a long name stays in the banner on a narrow phone, beside its close button', async ({ browser, baseURL }) => {
  const { anna, send, notice, close } = await annaAndSender(browser, baseURL!, 'Bartholomewmaximilianbartholomew');
  await send('Hello');
  await anna.page.setViewportSize({ width: 320, height: 640 });
  await onlineOnChats(anna.page);
  await awayFromChats(anna.page);
  await send('Hi');
  await expect(notice).toBeVisible();

  const name = (await notice.locator('.message-notice-name').boundingBox())!;
  const closeButton = (await notice.getByRole('button', { name: 'Close' }).boundingBox())!;
  expect(name.x + name.width, 'the name ends before the close button').toBeLessThanOrEqual(closeButton.x);
  await close();
});

test('on a phone, a message from another member comes in a banner over the open chat, and the open chat\'s own do not', async ({ browser, baseURL }) => {
  const { anna, send: benSends, notice, close } = await annaAndSender(browser, baseURL!, 'Ben');
  const clara = await newMember(browser, baseURL!, 'Clara');
  await benSends('Hello from Ben');
  await clara.request.post('/api/messages.php', { data: { profile: anna.id, client_id: `notice-clara-${Date.now()}`, body: 'Hello from Clara' } });
  await anna.page.setViewportSize({ width: 390, height: 844 });
  await onlineOnChats(anna.page);
  await anna.page.locator('.chat-list-link').filter({ hasText: 'Ben' }).click();
  await expect(anna.page.getByTestId('chat-message').filter({ hasText: 'Hello from Ben' })).toBeVisible();

  // Ben's next message shows in his open chat, not in a banner.
  await benSends('Still there?');
  await expect(anna.page.getByTestId('chat-message').filter({ hasText: 'Still there?' })).toBeVisible();
  await expect(notice).toHaveCount(0);

  // Clara's comes in a banner below the chat's header, whose back button stays free.
  const response = await clara.request.post('/api/messages.php', { data: { profile: anna.id, client_id: `notice-clara-${Date.now()}-2`, body: 'Dinner on Friday?' } });
  expect(response.status()).toBe(201);
  await expect(notice).toContainText('Clara');
  await expect(notice).toContainText('Dinner on Friday?');
  const header = (await anna.page.locator('.chat-header').boundingBox())!;
  // Once it has slid in (it comes from 16 px higher).
  await expect.poll(async () => (await notice.boundingBox())!.y, { message: 'the banner starts below the chat header' }).toBeGreaterThanOrEqual(header.y + header.height);
  await notice.getByRole('link').click();
  await expect(anna.page.getByTestId('chat-message').filter({ hasText: 'Dinner on Friday?' })).toBeVisible();
  await expect(notice).toHaveCount(0);
  await clara.context.close();
  await close();
});

test('with the socket blocked, a message a poll round brings comes in the banner too', async ({ browser, baseURL }) => {
  const { anna, send, notice, close } = await annaAndSender(browser, baseURL!, 'Ben');
  await send('Hello');
  await blockSocket(anna.page, 1_000);
  await anna.page.goto('/chats');
  await expect(anna.page.getByTestId('chat-page')).toHaveAttribute('data-connection', 'polling', { timeout: 15_000 });
  await awayFromChats(anna.page);

  await send('Are you there? My train is late');
  await expect(notice).toContainText('Are you there? My train is late', { timeout: 15_000 });
  await notice.getByRole('link').click();
  await expect(anna.page.getByTestId('chat-message').filter({ hasText: 'Are you there? My train is late' })).toBeVisible();
  await close();
});

import { expect, test } from '@playwright/test';
import { blockSocket, bubble, conversationWith, DEMO_ACCOUNTS, failSends, memberContext, restoreSends, sendFromComposer, uniqueText } from './chat-fixtures.js';

test.use({ viewport: { width: 390, height: 844 } });

test('while polling reaches the server, the bar keeps saying updates are late through the socket’s failed retries', async ({ browser, baseURL }) => {
  const b = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.free);
  await blockSocket(b.page, 20_000);
  const { conversation } = await conversationWith(b, DEMO_ACCOUNTS.premium.name);
  await b.page.goto(`/chats/${conversation}`);
  const bar = b.page.getByTestId('chat-thread-offline');
  await expect(bar).toHaveAttribute('data-state', 'polling', { timeout: 15_000 });
  // Socket.IO tries again every 1-5 s; each refused attempt used to say "Offline" until the next round.
  const seen = new Set<string | null>();
  for (let i = 0; i < 8; i++) {
    seen.add(await bar.getAttribute('data-state'));
    await b.page.waitForTimeout(1_000);
  }
  expect([...seen]).toEqual(['polling']);
  await b.context.close();
});

test('a message written while an older one waits for the network is stored after it', async ({ browser, baseURL }) => {
  const b = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.free);
  // Long rounds: the older message must not go out by a round before the newer one is written.
  await blockSocket(b.page, 60_000);
  const { conversation } = await conversationWith(b, DEMO_ACCOUNTS.premium.name);
  await b.page.goto(`/chats/${conversation}`);
  await expect(b.page.getByTestId('chat-input')).toBeEnabled();

  await failSends(b.page);
  const first = uniqueText('First, in a tunnel');
  await sendFromComposer(b.page, first);
  await expect(bubble(b.page, first)).toHaveAttribute('data-state', 'pending');

  // Out of the tunnel: the member writes again before any poll round.
  await restoreSends(b.page);
  const second = uniqueText('Second, out of it');
  await sendFromComposer(b.page, second);
  await expect(bubble(b.page, second)).toHaveAttribute('data-state', /sent|read/);
  await expect(bubble(b.page, first)).toHaveAttribute('data-state', /sent|read/);

  const history = (await (await b.request.get(`/api/messages.php?conversation=${conversation}&limit=20`)).json()) as { messages: Array<{ id: number; body: string }> };
  const order = history.messages.filter((m) => m.body === first || m.body === second).sort((x, y) => x.id - y.id).map((m) => m.body);
  expect(order).toEqual([first, second]);
  await b.context.close();
});

test('a member whose phone loses the network no longer sees the other member shown online', async ({ browser, baseURL }) => {
  const a = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.premium);
  const b = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.free);
  const { conversation } = await conversationWith(b, DEMO_ACCOUNTS.premium.name);
  // A is online: the chat open on A's side keeps a socket.
  const fromA = await conversationWith(a, DEMO_ACCOUNTS.free.name);
  await a.page.goto(`/chats/${fromA.conversation}`);
  await b.page.goto(`/chats/${conversation}`);
  const header = b.page.locator('.chat-header');
  await expect(header.locator('.chat-presence-online')).toBeVisible();
  await expect(header.locator('.chat-online-dot')).toBeVisible();

  // B's phone goes offline: what B last heard may be minutes old by now.
  await b.context.setOffline(true);
  // The browser says offline: the bar follows, whether the socket was up or still connecting.
  await expect(b.page.getByTestId('chat-thread-offline')).toHaveAttribute('data-state', 'offline', { timeout: 30_000 });
  await expect(header.locator('.chat-presence-online')).toBeHidden();
  await expect(header.locator('.chat-online-dot')).toBeHidden();

  // Back online: A is shown online again.
  await b.context.setOffline(false);
  await expect(header.locator('.chat-presence-online')).toBeVisible({ timeout: 20_000 });
  await a.context.close();
  await b.context.close();
});

test('a chat that is slow to open shows its header and a way back, not a spinner alone', async ({ browser, baseURL }) => {
  const b = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.free);
  const { conversation } = await conversationWith(b, DEMO_ACCOUNTS.premium.name);
  // The chat's messages are held back (a slow network), the rest of the page answers.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await b.page.route('**/api/messages.php?*', async (route) => {
    if (route.request().method() === 'GET') await held;
    await route.fallback();
  });
  await b.page.goto(`/chats/${conversation}`);
  const loading = b.page.getByTestId('chat-thread-loading');
  await expect(loading).toBeVisible();
  await expect(loading.getByText(DEMO_ACCOUNTS.premium.name)).toBeVisible();
  await expect(loading.getByRole('link', { name: 'Back' })).toBeVisible();
  await b.page.screenshot({ path: 'screenshots/chat-phone-opening-en.png' });

  release();
  await expect(b.page.getByTestId('chat-thread')).toBeVisible();
  await expect(loading).toBeHidden();
  await b.context.close();
});

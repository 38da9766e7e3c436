/**
 * One browser, two members: Sophie's session ends while a tab of hers is offline with a message
 * waiting to go out, and James logs in on the same browser. Her tab, back online, must not act
 * with his session.
 */
import { expect, test } from '@playwright/test';
import type { ChatsResponse } from '../shared/src/api/chats.js';
import { bubble, conversationWith, DEMO_ACCOUNTS, memberContext, sendFromComposer, uniqueText } from './chat-fixtures.js';

test("a tab of a member whose session ended sends nothing with the next member's session", async ({ browser, baseURL }) => {
  const sophie = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.free);
  const chats = (await (await sophie.request.get('/api/chats.php')).json()) as ChatsResponse;
  const peer = chats.chats.find((c) => c.profile.name !== DEMO_ACCOUNTS.premium.name)!;
  const tab = sophie.page;
  await tab.goto(`/chats/${peer.conversation}`);
  await expect(tab.getByTestId('chat-page')).toHaveAttribute('data-connection', 'online');

  // Her tab loses the network (this tab only) with a message written.
  const cdp = await sophie.context.newCDPSession(tab);
  const offline = (on: boolean) => cdp.send('Network.emulateNetworkConditions', { offline: on, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await offline(true);
  await tab.evaluate(() => window.dispatchEvent(new Event('offline')));
  const text = uniqueText('Private, from Sophie');
  await sendFromComposer(tab, text);
  await expect(bubble(tab, text)).toHaveAttribute('data-state', 'pending');

  // Meanwhile her session ends (expired, or logged out without this tab hearing) and James logs in.
  expect((await sophie.request.get('/api/logout.php')).ok()).toBe(true);
  expect((await sophie.request.post('/api/user.php', { data: DEMO_ACCOUNTS.premium })).status()).toBe(200);

  await offline(false);
  // The tab may already be on its way to the log-in page.
  await tab.evaluate(() => window.dispatchEvent(new Event('online'))).catch(() => undefined);
  // Her page is loaded afresh (the log-in page, which sends the browser's member, now James, on
  // to /members): nothing of hers stays in memory.
  await expect(tab).toHaveURL(/\/members$/);
  await expect(tab.getByText(text)).toHaveCount(0);
  // Nothing of hers was sent as him.
  const his = (await (await sophie.request.get('/api/chats.php')).json()) as ChatsResponse;
  expect(his.chats.map((c) => c.last_message?.body ?? '')).not.toContain(text);

  // Back as herself, the message is still hers to send, and goes out once. (His page closed
  // first: his log-out would take it to the log-in page under the next navigation.)
  await tab.goto('about:blank');
  expect((await sophie.request.get('/api/logout.php')).ok()).toBe(true);
  expect((await sophie.request.post('/api/user.php', { data: DEMO_ACCOUNTS.free })).status()).toBe(200);
  await tab.goto(`/chats/${peer.conversation}`);
  await expect(bubble(tab, text)).toHaveAttribute('data-state', /sent|read/);
  const stored = await (await sophie.request.get(`/api/messages.php?conversation=${peer.conversation}`)).json();
  expect(JSON.stringify(stored).split(text).length - 1).toBe(1);
  await sophie.context.close();
});

test('a log-out takes her other tabs, an offline one too, off her chats at once', async ({ browser, baseURL }) => {
  const sophie = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.free);
  // The app icon's badge outlives the page (an installed app's): here a stored mark stands in for it.
  await sophie.context.addInitScript(() => {
    const mark = (value: string) => localStorage.setItem('test-app-badge', value);
    Object.assign(Navigator.prototype, { setAppBadge: async (n: number) => mark(String(n)), clearAppBadge: async () => mark('none') });
  });
  const { conversation } = await conversationWith(sophie, DEMO_ACCOUNTS.premium.name);
  const other = sophie.page;
  await other.setViewportSize({ width: 390, height: 844 });
  await other.goto(`/chats/${conversation}`);
  await expect(other.getByTestId('chat-page')).toHaveAttribute('data-connection', 'online');
  const cdp = await sophie.context.newCDPSession(other);
  await cdp.send('Network.emulateNetworkConditions', { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await other.evaluate(() => window.dispatchEvent(new Event('offline')));
  await sendFromComposer(other, uniqueText('Unsent, from Sophie'));
  await other.getByTestId('chat-input').fill('A draft of Sophie');

  const tab = await sophie.context.newPage();
  await tab.setViewportSize({ width: 1440, height: 900 });
  await tab.goto('/members');
  await expect.poll(() => tab.evaluate(() => Number(localStorage.getItem('test-app-badge')))).toBeGreaterThan(0);
  await tab.locator('.account-dropdown .dropdown-toggle').click();
  await tab.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(tab).toHaveURL(/\/$/);

  await expect(other.getByTestId('chat-page')).toHaveCount(0);
  // Her unread count leaves the app icon with her.
  await expect.poll(() => tab.evaluate(() => localStorage.getItem('test-app-badge'))).toBe('none');
  const stored = await tab.evaluate(() => Object.keys(localStorage));
  expect(stored.filter((key) => /^(chat-outbox|chat-drafts|last-opened-chat)/.test(key))).toEqual([]);
  await sophie.context.close();
});

test("the next member on the browser is not taken into the chat she opened last", async ({ browser, baseURL }) => {
  const sophie = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.free);
  const chats = (await (await sophie.request.get('/api/chats.php')).json()) as ChatsResponse;
  const peer = chats.chats.find((c) => c.profile.name !== DEMO_ACCOUNTS.premium.name)!;
  const page = sophie.page;
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/chats/${peer.conversation}`);
  await expect(page.getByTestId('chat-input')).toBeVisible();
  // Her tab is closed: left open, it took itself to the log-in page once it noticed the session
  // had ended, at a moment of its own (its socket's reconnect, up to a poll round later), and that
  // cut short the visit to /chats below (seen once in CI). What the next member must not inherit
  // is what the browser keeps, not what that tab held.
  await page.close();

  // Her session ends without a log-out here (expired); James logs in, and has a chat with that member too.
  expect((await sophie.request.get('/api/logout.php')).ok()).toBe(true);
  expect((await sophie.request.post('/api/user.php', { data: DEMO_ACCOUNTS.premium })).status()).toBe(200);
  const hello = await sophie.request.post('/api/messages.php', { data: { profile: peer.profile.id, client_id: `sw${Date.now()}`, body: uniqueText('Hello') } });
  expect(hello.ok()).toBe(true);

  const next = await sophie.context.newPage();
  await next.setViewportSize({ width: 1440, height: 900 });
  await next.goto('/chats');
  await expect(next.locator('.chat-placeholder')).toBeVisible();
  await expect(next).toHaveURL(/\/chats$/);
  await sophie.context.close();
});

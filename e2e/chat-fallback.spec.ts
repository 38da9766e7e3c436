import { expect, test } from '@playwright/test';
import { blockSocket, bubble, conversationWith, DEMO_ACCOUNTS, failSends, memberContext, restoreSends, sendFromComposer, uniqueText } from './chat-fixtures.js';

/** Shorter polling for this test only (honoured outside production builds and in automated browsers). */
const POLL_MS = 1_000;

/**
 * With the socket transport blocked, B (Sophie) still gets messages through REST polling, reads
 * them over REST (A sees the read tick), and sends over POST /api/messages.php with its client id.
 */
test('messages arrive through polling while the socket is blocked', async ({ browser, baseURL }) => {
  const a = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.premium);
  const b = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.free);
  await blockSocket(b.page, POLL_MS);
  const { conversation } = await conversationWith(b, DEMO_ACCOUNTS.premium.name);

  const socketRequests: string[] = [];
  b.page.on('requestfinished', (request) => request.url().includes('/socket.io/') && socketRequests.push(request.url()));

  await b.page.goto(`/chats/${conversation}`);
  await expect(b.page.getByTestId('chat-peer-name')).toContainText(DEMO_ACCOUNTS.premium.name);
  await expect(b.page.getByTestId('chat-offline')).toBeVisible();
  // On a desktop the list's bar says it; on a phone, where the list is not on screen, the chat does.
  await expect(b.page.getByTestId('chat-thread-offline')).toBeHidden();
  await b.page.setViewportSize({ width: 390, height: 844 });
  await expect(b.page.getByTestId('chat-thread-offline')).toBeVisible();
  await b.page.setViewportSize({ width: 1280, height: 720 });

  await a.page.goto(`/chats/${conversation}`);
  await expect(a.page.getByTestId('chat-peer-name')).toContainText(DEMO_ACCOUNTS.free.name);

  // A writes over its live socket; B, with no socket at all, gets it from a polling round.
  const text = uniqueText('Polling works, Sophie');
  const syncCall = b.page.waitForRequest((r) => r.url().includes('/api/sync.php'), { timeout: 15_000 });
  await sendFromComposer(a.page, text);
  await syncCall;
  await expect(bubble(b.page, text)).toBeVisible({ timeout: 15_000 });
  // Polling reaches the server: the bar says updates come late, not that the member is offline.
  await expect(b.page.getByTestId('chat-offline')).toHaveAttribute('data-state', 'polling');
  await expect(b.page.getByTestId('chat-offline')).toContainText('Live updates paused');
  await b.page.screenshot({ path: 'screenshots/chat-desktop-polling-en.png' });

  // B has the chat open: it is read over REST, so A's tick turns to read.
  await expect(bubble(a.page, text)).toHaveAttribute('data-state', 'read', { timeout: 15_000 });
  await expect.poll(async () => (await conversationWith(b, DEMO_ACCOUNTS.premium.name)).unread).toBe(0);

  // B replies while disconnected: POST /api/messages.php, stored once, A gets it live.
  const reply = uniqueText('Sent without a socket');
  const post = b.page.waitForResponse((r) => r.url().includes('/api/messages.php') && r.request().method() === 'POST');
  await sendFromComposer(b.page, reply);
  expect((await post).status()).toBe(201);
  await expect(bubble(b.page, reply)).toHaveAttribute('data-state', /sent|read/);
  await expect(bubble(a.page, reply)).toBeVisible();
  await expect(bubble(a.page, reply)).toHaveCount(1);

  // A writes, and before B's polling brings it (B's rounds fail for now) B answers over REST:
  // B's own message, stored after A's, must not make B's next round start past A's.
  await b.page.route('**/api/sync.php**', (route) => route.abort());
  const unseen = uniqueText('Written just before your answer');
  await sendFromComposer(a.page, unseen);
  await expect(bubble(a.page, unseen)).toHaveAttribute('data-state', /sent|read/);
  const answer = uniqueText('Answered without a socket');
  await sendFromComposer(b.page, answer);
  await expect(bubble(b.page, answer)).toHaveAttribute('data-state', /sent|read/);
  await b.page.unroute('**/api/sync.php**');
  await expect(bubble(b.page, unseen)).toBeVisible({ timeout: 15_000 });

  // The socket never got through: everything above went over REST.
  expect(socketRequests).toEqual([]);

  await a.context.close();
  await b.context.close();
});

test('a message written with the network down survives a reload and is stored once', async ({ browser, baseURL }) => {
  const b = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.free);
  await blockSocket(b.page, POLL_MS);
  const { conversation } = await conversationWith(b, DEMO_ACCOUNTS.premium.name);
  await b.page.goto(`/chats/${conversation}`);
  await expect(b.page.getByTestId('chat-offline')).toBeVisible();

  // No road at all: the send stays pending.
  await failSends(b.page);
  const text = uniqueText('Written in a tunnel');
  await sendFromComposer(b.page, text);
  await expect(bubble(b.page, text)).toHaveAttribute('data-state', 'pending');

  // The page is reloaded with REST back (the socket still refused): the message is there and goes out.
  await restoreSends(b.page);
  await b.page.reload();
  await expect(bubble(b.page, text)).toBeVisible();
  await expect(bubble(b.page, text)).toHaveAttribute('data-state', /sent|read/, { timeout: 15_000 });
  const history = (await (await b.request.get(`/api/messages.php?conversation=${conversation}&limit=20`)).json()) as { messages: Array<{ body: string }> };
  expect(history.messages.filter((m) => m.body === text)).toHaveLength(1);
  await b.context.close();
});

test('the browser going offline shows the offline bar at once; back online, the chat is live again with what was missed', async ({ browser, baseURL }) => {
  const a = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.premium);
  const b = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.free);
  const { conversation } = await conversationWith(b, DEMO_ACCOUNTS.premium.name);
  await b.page.goto(`/chats/${conversation}`);
  await expect(b.page.getByTestId('chat-page')).toHaveAttribute('data-connection', 'online');

  // A dead network is noticed by the socket's pings only after about 45 s; the browser knows at once.
  await b.context.setOffline(true);
  await expect(b.page.getByTestId('chat-offline')).toBeVisible({ timeout: 3_000 });

  await a.page.goto(`/chats/${conversation}`);
  const missed = uniqueText('Sent while you were offline');
  await sendFromComposer(a.page, missed);
  await expect(bubble(a.page, missed)).toHaveAttribute('data-state', /sent|read/);

  await b.context.setOffline(false);
  await expect(b.page.getByTestId('chat-page')).toHaveAttribute('data-connection', 'online', { timeout: 15_000 });
  await expect(b.page.getByTestId('chat-offline')).toBeHidden();
  await expect(bubble(b.page, missed)).toHaveCount(1);
  const live = uniqueText('And this one live');
  await sendFromComposer(a.page, live);
  await expect(bubble(b.page, live)).toBeVisible();
  await a.context.close();
  await b.context.close();
});

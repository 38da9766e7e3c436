import { expect, test, type Page } from '@playwright/test';
import { bubble, conversationWith, DEMO_ACCOUNTS, memberContext, refuseSocketWebSockets, sendFromComposer, uniqueText } from './chat-fixtures.js';

/** What a page asked of the socket endpoint: Engine.IO long-polling requests, WebSocket handshakes, REST polling rounds. */
function watchTransports(page: Page) {
  const seen = { polling: 0, websockets: 0, restPolls: 0 };
  page.on('request', (request) => {
    if (request.url().includes('/socket.io/') && request.url().includes('transport=polling')) seen.polling++;
    if (request.url().includes('/api/sync.php')) seen.restPolls++;
  });
  page.on('websocket', (ws) => {
    if (ws.url().includes('/socket.io/')) seen.websockets++;
  });
  return seen;
}

/**
 * The client opens its socket as a WebSocket straight away: no Engine.IO long-polling requests
 * before it (each would load the session on the server), and messages arrive live.
 */
test('the chat socket connects over a WebSocket without polling first', async ({ browser, baseURL }) => {
  const a = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.premium);
  const b = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.free);
  const { conversation } = await conversationWith(b, DEMO_ACCOUNTS.premium.name);
  const seen = watchTransports(b.page);

  await b.page.goto(`/chats/${conversation}`);
  await expect(b.page.getByTestId('chat-peer-name')).toContainText(DEMO_ACCOUNTS.premium.name);
  await expect.poll(() => seen.websockets).toBeGreaterThanOrEqual(1);

  await a.page.goto(`/chats/${conversation}`);
  const text = uniqueText('Straight over a WebSocket');
  await sendFromComposer(a.page, text);
  await expect(bubble(b.page, text)).toBeVisible();
  await expect(b.page.getByTestId('chat-offline')).toBeHidden();
  expect(seen.polling).toBe(0);
  expect(seen.restPolls).toBe(0);

  await a.context.close();
  await b.context.close();
});

/**
 * Where WebSockets are refused, the socket falls back to Engine.IO long-polling and stays live:
 * messages arrive through it, and the REST polling meant for a lost socket never starts.
 */
test('where WebSockets are refused the chat socket falls back to long-polling and stays live', async ({ browser, baseURL }) => {
  const a = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.premium);
  const b = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.free);
  await refuseSocketWebSockets(b.page);
  const { conversation } = await conversationWith(b, DEMO_ACCOUNTS.premium.name);
  const seen = watchTransports(b.page);

  await b.page.goto(`/chats/${conversation}`);
  await expect(b.page.getByTestId('chat-peer-name')).toContainText(DEMO_ACCOUNTS.premium.name);
  await expect.poll(() => seen.polling).toBeGreaterThanOrEqual(2);

  await a.page.goto(`/chats/${conversation}`);
  const text = uniqueText('Through long-polling');
  await sendFromComposer(a.page, text);
  await expect(bubble(b.page, text)).toBeVisible();
  // B has the chat open, so it is read over the socket, and A's tick turns to read live.
  await expect(bubble(a.page, text)).toHaveAttribute('data-state', 'read');
  await expect(b.page.getByTestId('chat-offline')).toBeHidden();
  expect(seen.restPolls).toBe(0);

  await a.context.close();
  await b.context.close();
});

/**
 * A middlebox that lets the WebSocket open and drops it before Engine.IO's handshake: no failed
 * handshake, so the first attempt ends at the connect timeout (20 s); after it the page starts
 * with long-polling and goes live, where retrying the WebSocket would never connect.
 */
test('after a WebSocket that opens and is dropped, the next attempt starts with long-polling', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const a = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.premium);
  const b = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.free);
  await b.page.routeWebSocket(/\/socket\.io\//, (ws) => ws.close());
  const { conversation } = await conversationWith(b, DEMO_ACCOUNTS.premium.name);
  const seen = watchTransports(b.page);

  await b.page.goto(`/chats/${conversation}`);
  await expect(b.page.getByTestId('chat-peer-name')).toContainText(DEMO_ACCOUNTS.premium.name);
  await expect.poll(() => seen.polling, { timeout: 40_000 }).toBeGreaterThanOrEqual(2);
  await expect(b.page.getByTestId('chat-offline')).toBeHidden({ timeout: 10_000 });

  await a.page.goto(`/chats/${conversation}`);
  const text = uniqueText('After the dropped WebSocket');
  const restPollsBefore = seen.restPolls;
  await sendFromComposer(a.page, text);
  await expect(bubble(b.page, text)).toBeVisible();
  await expect(bubble(a.page, text)).toHaveAttribute('data-state', 'read');
  // Live over the socket's long-polling, not through a REST polling round.
  expect(seen.restPolls).toBe(restPollsBefore);

  await a.context.close();
  await b.context.close();
});

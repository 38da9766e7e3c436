import { expect, test, type Browser, type Page } from '@playwright/test';
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
 * Sophie (B) opens her chat with James (A) on a network set up by `network`, her socket endpoint
 * watched from the start; James then writes to her from his own browser.
 */
async function chatPair(browser: Browser, baseURL: string, network: (page: Page) => Promise<void> = async () => {}) {
  const a = await memberContext(browser, baseURL, DEMO_ACCOUNTS.premium);
  const b = await memberContext(browser, baseURL, DEMO_ACCOUNTS.free);
  await network(b.page);
  const { conversation } = await conversationWith(b, DEMO_ACCOUNTS.premium.name);
  const seen = watchTransports(b.page);
  await b.page.goto(`/chats/${conversation}`);
  await expect(b.page.getByTestId('chat-peer-name')).toContainText(DEMO_ACCOUNTS.premium.name);
  /** A writes; B, with the chat open, gets it live and reads it, so A's tick turns to read; B's socket stays up. */
  const deliversLive = async (label: string) => {
    await a.page.goto(`/chats/${conversation}`);
    const text = uniqueText(label);
    await sendFromComposer(a.page, text);
    await expect(bubble(b.page, text)).toBeVisible();
    await expect(bubble(a.page, text)).toHaveAttribute('data-state', 'read');
    await expect(b.page.getByTestId('chat-offline')).toBeHidden();
  };
  const close = async () => {
    await a.context.close();
    await b.context.close();
  };
  return { b, seen, deliversLive, close };
}

/**
 * The client opens its socket as a WebSocket straight away: no Engine.IO long-polling requests
 * before it (each would load the session on the server), and messages arrive live.
 */
test('the chat socket connects over a WebSocket without polling first', async ({ browser, baseURL }) => {
  const { seen, deliversLive, close } = await chatPair(browser, baseURL!);
  await expect.poll(() => seen.websockets).toBeGreaterThanOrEqual(1);

  await deliversLive('Straight over a WebSocket');
  expect(seen.polling).toBe(0);
  expect(seen.restPolls).toBe(0);
  await close();
});

/**
 * Where WebSockets are refused, the socket falls back to Engine.IO long-polling and stays live:
 * messages arrive through it, and the REST polling meant for a lost socket never starts.
 */
test('where WebSockets are refused the chat socket falls back to long-polling and stays live', async ({ browser, baseURL }) => {
  const { seen, deliversLive, close } = await chatPair(browser, baseURL!, refuseSocketWebSockets);
  await expect.poll(() => seen.polling).toBeGreaterThanOrEqual(2);

  await deliversLive('Through long-polling');
  expect(seen.restPolls).toBe(0);
  await close();
});

/**
 * A middlebox that lets the WebSocket open and drops it before Engine.IO's handshake: no failed
 * handshake, so the first attempt ends at the connect timeout (20 s); after it the page starts
 * with long-polling and goes live, where retrying the WebSocket would never connect.
 */
test('after a WebSocket that opens and is dropped, the next attempt starts with long-polling', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const { b, seen, deliversLive, close } = await chatPair(browser, baseURL!, (page) => page.routeWebSocket(/\/socket\.io\//, (ws) => ws.close()));
  await expect.poll(() => seen.polling, { timeout: 40_000 }).toBeGreaterThanOrEqual(2);
  await expect(b.page.getByTestId('chat-offline')).toBeHidden({ timeout: 10_000 });

  const restPollsBefore = seen.restPolls;
  await deliversLive('After the dropped WebSocket');
  // Live over the socket's long-polling, not through a REST polling round.
  expect(seen.restPolls).toBe(restPollsBefore);
  await close();
});

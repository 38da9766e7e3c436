import { expect, test, type Page } from '@playwright/test';
import { newMember } from './chat-fixtures.js';

/**
 * A profile or a chat opened again shows the presence its new answer brings. What the socket said
 * at the first visit (kept in the presence map, and no longer kept up once the page was left) took
 * its place: with the socket down since, a member gone offline an hour ago stayed "Online".
 */
const REVISITS = [
  { page: 'profile', path: (id: number) => `/members/${id}`, shown: '[data-testid="profile-card"]' },
  { page: 'chat', path: (id: number) => `/members/${id}/chat`, shown: '.chat-header' },
];

for (const revisit of REVISITS) test(`a ${revisit.page} visited again shows the fresh presence, not the one heard at the first visit`, async ({ browser, baseURL }) => {
  const ann = await newMember(browser, baseURL!, 'Ann');
  const bob = await newMember(browser, baseURL!, 'Bob');
  // Bob wrote to Ann, and Ann deleted the chat: Bob is not in her list (whose rounds would bring
  // his state), but his presence is still hers to watch when she opens his profile.
  const hello = await bob.request.post('/api/messages.php', { data: { profile: ann.id, client_id: `bob${Date.now().toString(36)}`, body: 'Hello Ann' } });
  expect(hello.status()).toBe(201);
  expect((await ann.request.delete('/api/chat.php', { data: { profile: bob.id } })).status()).toBe(200);
  // Bob is online: his chats page keeps a socket.
  await bob.page.goto('/chats');
  await expect(bob.page.getByTestId('chat-page')).toHaveAttribute('data-connection', 'online', { timeout: 15_000 });

  // Ann's socket works at first; later it is cut (WebSocket and long-polling alike), and her page
  // goes on over REST polling.
  let socketDown = false;
  const sockets: Array<{ close: () => Promise<void> }> = [];
  await ann.page.routeWebSocket(/\/socket\.io\//, (ws) => {
    if (socketDown) return ws.close();
    sockets.push(ws);
    ws.connectToServer();
  });
  await ann.page.route(/\/socket\.io\//, (route) => (socketDown ? route.abort() : route.continue()));
  await ann.page.goto('/chats');
  await expect(ann.page.getByTestId('chat-page')).toHaveAttribute('data-connection', 'online', { timeout: 15_000 });

  // First visit, within the page (no reload keeps what the page heard): Bob is online.
  await navigateWithinPage(ann.page, revisit.path(bob.id));
  const card = ann.page.locator(revisit.shown);
  await expect(card.locator('.chat-presence-online')).toBeVisible({ timeout: 15_000 });

  await ann.page.goBack();
  await expect(ann.page.getByTestId('chat-page')).toBeVisible();
  socketDown = true;
  await Promise.all(sockets.map((ws) => ws.close()));
  await expect(ann.page.getByTestId('chat-page')).toHaveAttribute('data-connection', 'polling', { timeout: 30_000 });

  // Bob leaves; the server's answer about him says so.
  await bob.context.close();
  await expect.poll(async () => ((await (await ann.request.get(`/api/profile.php?id=${bob.id}`)).json()) as { profile: { online: boolean } }).profile.online, { timeout: 20_000 }).toBe(false);

  // The revisit shows that answer.
  await ann.page.goForward();
  await expect(card).toBeVisible();
  await expect(card.locator('.chat-presence-online')).toBeHidden();
  await expect(card.locator('.chat-presence')).toContainText('Last seen');
  await ann.context.close();
});

/** A client-side navigation (react-router listens to popstate), as a link inside the app makes. */
async function navigateWithinPage(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * What a member sees when a send is refused, and how the notices above the message box follow the
 * refusal's cause. On a server of its own: it blocks the demo pair, which other specs chat as.
 */
import { expect, type Page } from '@playwright/test';
import type { ChatsResponse } from '../shared/src/api/chats.js';
import { bubble, conversationWith, DEMO_ACCOUNTS, memberContext, sendFromComposer, uniqueText, type Member } from './chat-fixtures.js';
import { testOnSeededServer } from './seeded-server.js';
import { uniqueEmail } from './shell-helpers.js';

const test = testOnSeededServer();

/** Sends go nowhere (the browser offline, every socket refused) until the returned function is called. */
async function tunnel(member: Member): Promise<() => Promise<void>> {
  let inTunnel = true;
  await member.page.routeWebSocket(/\/socket\.io\//, (ws) => (inTunnel ? ws.close() : ws.connectToServer()));
  await member.context.setOffline(true);
  await expect(member.page.getByTestId('chat-page')).toHaveAttribute('data-connection', 'offline', { timeout: 30_000 });
  return async () => {
    inTunnel = false;
    await member.context.setOffline(false);
  };
}

/** The profile id of the member called `name` in `member`'s chat list. */
async function peerId(member: Member, name: string): Promise<number> {
  const body = (await (await member.request.get('/api/chats.php')).json()) as ChatsResponse;
  return body.chats.find((c) => c.profile.name === name)!.profile.id;
}

const notices = (page: Page) => page.locator('.chat-notices');

test('a message refused for a block no longer says "You cannot contact this member" once the block is lifted', async ({ browser, baseURL }) => {
  const james = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.premium);
  const sophie = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.free);
  const jamesId = await peerId(sophie, DEMO_ACCOUNTS.premium.name);
  const { conversation } = await conversationWith(james, DEMO_ACCOUNTS.free.name);
  await james.page.goto(`/chats/${conversation}`);
  const input = james.page.getByTestId('chat-input');
  await expect(input).toBeEnabled();

  // Written in a tunnel; meanwhile Sophie blocks him. Back on the network, the catch-up says so
  // and the message, sent again, is refused.
  const out = await tunnel(james);
  const text = uniqueText('Dinner on Friday?');
  await sendFromComposer(james.page, text);
  await expect(bubble(james.page, text)).toHaveAttribute('data-state', 'pending');
  expect((await sophie.request.post('/api/block.php', { data: { profile: jamesId } })).status()).toBe(200);
  await out();
  await expect(bubble(james.page, text)).toHaveAttribute('data-state', 'failed', { timeout: 30_000 });
  await expect(james.page.getByTestId('notice-blocked')).toBeVisible();
  await expect(input).toBeDisabled();

  // Sophie unblocks him: he may write again, and nothing above the box says otherwise.
  expect((await sophie.request.delete('/api/block.php', { data: { profile: jamesId } })).status()).toBe(200);
  await expect(input).toBeEnabled({ timeout: 15_000 });
  await expect(notices(james.page)).not.toContainText('You cannot contact this member');
  // The refused message waits for his Retry (or Remove).
  await expect(bubble(james.page, text).getByRole('button', { name: 'Retry' })).toBeVisible();
  // So it stays after a reload, which brings the refused message back from the outbox.
  await james.page.reload();
  await expect(input).toBeEnabled();
  await expect(bubble(james.page, text)).toHaveAttribute('data-state', 'failed');
  await expect(notices(james.page)).not.toContainText('You cannot contact this member');
  await bubble(james.page, text).getByRole('button', { name: 'Retry' }).click();
  await expect(bubble(james.page, text)).toHaveAttribute('data-state', /sent|read/);
  await james.context.close();
  await sophie.context.close();
});

test('a refused message removed in one tab leaves the member’s other tab, and does not come back', async ({ browser, baseURL }) => {
  const james = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.premium);
  const { conversation } = await conversationWith(james, DEMO_ACCOUNTS.free.name);
  // The first tab sends over REST, where this test answers as a server with no credits left.
  await james.page.route('**/socket.io/**', (route) => route.abort());
  await james.page.routeWebSocket(/\/socket\.io\//, (ws) => ws.close());
  await james.page.route('**/api/messages.php', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 402, json: { error: 'insufficient_credits', message: 'You do not have enough credits', credits: 0, needed: 1 } })
      : route.fallback(),
  );
  await james.page.goto(`/chats/${conversation}`);
  const text = uniqueText('Are you free tonight?');
  await sendFromComposer(james.page, text);
  await expect(bubble(james.page, text)).toHaveAttribute('data-state', 'failed');

  // A second tab opened now shows it too (the outbox), with Retry and Remove.
  const other = await james.context.newPage();
  await other.goto(`/chats/${conversation}`);
  await expect(bubble(other, text)).toHaveAttribute('data-state', 'failed');

  // Removed in the first tab: gone from both.
  await bubble(james.page, text).getByRole('button', { name: 'Remove' }).click();
  await expect(bubble(james.page, text)).toHaveCount(0);
  await expect(bubble(other, text)).toHaveCount(0);
  // The second tab goes on writing (it saves its unsent messages as it does), and a reload does
  // not bring the removed message back.
  const next = uniqueText('Or tomorrow?');
  await sendFromComposer(other, next);
  await expect(bubble(other, next)).toHaveAttribute('data-state', /sent|read/);
  await other.reload();
  await expect(bubble(other, next)).toBeVisible();
  await expect(bubble(other, text)).toHaveCount(0);
  await james.context.close();
});

test('a chat closed because the peer has not confirmed their e-mail opens once they do', async ({ browser, baseURL, playwright }) => {
  const sophie = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.free);
  const sophieId = ((await (await sophie.request.get('/api/user.php')).json()) as { user: { id: number } }).user.id;
  // A new member writes to her before confirming the address (which is allowed): she cannot reply yet.
  const noah = await playwright.request.newContext({ baseURL });
  const email = uniqueEmail('noah');
  const signup = await noah.post('/api/signup.php', { data: { email, name: 'Noah', password: 'noah-password-1', date_of_birth: '1992-03-03', gender: 'male', seeking: 'female', country: 'GB' } });
  expect(signup.status()).toBe(201);
  const sent = await noah.post('/api/messages.php', { data: { profile: sophieId, client_id: `noah${Date.now()}`, kind: 'text', body: 'Hi Sophie, I am Noah' } });
  expect(sent.status()).toBe(201);
  const { conversation } = ((await sent.json()) as { message: { conversation: number } }).message;
  await sophie.page.goto(`/chats/${conversation}`);
  await expect(sophie.page.getByTestId('notice-unconfirmed')).toContainText('Noah');
  await expect(sophie.page.getByTestId('chat-input')).toBeDisabled();
  // Live, past the page's first rounds: nothing she does reloads the list meanwhile.
  await expect(sophie.page.getByTestId('chat-page')).toHaveAttribute('data-connection', 'online');
  await sophie.page.waitForTimeout(6_000);

  // Noah follows his activation mail's link: her chat opens, with no notice left, while she looks.
  const mails = await (await noah.get('/dev/outbox')).text();
  const link = mails.split('<article').find((part) => part.includes(email))?.match(/href="([^"]*activate\.php\?token=[^"]+)"/)?.[1];
  expect((await noah.get(link!.replace(/&amp;/g, '&'))).ok()).toBe(true);
  await expect(sophie.page.getByTestId('notice-unconfirmed')).toHaveCount(0, { timeout: 15_000 });
  await expect(sophie.page.getByTestId('chat-input')).toBeEnabled();
  await noah.dispose();
  await sophie.context.close();
});

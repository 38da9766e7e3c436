import { expect, test } from '@playwright/test';
import type { ChatsResponse } from '../shared/src/api/chats.js';
import { bubble, DEMO_ACCOUNTS, memberContext, sendFromComposer, uniqueText } from './chat-fixtures.js';

test('a free member who started her 2 conversations is told before she writes in a third', async ({ browser, baseURL }) => {
  const sophie = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.free);
  const chats = (await (await sophie.request.get('/api/chats.php')).json()) as ChatsResponse;
  const known = new Set(chats.chats.map((c) => c.profile.id));
  const strangers = [...Array(60).keys()].map((i) => i + 41).filter((id) => !known.has(id));

  // Free members may start 2 conversations (other specs may have started some already): start
  // new ones until a new chat opens with the premium notice instead of an open message box.
  let atLimit = false;
  for (const stranger of strangers.slice(0, 3)) {
    await sophie.page.goto(`/members/${stranger}/chat`);
    await expect(sophie.page.getByTestId('chat-thread')).toBeVisible();
    if ((await sophie.page.getByTestId('notice-premium').count()) > 0) {
      atLimit = true;
      break;
    }
    const text = uniqueText('Hello stranger');
    await sendFromComposer(sophie.page, text);
    await expect(bubble(sophie.page, text)).toHaveAttribute('data-state', 'sent');
    // A started conversation joins the list at once.
    await expect(sophie.page.getByTestId('chat-list-item').filter({ hasText: (await sophie.page.getByTestId('chat-peer-name').textContent())!.split(',')[0]! })).toBeVisible();
  }
  expect(atLimit).toBe(true);
  const alert = sophie.page.getByTestId('notice-premium');
  await expect(alert).toContainText('Premium');
  await expect(alert.getByRole('link')).toHaveAttribute('href', '/premium');
  // Nothing to write in and nothing inviting her to: the notice says why.
  await expect(sophie.page.getByTestId('chat-input')).toBeDisabled();
  await expect(sophie.page.getByTestId('open-icebreakers')).toHaveCount(0);
  await expect(sophie.page.locator('.chat-empty-thread')).toHaveCount(0);
  await sophie.page.setViewportSize({ width: 390, height: 844 });
  await expect(alert).toBeVisible();
  await sophie.page.screenshot({ path: 'screenshots/chat-phone-premium-required-en.png' });
  await sophie.context.close();
});

test('running out of credits shows the buy button and keeps the message for a retry', async ({ browser, baseURL }) => {
  const james = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.premium);
  // The desktop size of the other screenshots (chat-screens.spec.ts): the notice beside the list.
  await james.page.setViewportSize({ width: 1440, height: 900 });
  // No socket, so the send goes over REST, where this test answers as a server with no credits left.
  await james.page.route('**/socket.io/**', (route) => route.abort());
  await james.page.routeWebSocket(/\/socket\.io\//, (ws) => ws.close());
  // As the server answers: the balance with its version, one past the newest this member has.
  // Read when the send arrives: other specs running meanwhile send as this member too, and a
  // balance the page loaded after an earlier read would be newer than the refusal.
  const newestVersion = async () => ((await (await james.request.get('/api/user.php')).json()) as { user: { credits_version: number } }).user.credits_version;
  let attempts = 0;
  const clientIds: string[] = [];
  await james.page.route('**/api/messages.php', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    attempts++;
    clientIds.push((route.request().postDataJSON() as { client_id: string }).client_id);
    const credits_version = (await newestVersion()) + 1;
    await route.fulfill({ status: 402, contentType: 'application/json', body: JSON.stringify({ error: 'insufficient_credits', message: 'You do not have enough credits', credits: 0, credits_version, needed: 1 }) });
  });
  const chats = (await (await james.request.get('/api/chats.php')).json()) as ChatsResponse;
  const withSophie = chats.chats.find((c) => c.profile.name === DEMO_ACCOUNTS.free.name)!;
  await james.page.goto(`/chats/${withSophie.conversation}`);
  const text = uniqueText('Will this go through?');
  await sendFromComposer(james.page, text);

  const notice = james.page.getByTestId('notice-credits');
  await expect(notice).toContainText('You do not have enough credits');
  await expect(notice.getByRole('link')).toHaveAttribute('href', '/credits');
  await expect(bubble(james.page, text)).toHaveAttribute('data-state', 'failed');
  // The refusal carries the balance: the composer stops promising credits the member does not have.
  // (a whole number: "500 credits left" contains "0 credits left")
  await expect(james.page.locator('.chat-composer-cost')).toContainText(/(^|\D)0 credits left/);
  // Now that the balance is known to be short, a new text is kept in the box, not sent to be refused.
  const next = uniqueText('And this one?');
  await james.page.getByTestId('chat-input').fill(next);
  await james.page.getByTestId('chat-input').press('Enter');
  await expect(james.page.getByTestId('chat-send')).toBeDisabled();
  await expect(james.page.getByTestId('chat-input')).toHaveValue(next);
  await expect(bubble(james.page, next)).toHaveCount(0);
  expect(attempts).toBe(1);
  // Gifts the balance does not cover cannot be picked.
  await james.page.getByRole('button', { name: 'Send a gift' }).click();
  await expect(james.page.getByTestId('gift-rose')).toBeDisabled();
  await expect(james.page.getByTestId('gift-credits').getByRole('link', { name: 'Buy credits' })).toHaveAttribute('href', '/credits');
  await james.page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await james.page.screenshot({ path: 'screenshots/chat-desktop-gifts-no-credits-en.png' });
  await james.page.keyboard.press('Escape');

  // Retry sends the same client id again (the server stores a message at most once).
  await bubble(james.page, text).getByRole('button', { name: 'Retry' }).click();
  await expect.poll(() => attempts).toBe(2);
  expect(new Set(clientIds).size).toBe(1);
  await james.page.screenshot({ path: 'screenshots/chat-desktop-no-credits-en.png' });
  // A request still in the route handler when the context closes: its answer is thrown away, and
  // fulfilling it then fails the test after every assertion passed (as in chat-flaky.spec.ts).
  await james.page.unrouteAll({ behavior: 'ignoreErrors' });
  await james.context.close();
});

// "1 credit left" fitted beside the cost on a phone and "18 credits left" did not: the composer
// grew and shrank by a line as credits were spent.
test('on a phone the balance keeps a line of its own below the cost, whatever its length', async ({ browser, baseURL }) => {
  const james = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.premium);
  await james.page.setViewportSize({ width: 390, height: 844 });
  // The shortest balance there is, and a version no later frame of the server's outranks.
  await james.page.route('**/api/user.php', async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    const body = (await response.json()) as { user: { credits: number; credits_version: number } };
    await route.fulfill({ response, json: { ...body, user: { ...body.user, credits: 1, credits_version: 1e12 } } });
  });
  const chats = (await (await james.request.get('/api/chats.php')).json()) as ChatsResponse;
  const withSophie = chats.chats.find((c) => c.profile.name === DEMO_ACCOUNTS.free.name)!;
  await james.page.goto(`/chats/${withSophie.conversation}`);
  const balance = james.page.locator('.chat-composer-balance');
  await expect(balance).toHaveText('1 credit left');
  const cost = await james.page.locator('.chat-composer-cost > span').first().boundingBox();
  const own = await balance.boundingBox();
  expect(own!.y).toBeGreaterThanOrEqual(cost!.y + cost!.height - 1);
  // A request still in the route handler when the context closes: its answer is thrown away, and
  // fulfilling it then fails the test after every assertion passed (as in chat-flaky.spec.ts).
  await james.page.unrouteAll({ behavior: 'ignoreErrors' });
  await james.context.close();
});

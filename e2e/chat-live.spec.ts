import { expect } from '@playwright/test';
import { bubble, conversationWith, countsOf, DEMO_ACCOUNTS, memberContext, messagesBadge, sendFromComposer, titleCount, uniqueText } from './chat-fixtures.js';
import { testOnSeededServer } from './seeded-server.js';

// The other specs read and write in the same pair's chats: a server of its own keeps the counts exact.
const test = testOnSeededServer();

/**
 * Two members in two browsers: A (Sophie) writes, B (James) sees it live with no reload; B's
 * Messages badge and page title count up, then down when B reads; A sees the read tick; a reload
 * keeps the history.
 */
test('two members chat live: delivery, badges, title, read ticks, history', async ({ browser, baseURL }) => {
  const a = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.free);
  const b = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.premium);
  const { conversation } = await conversationWith(a, DEMO_ACCOUNTS.premium.name);

  // B waits on the members screen: the top navigation with its Messages badge.
  await b.page.goto('/members');
  await expect(b.page.locator('.member-nav')).toBeVisible();
  const before = await countsOf(b);
  await expect.poll(() => titleCount(b.page)).toBe(before.badge);

  // A opens the conversation and writes.
  await a.page.goto(`/chats/${conversation}`);
  await expect(a.page.getByTestId('chat-peer-name')).toContainText(DEMO_ACCOUNTS.premium.name);
  const text = uniqueText('Hello James, live from Sophie');
  await sendFromComposer(a.page, text);
  await expect(bubble(a.page, text)).toHaveAttribute('data-state', /sent|read/);

  // B: badge and title count up without a reload, and match the server.
  await expect.poll(() => messagesBadge(b.page)).toBeGreaterThanOrEqual(before.total_unread + 1);
  await expect.poll(() => titleCount(b.page)).toBeGreaterThanOrEqual(before.badge + 1);
  const peak = await countsOf(b);
  await expect.poll(() => titleCount(b.page)).toBe((await countsOf(b)).badge);

  // B opens Messages from the navigation (client-side, no reload) and then the chat with A.
  await b.page.locator('a.member-nav-link[href="/chats"]').click();
  await b.page.getByTestId('chat-list-item').filter({ hasText: DEMO_ACCOUNTS.free.name }).getByRole('link').click();
  await expect(bubble(b.page, text)).toBeVisible();
  // It opens where the unread messages begin, under a divider that stays while the chat is open.
  const divider = b.page.getByTestId('chat-unread-divider');
  await expect(divider).toBeVisible();
  const above = await divider.evaluate((d, t) => {
    const rows = [...document.querySelectorAll('[data-testid=chat-message]')];
    const first = rows.find((r) => r.textContent?.includes(t));
    return first ? d.getBoundingClientRect().bottom <= first.getBoundingClientRect().top + 1 : false;
  }, text);
  expect(above).toBe(true);
  await b.page.screenshot({ path: 'screenshots/chat-desktop-unread-divider-en.png' });

  // Reading it brings B's counts (title) down, and A sees the read tick live.
  await expect.poll(async () => (await countsOf(b)).total_unread).toBeLessThan(peak.total_unread);
  await expect.poll(() => titleCount(b.page)).toBeLessThan(peak.badge);
  await expect(bubble(a.page, text)).toHaveAttribute('data-state', 'read');

  // B sees A online, and sees A typing.
  await expect(b.page.locator('.chat-header .chat-presence-online')).toBeVisible();
  await a.page.getByTestId('chat-input').fill('Let me think');
  await expect(b.page.locator('.chat-header .chat-presence-typing')).toBeVisible();
  await expect(b.page.locator('.chat-typing')).toBeVisible();
  await a.page.getByTestId('chat-input').fill('');
  await expect(b.page.locator('.chat-header .chat-presence-typing')).toBeHidden({ timeout: 10_000 });

  // B answers; A gets it live.
  const reply = uniqueText('Hi Sophie, got it');
  await sendFromComposer(b.page, reply);
  await expect(bubble(a.page, reply)).toBeVisible();

  // A reads further up (a short window, so the history scrolls): B's next message does not pull
  // the view down; a button counts it, and takes A to it.
  await a.page.setViewportSize({ width: 1280, height: 420 });
  await a.page.getByTestId('chat-scroll').evaluate((el) => (el.scrollTop = 0));
  await expect(a.page.getByTestId('chat-jump')).toBeVisible();
  const whileAway = uniqueText('Are you still there?');
  await sendFromComposer(b.page, whileAway);
  await expect(a.page.getByTestId('chat-jump')).toHaveText(/1 new message/);
  await expect(bubble(a.page, whileAway)).not.toBeInViewport();
  await a.page.screenshot({ path: 'screenshots/chat-desktop-new-messages-en.png' });
  await a.page.getByTestId('chat-jump').click();
  await expect(bubble(a.page, whileAway)).toBeInViewport();
  await expect(a.page.getByTestId('chat-jump')).toHaveCount(0);
  await a.page.setViewportSize({ width: 1280, height: 720 });

  // A reload keeps the history, in order.
  await a.page.reload();
  await expect(bubble(a.page, text)).toBeVisible();
  await expect(bubble(a.page, reply)).toBeVisible();
  const order = await a.page.getByTestId('chat-message').allTextContents();
  expect(order.findIndex((t) => t.includes(text))).toBeLessThan(order.findIndex((t) => t.includes(reply)));

  // Back on the members screen B's Messages badge shows the server's count again.
  await b.page.goto('/members');
  await expect.poll(() => messagesBadge(b.page)).toBe((await countsOf(b)).total_unread);

  await a.context.close();
  await b.context.close();
});

/**
 * One member, the same chat open in two tabs: what one tab sends appears in the other at once,
 * with the balance after paying for it, and neither tab shows the message twice.
 */
test('a message sent in one tab shows in the member’s other tab with the new balance', async ({ browser, baseURL }) => {
  const a = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.premium);
  const { conversation } = await conversationWith(a, DEMO_ACCOUNTS.free.name);
  const first = a.page;
  const second = await a.context.newPage();
  for (const tab of [first, second]) {
    await tab.goto(`/chats/${conversation}`);
    await expect(tab.getByTestId('chat-input')).toBeEnabled();
  }
  const balance = async () => ((await (await a.request.get('/api/user.php')).json()) as { user: { credits: number } }).user.credits;
  const before = await balance();
  await expect(second.locator('.chat-composer-cost')).toContainText(`${before} credits left`);

  const text = uniqueText('Sent from the first tab');
  await sendFromComposer(first, text);
  await expect(bubble(first, text)).toHaveAttribute('data-state', /sent|read/);
  const after = await balance();
  expect(after).toBeLessThan(before);

  // The second tab learns of it from the socket alone: no reload, no poll (polling waits 60 s).
  await expect(bubble(second, text)).toBeVisible();
  await expect(bubble(second, text)).toHaveCount(1);
  await expect(second.locator('.chat-composer-cost')).toContainText(`${after} credits left`);
  await expect(bubble(first, text)).toHaveCount(1);

  await a.context.close();
});

/**
 * A message into the chat a member has open on screen is read as it arrives: the page title's
 * count (and so the app badge) must not go up and back down with every such message.
 */
test('messages into the chat open on screen never raise the page title’s count, not even for a moment', async ({ browser, baseURL }) => {
  const a = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.free);
  const b = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.premium);
  const fromA = await conversationWith(a, DEMO_ACCOUNTS.premium.name);
  const fromB = await conversationWith(b, DEMO_ACCOUNTS.free.name);
  await a.page.goto(`/chats/${fromA.conversation}`);
  await b.page.goto(`/chats/${fromB.conversation}`);
  await expect(a.page.getByTestId('chat-page')).toHaveAttribute('data-connection', 'online');
  await expect(b.page.getByTestId('chat-page')).toHaveAttribute('data-connection', 'online');
  // Settled: the chat's own unread messages were read at the opening.
  await expect.poll(async () => (await conversationWith(a, DEMO_ACCOUNTS.premium.name)).unread).toBe(0);
  await expect.poll(async () => titleCount(a.page)).toBe((await countsOf(a)).badge);
  const settled = await titleCount(a.page);
  // Every title the page shows from now on.
  await a.page.evaluate(() => {
    const titles = ((window as unknown as { titles: string[] }).titles = [] as string[]);
    new MutationObserver(() => titles.push(document.title)).observe(document.querySelector('title')!, { subtree: true, childList: true, characterData: true });
  });
  const texts = [uniqueText('One'), uniqueText('Two'), uniqueText('Three')];
  for (const text of texts) {
    await sendFromComposer(b.page, text);
    await expect(bubble(a.page, text)).toBeVisible();
  }
  await expect(bubble(b.page, texts[2]!)).toHaveAttribute('data-state', 'read');
  await a.page.waitForTimeout(500);
  const titles = await a.page.evaluate(() => (window as unknown as { titles: string[] }).titles);
  const counts = titles.map((t) => Number(/^\((\d+)\)/.exec(t)?.[1] ?? 0));
  expect(Math.max(settled, ...counts), `the titles shown: ${JSON.stringify(titles)}`).toBe(settled);
  await a.context.close();
  await b.context.close();
});

/**
 * A member who leaves an open chat for another tab (or locks the phone) and comes back: the
 * peer's messages that came meanwhile were not read (a hidden page has no chat open), and on the
 * return "Unread messages" stands above the first of them, as it does above the ones there when
 * a chat is opened. Before, the divider was placed once, at the opening, and what had come while
 * away ran on below the last message seen, with nothing to say where the news began.
 */
import { expect, type Browser, type Page } from '@playwright/test';
import { bubble, conversationWith, DEMO_ACCOUNTS, memberContext, uniqueText, type Member } from './chat-fixtures.js';
import { testOnSeededServer } from './seeded-server.js';

// Counts the demo pair's unread messages exactly: a server of its own.
const test = testOnSeededServer();

const DESKTOP = { width: 1280, height: 720 };
const PHONE = { width: 390, height: 844 };

/**
 * The page hidden or shown as the browser says it. Headless Chromium reports every page visible
 * whatever is in front: another page of the context brought to the front, its window minimised
 * over CDP (Browser.setWindowBounds) and a freeze (Page.setWebLifecycleState) all left
 * document.visibilityState at 'visible' with no visibilitychange. So the page is told directly,
 * as a real hide tells it: the state changes, then the event comes.
 */
async function setPageHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((isHidden) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (isHidden ? 'hidden' : 'visible') });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => isHidden });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

async function sendOverRest(from: Member, to: string, body: string): Promise<void> {
  const chats = (await (await from.request.get('/api/chats.php')).json()) as { chats: Array<{ profile: { id: number; name: string } }> };
  const profile = chats.chats.find((c) => c.profile.name === to)!.profile.id;
  const response = await from.request.post('/api/messages.php', { data: { profile, client_id: `ur${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`, body } });
  expect(response.status(), await response.text()).toBe(201);
}

/** Sophie and James logged in, each in a context of their own; Sophie's page sized `viewport`. */
async function bothLoggedIn(browser: Browser, baseURL: string, viewport: { width: number; height: number }) {
  const sophie = await memberContext(browser, baseURL, DEMO_ACCOUNTS.free);
  const jamesMember = await memberContext(browser, baseURL, DEMO_ACCOUNTS.premium);
  await sophie.page.setViewportSize(viewport);
  return { sophie, jamesMember, page: sophie.page };
}

async function closeAll(...members: Member[]): Promise<void> {
  for (const member of members) await member.context.close();
}

/** Sophie in the chat with James, everything in it read: opened again, it has no divider. */
async function sophieWithNothingUnread(sophie: Member): Promise<{ conversation: number; james: number }> {
  const { conversation } = await conversationWith(sophie, DEMO_ACCOUNTS.premium.name);
  await sophie.page.goto(`/chats/${conversation}`);
  await expect(sophie.page.getByTestId('chat-input')).toBeEnabled();
  await expect.poll(async () => (await conversationWith(sophie, DEMO_ACCOUNTS.premium.name)).unread).toBe(0);
  await sophie.page.reload();
  await expect(sophie.page.getByTestId('chat-message').first()).toBeVisible();
  await expect(sophie.page.getByTestId('chat-page')).toHaveAttribute('data-connection', 'online');
  await expect(sophie.page.getByTestId('chat-unread-divider')).toHaveCount(0);
  const james = Number(await sophie.page.getByTestId('chat-thread').getAttribute('data-profile'));
  return { conversation, james };
}

/** The text of the row right below the divider, and how many dividers the list shows. */
const besideDivider = (page: Page) =>
  page.getByTestId('chat-unread-divider').evaluate((divider) => {
    const rows = [...document.querySelectorAll<HTMLElement>('.chat-row')].sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top);
    const at = rows.findIndex((r) => r.contains(divider));
    return { below: rows[at + 1]?.textContent ?? null, count: document.querySelectorAll('[data-testid=chat-unread-divider]').length };
  }, undefined, { timeout: 7_000 });

test('messages that came while the page was hidden are under "Unread messages" on the return, and are read then', async ({ browser, baseURL }) => {
  const { sophie, jamesMember, page } = await bothLoggedIn(browser, baseURL!, DESKTOP);
  const { james } = await sophieWithNothingUnread(sophie);
  const listBadge = page.locator(`[data-testid=chat-list-item][data-profile="${james}"] .chat-unread-badge`);

  await setPageHidden(page, true);
  const texts = [uniqueText('While you were away 1'), uniqueText('While you were away 2'), uniqueText('While you were away 3')];
  for (const text of texts) await sendOverRest(jamesMember, DEMO_ACCOUNTS.free.name, text);
  // Drawn, not read: the hidden page has no chat open, so the list counts them.
  for (const text of texts) await expect(bubble(page, text)).toHaveCount(1);
  await expect(listBadge).toHaveText('3');
  expect((await conversationWith(sophie, DEMO_ACCOUNTS.premium.name)).unread).toBe(3);

  await setPageHidden(page, false);
  const divider = page.getByTestId('chat-unread-divider');
  await expect(divider).toBeVisible();
  await expect(divider).toBeInViewport();
  expect(await besideDivider(page)).toEqual({ below: expect.stringContaining(texts[0]!), count: 1 });
  // Read on the return: the list's badge goes, and the server counts none.
  await expect(listBadge).toHaveCount(0);
  await expect.poll(async () => (await conversationWith(sophie, DEMO_ACCOUNTS.premium.name)).unread).toBe(0);
  // The region that says arrivals to a screen reader still holds each of them once.
  const said = page.getByTestId('chat-arrivals-said').locator('p');
  for (const text of texts) await expect(said.filter({ hasText: text })).toHaveCount(1);
  await page.screenshot({ path: 'screenshots/chat-desktop-unread-after-return-en.png' });
  await closeAll(sophie, jamesMember);
});

test('the divider of the opening stays over a hide that brought nothing, and moves to what a later one brought', async ({ browser, baseURL }) => {
  const { sophie, jamesMember, page } = await bothLoggedIn(browser, baseURL!, DESKTOP);
  const { conversation } = await sophieWithNothingUnread(sophie);

  // One unread as she opens the chat (written while she is elsewhere): the divider of the opening stands above it.
  await page.goto('/members');
  await expect(page.locator('.member-nav')).toBeVisible();
  const before = uniqueText('Unread at the opening');
  await sendOverRest(jamesMember, DEMO_ACCOUNTS.free.name, before);
  await page.goto(`/chats/${conversation}`);
  await expect(bubble(page, before)).toBeVisible();
  const divider = page.getByTestId('chat-unread-divider');
  await expect(divider).toBeVisible();
  expect(await besideDivider(page)).toEqual({ below: expect.stringContaining(before), count: 1 });
  await expect.poll(async () => (await conversationWith(sophie, DEMO_ACCOUNTS.premium.name)).unread).toBe(0);

  // Hidden and back with nothing new: the divider stays where it was.
  await setPageHidden(page, true);
  await page.waitForTimeout(300);
  await setPageHidden(page, false);
  await page.waitForTimeout(300);
  expect(await besideDivider(page)).toEqual({ below: expect.stringContaining(before), count: 1 });
  // Nor does a message that comes while she looks, once the return is past (2 s are left for a
  // device clock behind the server's: cameWhileAway): she sees it arrive.
  await page.waitForTimeout(2_500);
  const live = uniqueText('Live, after the return');
  await sendOverRest(jamesMember, DEMO_ACCOUNTS.free.name, live);
  await expect(bubble(page, live)).toBeVisible();
  expect(await besideDivider(page)).toEqual({ below: expect.stringContaining(before), count: 1 });

  // Hidden again while James writes twice: one divider, above the first of the two.
  await setPageHidden(page, true);
  const texts = [uniqueText('Later, while away 1'), uniqueText('Later, while away 2')];
  for (const text of texts) await sendOverRest(jamesMember, DEMO_ACCOUNTS.free.name, text);
  for (const text of texts) await expect(bubble(page, text)).toHaveCount(1);
  await setPageHidden(page, false);
  await expect.poll(() => besideDivider(page)).toEqual({ below: expect.stringContaining(texts[0]!), count: 1 });
  await expect.poll(async () => (await conversationWith(sophie, DEMO_ACCOUNTS.premium.name)).unread).toBe(0);
  await closeAll(sophie, jamesMember);
});

test('on a phone, more came while away than fits on screen: the return shows the divider near the top, not the newest message', async ({ browser, baseURL }) => {
  const { sophie, jamesMember, page } = await bothLoggedIn(browser, baseURL!, PHONE);
  await sophieWithNothingUnread(sophie);

  await setPageHidden(page, true);
  const long = 'A longer message, so that a few of them fill the screen of a phone from top to bottom and more. ';
  const texts = Array.from({ length: 10 }, (_, i) => uniqueText(`${long.repeat(2)}Away ${i + 1}`));
  for (const text of texts) await sendOverRest(jamesMember, DEMO_ACCOUNTS.free.name, text);
  await expect(bubble(page, texts.at(-1)!)).toHaveCount(1);

  await setPageHidden(page, false);
  const divider = page.getByTestId('chat-unread-divider');
  await expect(divider).toBeInViewport();
  const fromTop = await divider.evaluate((d) => d.getBoundingClientRect().top - document.querySelector('[data-testid=chat-scroll]')!.getBoundingClientRect().top);
  expect(fromTop).toBeGreaterThanOrEqual(0);
  expect(fromTop).toBeLessThan(100);
  expect(await besideDivider(page)).toEqual({ below: expect.stringContaining(texts[0]!), count: 1 });
  await expect(bubble(page, texts.at(-1)!)).not.toBeInViewport();
  await expect(page.getByTestId('chat-jump')).toBeVisible();
  await expect.poll(async () => (await conversationWith(sophie, DEMO_ACCOUNTS.premium.name)).unread).toBe(0);
  await page.screenshot({ path: 'screenshots/chat-phone-unread-after-return-en.png' });
  await closeAll(sophie, jamesMember);
});

test('a member reading further up as the page was hidden stays there on the return; the jump button counts what came', async ({ browser, baseURL }) => {
  // A short window and a few more messages, so the history scrolls.
  const { sophie, jamesMember, page } = await bothLoggedIn(browser, baseURL!, { width: 1280, height: 420 });
  for (let i = 1; i <= 6; i++) await sendOverRest(jamesMember, DEMO_ACCOUNTS.free.name, uniqueText(`Earlier ${i}`));
  await sophieWithNothingUnread(sophie);
  const scroll = page.getByTestId('chat-scroll');
  await scroll.evaluate((el) => (el.scrollTop = 0));
  await expect(page.getByTestId('chat-jump')).toBeVisible();

  await setPageHidden(page, true);
  const texts = [uniqueText('Up there 1'), uniqueText('Up there 2')];
  for (const text of texts) await sendOverRest(jamesMember, DEMO_ACCOUNTS.free.name, text);
  await expect(page.getByTestId('chat-jump')).toHaveText(/2 new messages/);
  const top = await scroll.evaluate((el) => el.scrollTop);
  await setPageHidden(page, false);
  await expect.poll(async () => (await conversationWith(sophie, DEMO_ACCOUNTS.premium.name)).unread).toBe(0);
  await page.waitForTimeout(300);
  expect(await scroll.evaluate((el) => el.scrollTop)).toBe(top);
  await expect(page.getByTestId('chat-jump')).toHaveText(/2 new messages/);
  for (const text of texts) await expect(bubble(page, text)).not.toBeInViewport();
  await page.getByTestId('chat-jump').click();
  await expect(bubble(page, texts[1]!)).toBeInViewport();
  // Only the rows near the screen are drawn: the divider is there once the list is down by the news.
  expect(await besideDivider(page)).toEqual({ below: expect.stringContaining(texts[0]!), count: 1 });
  await closeAll(sophie, jamesMember);
});

test('a phone whose connection died with the screen locked: what the catch-up brings on the return is under the divider', async ({ browser, baseURL }) => {
  const { sophie, jamesMember, page } = await bothLoggedIn(browser, baseURL!, PHONE);
  await sophieWithNothingUnread(sophie);

  // Locked, and the network gone with it: nothing of what James writes reaches the page.
  await setPageHidden(page, true);
  await sophie.context.setOffline(true);
  await expect(page.getByTestId('chat-page')).toHaveAttribute('data-connection', 'offline');
  const texts = [uniqueText('Written while your phone slept 1'), uniqueText('Written while your phone slept 2')];
  for (const text of texts) await sendOverRest(jamesMember, DEMO_ACCOUNTS.free.name, text);
  await expect(bubble(page, texts[0]!)).toHaveCount(0);

  // Unlocked, and the network back a moment later: the catch-up brings both, under the divider.
  await setPageHidden(page, false);
  await sophie.context.setOffline(false);
  await expect(bubble(page, texts[1]!)).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => besideDivider(page)).toEqual({ below: expect.stringContaining(texts[0]!), count: 1 });
  await expect.poll(async () => (await conversationWith(sophie, DEMO_ACCOUNTS.premium.name)).unread).toBe(0);

  // What comes after, while she looks, is not news: the divider stays where it is.
  const live = uniqueText('And one more, live');
  await sendOverRest(jamesMember, DEMO_ACCOUNTS.free.name, live);
  await expect(bubble(page, live)).toBeVisible();
  expect(await besideDivider(page)).toEqual({ below: expect.stringContaining(texts[0]!), count: 1 });
  await closeAll(sophie, jamesMember);
});

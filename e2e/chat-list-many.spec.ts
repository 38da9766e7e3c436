import { expect, test, type APIRequestContext, type BrowserContext, type Locator, type Page } from '@playwright/test';
import type { ChatsResponse } from '../shared/src/api/chats.js';
import { startPrivateServer, type PrivateServer } from './private-server.js';
import { skipSiteEntryWarning, uniqueEmail } from './shell-helpers.js';

const CHATS = 300;
/** Far fewer than the chats: the list renders the entries near its viewport only. */
const MOST_ROWS_RENDERED = 60;

/**
 * A member with 300 chats, each started by another new member (the seed's 120 members are too few,
 * and writing to the demo accounts would change the lists the other specs read). Real chats: the
 * list, the chat opened from it and the messages that move entries to the top all go through the
 * server: a server of this spec's own (private-server.ts), so that none of the 301 members, their
 * sessions and mails reach the server the other specs share.
 */
test.describe.configure({ mode: 'serial' });

let server: PrivateServer;

let crowded: { id: number; email: string; password: string };
/** the members who wrote, by number: 0 wrote first (the bottom-most chat), 299 last */
const senders = new Map<number, APIRequestContext>();
const senderName = (i: number) => `Crowd ${String(i).padStart(3, '0')}`;
/** senders kept after the set-up: they write again during the tests */
const KEPT = [0, 100, 150];

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(180_000);
  server = await startPrivateServer();
  const baseURL = server.baseURL;
  const password = 'crowded-password';
  const email = uniqueEmail('crowded');
  const request = await playwright.request.newContext({ baseURL });
  const signup = await request.post('/api/signup.php', { data: { email, name: 'Crowded', password, date_of_birth: '1990-04-02', gender: 'female', seeking: 'male', country: 'GB' } });
  expect(signup.status()).toBe(201);
  const id = ((await signup.json()) as { user: { id: number } }).user.id;
  // Members write only to members who confirmed their address: follow the activation mail's link.
  const outbox = await (await request.get('/dev/outbox')).text();
  const link = outbox.split('<article').find((part) => part.includes(email))?.match(/href="([^"]*activate\.php\?token=[^"]+)"/)?.[1];
  expect(link, 'activation link').toBeTruthy();
  expect((await request.get(link!.replace(/&amp;/g, '&'))).ok()).toBe(true);
  await request.dispose();
  crowded = { id, email, password };

  const write = async (i: number) => {
    const sender = await playwright.request.newContext({ baseURL });
    const made = await sender.post('/api/signup.php', {
      data: { email: uniqueEmail(`crowd${i}`), name: senderName(i), password: 'crowd-password', date_of_birth: '1991-01-01', gender: 'male', seeking: 'female', country: 'GB' },
    });
    expect(made.status()).toBe(201);
    await send(sender, `Hello from ${senderName(i)}`);
    if (KEPT.includes(i)) senders.set(i, sender);
    else await sender.dispose();
  };
  // The first and the last on their own (the oldest chat and the newest), the others in batches.
  await write(0);
  for (let i = 1; i < CHATS - 1; i += 25) await Promise.all(Array.from({ length: Math.min(25, CHATS - 1 - i) }, (_, k) => write(i + k)));
  await write(CHATS - 1);
});

test.afterAll(async () => {
  for (const sender of senders.values()) await sender.dispose();
  await server?.stop();
});

async function send(sender: APIRequestContext, body: string): Promise<void> {
  const response = await sender.post('/api/messages.php', { data: { profile: crowded.id, client_id: `crowd${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`, body } });
  expect(response.status(), await response.text()).toBe(201);
}

async function crowdedPage(context: BrowserContext): Promise<Page> {
  await skipSiteEntryWarning(context);
  const login = await context.request.post('/api/user.php', { data: { email: crowded.email, password: crowded.password } });
  expect(login.status()).toBe(200);
  const page = await context.newPage();
  await page.goto('/chats');
  await expect(page.getByTestId('chat-list-item').first()).toBeVisible();
  return page;
}

const rows = (page: Page) => page.getByTestId('chat-list-item');
const row = (page: Page, name: string) => rows(page).filter({ has: page.locator('.chat-list-name', { hasText: new RegExp(`^${name}$`) }) });
const scroller = (page: Page) => page.locator('.chat-list-scroll');
const rowAt = (page: Page, position: number) => page.locator(`[data-testid=chat-list-item][aria-posinset="${position}"]`);

test('none of the 301 members reach the server the other specs share: no account, no mail', async ({ request }) => {
  // `request` talks to the shared server (playwright.config.ts), this spec's own server to the rest.
  const login = await request.post('/api/user.php', { data: { email: crowded.email, password: crowded.password } });
  expect(login.status()).toBe(401);
  const outbox = await (await request.get('/dev/outbox')).text();
  expect(outbox).not.toContain(crowded.email);
  expect(outbox).not.toContain(senderName(CHATS - 1));
});

test('300 chats: the list shows the newest, holds a few dozen rows, scrolls to the oldest and opens it; new messages move chats to the top', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1440, height: 900 } });
  const page = await crowdedPage(context);
  await expect(rowAt(page, 1)).toContainText(senderName(CHATS - 1));
  expect(await rows(page).count()).toBeLessThan(MOST_ROWS_RENDERED);
  // Screen readers hear the whole list's size and each entry's place in it.
  await expect(rowAt(page, 1)).toHaveAttribute('aria-setsize', String(CHATS));

  // To the bottom, as a member scrolling down would.
  await scroller(page).evaluate((el) => (el.scrollTop = el.scrollHeight));
  const oldest = row(page, senderName(0));
  await expect(oldest).toBeInViewport({ ratio: 1 });
  await expect(oldest).toHaveAttribute('aria-posinset', String(CHATS));
  expect(await rows(page).count()).toBeLessThan(MOST_ROWS_RENDERED);
  await oldest.locator('.chat-list-link').click();
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  await expectChatOpen(page, senderName(0));
  await expect(oldest).toHaveClass(/is-active/);

  // A chat far down the list (not rendered now) gets a message: it becomes the first entry, with its badge.
  await expect(row(page, senderName(100))).toHaveCount(0);
  await send(senders.get(100)!, 'Back to the top');
  await expect(rowAt(page, 1)).toContainText(senderName(100));
  await expect(rowAt(page, 1)).toContainText('Back to the top');
  await expect(rowAt(page, 1).locator('.chat-unread-badge')).toHaveText('2');
  // The list stays at its bottom, where the member is.
  await expect(oldest).toBeInViewport();

  // The open chat gets one: it goes to the top too, still the open one.
  await send(senders.get(0)!, 'And me too');
  await expect(page.getByTestId('chat-message').filter({ hasText: 'And me too' })).toBeVisible();
  await expect(rowAt(page, 1)).toContainText(senderName(0));
  await expect(rowAt(page, 1)).toHaveClass(/is-active/);
  await scroller(page).evaluate((el) => (el.scrollTop = 0));
  await expect(rowAt(page, 1)).toBeInViewport();
  await expect(rowAt(page, 2)).toContainText(senderName(100));
  expect(await rows(page).count()).toBeLessThan(MOST_ROWS_RENDERED);
  await context.close();
});

test('on a phone the list is where it was after a chat; a focused entry keeps the focus when scrolled away or moved to the top', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await crowdedPage(context);

  // Scrolled to the middle, into a chat and back: the same entries where they were.
  await scroller(page).evaluate((el) => (el.scrollTop = el.scrollHeight / 2));
  const onScreen = async () => {
    const top = await scroller(page).evaluate((el) => el.getBoundingClientRect().top);
    return rows(page).evaluateAll(
      (items, listTop) => items.filter((li) => li.getBoundingClientRect().top >= listTop).slice(0, 3).map((li) => `${li.dataset.profile}@${Math.round(li.getBoundingClientRect().top)}`),
      top,
    );
  };
  await expect.poll(onScreen).toHaveLength(3);
  const before = await onScreen();
  await page.locator(`[data-profile="${before[1]!.split('@')[0]}"] .chat-list-link`).click();
  await expect(page.getByTestId('chat-input')).toBeVisible();
  await page.locator('.chat-back').click();
  await expect(page).toHaveURL(/\/chats$/);
  // To the pixel: the entry opened and read loses its unread look, which may change its height by a fraction.
  const samePlaces = (now: string[]) => now.length === before.length && now.every((shown, i) => {
    const [profile, top] = shown.split('@');
    const [profileBefore, topBefore] = before[i]!.split('@');
    return profile === profileBefore && Math.abs(Number(top) - Number(topBefore)) <= 1;
  });
  await expect.poll(async () => samePlaces(await onScreen()), { message: `entries at ${before.join(', ')}` }).toBe(true);

  // The keyboard on an entry, then the list scrolled far away: the entry keeps the focus.
  const focused = row(page, senderName(150));
  await scroller(page).evaluate((el) => (el.scrollTop = 0));
  await scroller(page).evaluate((el) => (el.scrollTop = el.scrollHeight / 2));
  await expect(focused).toBeVisible();
  await focused.locator('.chat-list-link').focus();
  await scroller(page).evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect(rowAt(page, CHATS)).toBeInViewport();
  await expect(focused.locator('.chat-list-link')).toBeFocused();
  // The arrow keys go on to the next entry and back, as in a full list, bringing it into view.
  const next = rowAt(page, Number(await focused.getAttribute('aria-posinset')) + 1);
  await page.keyboard.press('ArrowDown');
  await expect(next.locator('.chat-list-link')).toBeFocused();
  await expectInView(page, next);
  await page.keyboard.press('ArrowUp');
  await expect(focused.locator('.chat-list-link')).toBeFocused();
  await expectInView(page, focused);

  // A message moves the focused entry to the top: the focus goes with it.
  await send(senders.get(150)!, 'Focus follows me');
  await expect(rowAt(page, 1)).toContainText('Focus follows me');
  await expect(rowAt(page, 1).locator('.chat-list-link')).toBeFocused();
  expect(await rows(page).count()).toBeLessThan(MOST_ROWS_RENDERED);
  await context.close();
});

/**
 * Runs `scroll` with the list's next scroll event held back, as a busy browser may deliver it
 * late; meanwhile an entry on screen (the last, always rendered) changes height and is measured,
 * so the list lays itself out again before it hears of the scroll. Then the event comes.
 */
async function withScrollEventLate(page: Page, scroll: () => Promise<unknown>): Promise<void> {
  await scroller(page).evaluate((el) => {
    const hold = (event: Event) => {
      if (event.target !== el) return;
      event.stopImmediatePropagation();
      window.removeEventListener('scroll', hold, { capture: true });
    };
    window.addEventListener('scroll', hold, { capture: true });
  });
  await scroll();
  await rowAt(page, CHATS).evaluate((li: HTMLElement) => (li.style.minHeight = `${li.offsetHeight + 9}px`));
  await page.waitForTimeout(300);
  await scroller(page).evaluate((el) => el.dispatchEvent(new Event('scroll')));
}

// Seen once in CI (the phone test above): ArrowDown from the bottom of the list focused the next
// entry up, and the list went back to its bottom, the entry out of view. The arrow's scroll waits
// for its event to be taken in; entries measured before that event put the list back where it was.
test('an arrow key keeps the entry it shows in view when entries are measured before its scroll event', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await crowdedPage(context);
  const focused = row(page, senderName(150));
  await scroller(page).evaluate((el) => (el.scrollTop = el.scrollHeight / 2));
  await expect(focused).toBeVisible();
  await focused.locator('.chat-list-link').focus();
  await scroller(page).evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect(rowAt(page, CHATS)).toBeInViewport();

  const next = rowAt(page, Number(await focused.getAttribute('aria-posinset')) + 1);
  await withScrollEventLate(page, async () => {
    await page.keyboard.press('ArrowDown');
    await expect(next.locator('.chat-list-link')).toBeFocused();
  });
  await expectInView(page, next);
  await context.close();
});

test('an entry the browser scrolls into view (a screen reader moving to it) stays in view when entries are measured before that scroll\'s event', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await crowdedPage(context);
  await scroller(page).evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect(rowAt(page, CHATS)).toBeInViewport();
  // The first entry, which the list always renders.
  await withScrollEventLate(page, () => rowAt(page, 1).evaluate((li: HTMLElement) => li.scrollIntoView({ block: 'start' })));
  await expectInView(page, rowAt(page, 1));
  await context.close();
});

/** A member who stops scrolling: the list takes a scroll in the last half second as the member still scrolling, and moves for nothing then. */
const memberPauses = (page: Page) => page.clock.fastForward(1_000);

/**
 * The member scrolls the list to `top`; done once the list has had that scroll's event. On a busy
 * machine the event came after the pause that followed (memberPauses), so the list took the
 * member as scrolling still and kept its place for the chat opened next: the open chat's entry
 * stayed out of view after Back (seen here in 2 of 5 runs of a batch of 8 chat specs on 2 workers).
 */
async function memberScrollsTo(page: Page, top: number): Promise<void> {
  await scroller(page).evaluate(
    (el, to) =>
      new Promise<void>((resolve) => {
        if (Math.abs(el.scrollTop - to) < 1) return resolve();
        // Registered after the list's own listener: the list has handled the event when this runs.
        el.addEventListener('scroll', () => resolve(), { once: true });
        el.scrollTop = to;
      }),
    top,
  );
}

/** The chat with the member `name` is open: their first message shows. */
const expectChatOpen = (page: Page, name: string) => expect(page.getByTestId('chat-message').filter({ hasText: `Hello from ${name}` })).toBeVisible();

/**
 * The entry wholly in the list's viewport. A failure says where the list was when it was seen
 * failing: a CI run once found it at its top after a reload.
 */
async function expectInView(page: Page, entry: Locator): Promise<void> {
  try {
    await expect(entry).toBeInViewport({ ratio: 1 });
  } catch (error) {
    const state = await scroller(page).evaluate((el) => {
      const shown = [...el.querySelectorAll('[data-testid=chat-list-item]')].map((item) => item.getAttribute('aria-posinset')).join(',');
      const tabStop = el.querySelector('.chat-list-link[tabindex="0"]')?.closest('[data-testid=chat-list-item]')?.getAttribute('aria-posinset') ?? 'none';
      return `the list at ${el.scrollTop} of ${el.scrollHeight} px (viewport ${el.clientHeight} px), entries rendered: ${shown}; the Tab stop on ${tabStop}; at ${location.pathname}`;
    });
    throw new Error(`${(error as Error).message}\n${state}`);
  }
}

async function conversationLink(context: BrowserContext, i: number): Promise<string> {
  const chats = (await (await context.request.get('/api/chats.php')).json()) as ChatsResponse;
  return `/chats/${chats.chats.find((c) => c.profile.name === senderName(i))!.conversation}`;
}

test('on a desktop the open chat comes into view in the list when opened by a link, Back, a reload or on coming back to /chats; not when clicked in the list; the focus stays where it was', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1440, height: 900 } });
  const page = await crowdedPage(context);
  // The page's own clock, to let "the member stopped scrolling" pass at once (memberPauses).
  await page.clock.install();
  // Far down the list (about the 250th entry), not rendered while the list is at its top.
  const far = row(page, senderName(50));
  const farLink = await conversationLink(context, 50);
  /** The entry whose link has the focus ('' for one outside the list). */
  const focusedEntry = () => page.evaluate(() => (document.activeElement?.closest('.chat-list') ? (document.activeElement.closest('[data-testid=chat-list-item]')?.querySelector('.chat-list-name')?.textContent ?? '?') : ''));
  /** The open chat's entry shown; the focus where the member left it: outside the list, or on the entry they last clicked. */
  const shownOpen = async (focused = '') => {
    await expectInView(page, far);
    await expect(far).toHaveClass(/is-active/);
    expect(await focusedEntry()).toBe(focused);
  };
  const nameAt = async (position: number) => (await rowAt(page, position).locator('.chat-list-name').textContent())!;

  // A link (a mail, a notification, a bookmark) to the chat.
  await page.goto(farLink);
  await expectChatOpen(page, senderName(50));
  await shownOpen();

  // Another chat opened from the list's top, then Back (in the app, no page load).
  await memberScrollsTo(page, 0);
  await memberPauses(page);
  const third = await nameAt(3);
  await rowAt(page, 3).locator('.chat-list-link').click();
  await expectChatOpen(page, third);
  await page.goBack();
  await expectChatOpen(page, senderName(50));
  await shownOpen(third);

  // A reload, and /chats, which reopens the chat opened last.
  await scroller(page).evaluate((el) => (el.scrollTop = 0));
  await page.reload();
  await expectChatOpen(page, senderName(50));
  await shownOpen();
  await scroller(page).evaluate((el) => (el.scrollTop = 0));
  await page.goto('/chats');
  await expect(page).toHaveURL(new RegExp(`${farLink}$`));
  await expectChatOpen(page, senderName(50));
  await shownOpen();

  // An entry the member clicks is where they look: the list does not move, even for an entry cut
  // at the viewport's top. A mouse click where it shows (Playwright's own click scrolls first).
  await memberScrollsTo(page, 40);
  await memberPauses(page);
  await expect(rowAt(page, 1)).toBeInViewport();
  const cut = (await rowAt(page, 1).boundingBox())!;
  const listTop = (await scroller(page).boundingBox())!.y;
  expect(cut.y).toBeLessThan(listTop);
  const first = await nameAt(1);
  await page.mouse.click(cut.x + 100, (listTop + cut.y + cut.height) / 2);
  await expect(rowAt(page, 1)).toHaveClass(/is-active/);
  await expectChatOpen(page, first);
  expect(await scroller(page).evaluate((el) => el.scrollTop)).toBe(40);
  await context.close();
});

test('on a desktop a chat opened while the member scrolls the list leaves the list where they scroll it', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1440, height: 900 } });
  const page = await crowdedPage(context);
  await page.clock.install();
  const farLink = await conversationLink(context, 50);
  await page.goto(farLink);
  await expectInView(page, row(page, senderName(50)));
  await memberScrollsTo(page, 0);
  await memberPauses(page);
  await rowAt(page, 3).locator('.chat-list-link').click();
  await expect(rowAt(page, 3)).toHaveClass(/is-active/);

  // The member scrolls and, before they stop, Back opens the far chat again. The page's clock
  // stands still meanwhile: "before they stop" holds on a slow machine too.
  await page.clock.pauseAt(Date.now() + 5_000);
  await page.mouse.move(200, 500);
  await page.mouse.wheel(0, 700);
  await expect.poll(() => scroller(page).evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  const scrolled = await scroller(page).evaluate((el) => el.scrollTop);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${farLink}$`));
  await expectChatOpen(page, senderName(50));
  expect(await scroller(page).evaluate((el) => el.scrollTop)).toBe(scrolled);
  await expect(row(page, senderName(50))).toHaveCount(0);
  await context.close();
});

test('on a desktop the 300 chats are one stop for Tab: the open chat’s entry and its delete button; the arrows, Home and End move between entries, Delete asks to delete', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1440, height: 900 } });
  const page = await crowdedPage(context);
  const farLink = await conversationLink(context, 50);
  await page.goto(farLink);
  await expectChatOpen(page, senderName(50));
  const far = row(page, senderName(50));
  const link = (entry: Locator) => entry.locator('.chat-list-link');
  const inList = () => page.evaluate(() => document.activeElement?.closest('.chat-list-items') !== null);

  // From the list's header, Tab comes to the open chat's entry, then its delete button, then leaves the list.
  // Tab has an entry to come to only once the list holds the open chat's entry as its Tab stop: wait
  // for that first (CI once saw Tab land on the chat header; the cause was not found).
  await expect(link(far)).toHaveAttribute('tabindex', '0');
  await page.locator('.chat-list-find').focus();
  await page.keyboard.press('Tab');
  await expect(link(far)).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(far.locator('.chat-list-delete')).toBeFocused();
  await page.keyboard.press('Tab');
  expect(await inList()).toBe(false);
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(link(far)).toBeFocused();

  // Down to the next entry; Tab leaves the list from there, and Shift+Tab comes back to it.
  const below = rowAt(page, Number(await far.getAttribute('aria-posinset')) + 1);
  await page.keyboard.press('ArrowDown');
  await expect(link(below)).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  expect(await inList()).toBe(false);
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(link(below)).toBeFocused();

  // End and Home: the oldest and the newest chat, each brought into view.
  await page.keyboard.press('End');
  await expect(link(rowAt(page, CHATS))).toBeFocused();
  await expectInView(page, rowAt(page, CHATS));
  await page.keyboard.press('Home');
  await expect(link(rowAt(page, 1))).toBeFocused();
  await expectInView(page, rowAt(page, 1));
  await page.keyboard.press('ArrowUp');
  await expect(link(rowAt(page, 1))).toBeFocused();

  // Delete asks first; Escape keeps the chat and the focus on it.
  const newest = (await rowAt(page, 1).locator('.chat-list-name').textContent())!;
  await page.keyboard.press('Delete');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(newest);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(link(rowAt(page, 1))).toBeFocused();
  await expect(rowAt(page, 1)).toContainText(newest);
  await context.close();
});

test('a chat opened on a narrow window comes into view in the list once the window is wide enough to show both', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 390, height: 844 } });
  const page = await crowdedPage(context);
  const farLink = await conversationLink(context, 50);
  await page.goto(farLink);
  await expectChatOpen(page, senderName(50));
  // A phone's layout: the chat fills the window and the list is hidden.
  await expect(scroller(page)).toBeHidden();
  await page.setViewportSize({ width: 1440, height: 900 });
  await expectInView(page, row(page, senderName(50)));
  await context.close();
});

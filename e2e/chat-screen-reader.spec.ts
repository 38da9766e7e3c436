/**
 * The open chat for a member on the keyboard alone or with a screen reader (a helper's audit,
 * session 43; each test failed on the build before its fix): the focus stays in the chat when a
 * control in it goes away, the jump to the newest message gets there right after Page Up, and
 * a screen reader hears who wrote each message, every message that arrives (also several at
 * once, session 44), the peer typing, the connection dropping, and what each separator says.
 */
import { expect, type Browser, type Page } from '@playwright/test';
import { bubble, conversationWith, DEMO_ACCOUNTS, memberContext, sendFromComposer, uniqueText, type Member } from './chat-fixtures.js';
import { plainMessage, quietChatOf, serveMadeUpHistory } from './made-up-history.js';
import { testOnSeededServer } from './seeded-server.js';

// Deletes chats and sends between the demo pair: a server of its own.
const test = testOnSeededServer();

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** The tag of the focused element; 'BODY' when the focus was dropped. */
const focusedTag = (page: Page) => page.evaluate(() => document.activeElement?.tagName ?? 'NONE');

async function openChat(member: Member, conversation: number) {
  await member.page.goto(`/chats/${conversation}`);
  await expect(member.page.getByTestId('chat-input')).toBeEnabled();
}

/**
 * Sophie's chat of 200 messages, open at the newest; `focusHistory` brings the focus to the
 * message history, and Page Up reads back from there until the jump button shows.
 */
async function readBackWithPageUp(browser: Browser, baseURL: string, focusHistory: (page: Page) => Promise<void>) {
  const sophie = await memberContext(browser, baseURL, DEMO_ACCOUNTS.free);
  const page = sophie.page;
  await page.setViewportSize(DESKTOP);
  const entry = await quietChatOf(sophie);
  await serveMadeUpHistory(page, entry.conversation, { total: 200, pageSize: 200, message: (id) => plainMessage(entry, id) });
  await openChat(sophie, entry.conversation);
  await expect(bubble(page, 'Message 200')).toBeVisible();
  await focusHistory(page);
  for (let i = 0; i < 4; i++) await page.keyboard.press('PageUp');
  const jump = page.getByTestId('chat-jump');
  await expect(jump).toBeVisible();
  return { sophie, page, jump };
}

/**
 * Closes the context of readBackWithPageUp, letting go of the made-up history's route first: a
 * history request still in it (made-up-history.ts fetches the server's page first) when the
 * context closes throws "route.fetch: Target page closed" into whatever test runs next (as in
 * chat-flaky.spec.ts).
 */
async function leaveReadBack(sophie: Member): Promise<void> {
  await sophie.page.unrouteAll({ behavior: 'ignoreErrors' });
  await sophie.context.close();
}

test('"Jump to the newest message" pressed with the keyboard keeps the focus in the chat', async ({ browser, baseURL }) => {
  // Keyboard only: Shift+Tab from the message box to the message history.
  const { sophie, page, jump } = await readBackWithPageUp(browser, baseURL!, async (page) => {
    await page.getByTestId('chat-input').focus();
    await page.keyboard.press('Shift+Tab'); // gift
    await page.keyboard.press('Shift+Tab'); // the history (a scrollable region)
    await expect(page.getByRole('log')).toBeFocused();
  });
  await page.keyboard.press('Tab');
  await expect(jump).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(jump).toHaveCount(0);
  // The button removed itself with the focus on it: the next Tab started at the top of the page.
  await expect.poll(() => focusedTag(page), { message: 'focus after jumping to the newest message' }).not.toBe('BODY');
  await leaveReadBack(sophie);
});

test('"Jump to the newest message" pressed with the keyboard right after PageUp reaches the newest message', async ({ browser, baseURL }) => {
  const { sophie, page, jump } = await readBackWithPageUp(browser, baseURL!, (page) => page.getByRole('log').focus());
  await jump.focus();
  await page.keyboard.press('Enter');
  // Within a second of Page Up the list took the browser's clamp, as the rows below were measured,
  // for the member's move (use-member-input.ts), and Page Up's smooth scroll ran on: it stopped
  // part-way, and the button stayed.
  await expect(bubble(page, 'Message 200')).toBeInViewport();
  await expect(jump).toHaveCount(0);
  await leaveReadBack(sophie);
});

test('Retry and Remove on a message that was not sent keep the keyboard focus in the chat', async ({ browser, baseURL }) => {
  const james = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.premium);
  const page = james.page;
  await page.setViewportSize(DESKTOP);
  // Over REST (no socket), refused as by a server with no credits left; a retry then hangs (stays pending).
  await page.route('**/socket.io/**', (route) => route.abort());
  await page.routeWebSocket(/\/socket\.io\//, (ws) => ws.close());
  let refuse = true;
  await page.route('**/api/messages.php', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    if (!refuse) return; // never answered: the retried message stays pending
    const version = ((await (await james.request.get('/api/user.php')).json()) as { user: { credits_version: number } }).user.credits_version + 1;
    await route.fulfill({ status: 402, contentType: 'application/json', body: JSON.stringify({ error: 'insufficient_credits', message: 'x', credits: 0, credits_version: version, needed: 1 }) });
  });
  const { conversation } = await conversationWith(james, DEMO_ACCOUNTS.free.name);
  await openChat(james, conversation);

  const first = uniqueText('Refused one');
  await sendFromComposer(page, first);
  const failed = bubble(page, first);
  await expect(failed).toHaveAttribute('data-state', 'failed');
  await failed.getByRole('button', { name: 'Remove' }).focus();
  await page.keyboard.press('Enter');
  await expect(failed).toHaveCount(0);
  await expect.poll(() => focusedTag(page), { message: 'focus after Remove' }).not.toBe('BODY');

  // A second one, retried from the keyboard (the box refuses new sends now that credits are short,
  // so it is refused by the server once more through the outbox: send it before the balance is known).
  await page.reload();
  await expect(page.getByTestId('chat-input')).toBeEnabled();
  const second = uniqueText('Refused two');
  await sendFromComposer(page, second);
  await expect(bubble(page, second)).toHaveAttribute('data-state', 'failed');
  refuse = false;
  await bubble(page, second).getByRole('button', { name: 'Retry' }).focus();
  await page.keyboard.press('Enter');
  await expect(bubble(page, second)).toHaveAttribute('data-state', 'pending');
  await expect.poll(() => focusedTag(page), { message: 'focus after Retry' }).not.toBe('BODY');
  await james.context.close();
});

test('on a desktop, "Delete chat" from the chat menu leaves the focus on the list title, as designed', async ({ browser, baseURL }) => {
  const sophie = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.free);
  const page = sophie.page;
  await page.setViewportSize(DESKTOP);
  // One with unread messages (opening it reads them): on such chats the focus was lost every time.
  const chats = (await (await sophie.request.get('/api/chats.php')).json()) as { chats: Array<{ conversation: number; num_unread_messages: number; profile: { name: string } }> };
  const entry = chats.chats.find((c) => c.num_unread_messages > 0 && c.profile.name !== DEMO_ACCOUNTS.premium.name)!;
  await openChat(sophie, entry.conversation);
  await page.getByRole('button', { name: 'Chat options' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Delete chat' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/chats$/);
  // chat-list-focus.ts moved it to the "Messages" heading, which the route change then replaced.
  await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeFocused();
  await sophie.context.close();
});

test('a chat deleted in another tab while its message box has the focus leaves the focus on the list, not the page body', async ({ browser, baseURL }) => {
  const sophie = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.free);
  const page = sophie.page;
  await page.setViewportSize(DESKTOP);
  const chats = (await (await sophie.request.get('/api/chats.php')).json()) as { chats: Array<{ conversation: number; profile: { name: string } }> };
  const chat = chats.chats.filter((c) => c.profile.name !== DEMO_ACCOUNTS.premium.name).at(-2)!;
  await openChat(sophie, chat.conversation);
  await expect(page.getByTestId('chat-page')).toHaveAttribute('data-connection', 'online');
  await page.getByTestId('chat-input').focus();
  expect((await sophie.request.delete('/api/chat.php', { data: { conversation: chat.conversation } })).status()).toBe(200);
  await expect(page).toHaveURL(/\/chats$/);
  await expect.poll(() => focusedTag(page), { message: 'focus after the chat was removed elsewhere' }).not.toBe('BODY');
  await sophie.context.close();
});

test('on a phone, opening a chat from the list with Enter and going Back keep the keyboard focus', async ({ browser, baseURL }) => {
  const sophie = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.free);
  const page = sophie.page;
  await page.setViewportSize(PHONE);
  await page.goto('/chats');
  const link = page.getByTestId('chat-list-item').first().locator('.chat-list-link');
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  await expect(page.getByTestId('chat-thread')).toBeVisible();
  // The message box is not focused on a phone (keyboard); but the focus should not fall to <body>
  // (a screen reader says nothing; the heading or the Back link would do).
  await expect.poll(() => focusedTag(page), { message: 'focus after opening a chat on a phone' }).not.toBe('BODY');

  await page.locator('.chat-back').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/chats$/);
  // Back where the member was: the entry of the chat they left.
  await expect(page.getByTestId('chat-list-item').first().locator('.chat-list-link')).toBeFocused();
  await sophie.context.close();
});

/** Whether `text` is shown inside a region a screen reader announces (polite/assertive, status, alert). */
const inLiveRegion = (page: Page, text: RegExp) =>
  page.evaluate((source) => {
    const re = new RegExp(source);
    return [...document.querySelectorAll('[aria-live="polite"], [aria-live="assertive"], [role=status], [role=alert]')].some((el) => re.test(el.textContent ?? ''));
  }, text.source);

test('the peer typing is announced to a screen reader, not only drawn as three dots', async ({ browser, baseURL }) => {
  const sophie = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.free);
  const james = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.premium);
  await sophie.page.setViewportSize(DESKTOP);
  const fromSophie = await conversationWith(sophie, DEMO_ACCOUNTS.premium.name);
  const fromJames = await conversationWith(james, DEMO_ACCOUNTS.free.name);
  await openChat(sophie, fromSophie.conversation);
  await openChat(james, fromJames.conversation);
  await expect(sophie.page.getByTestId('chat-page')).toHaveAttribute('data-connection', 'online');
  await expect(james.page.getByTestId('chat-page')).toHaveAttribute('data-connection', 'online');
  await james.page.getByTestId('chat-input').fill('Let me think about that');
  await expect(sophie.page.locator('.chat-typing')).toBeVisible();
  // The dots are drawn only; "typing…" must be in a live region (the header's is in none).
  await expect.poll(() => inLiveRegion(sophie.page, /typing/i), { message: '"typing…" inside a live region' }).toBe(true);
  await sophie.context.close();
  await james.context.close();
});

type Announced = { announced: string[] };

/**
 * From now on, what the region of arriving messages adds (a polite region says each addition),
 * each added node's text once.
 */
async function recordArrivalsSaid(page: Page) {
  await page.evaluate(() => {
    const region = document.querySelector('[data-testid=chat-arrivals-said]')!;
    const record = ((window as unknown as Announced).announced = [] as string[]);
    new MutationObserver((changes) => {
      for (const change of changes) for (const node of change.addedNodes) record.push(node.textContent ?? '');
    }).observe(region, { subtree: true, childList: true });
  });
}
const arrivalsSaid = (page: Page) => page.evaluate(() => (window as unknown as Announced).announced);

/** Sends `body` to `to` over REST, as another device of the sender would. */
async function sendOverRest(from: Member, to: string, body: string) {
  const chats = (await (await from.request.get('/api/chats.php')).json()) as { chats: Array<{ profile: { id: number; name: string } }> };
  const profile = chats.chats.find((c) => c.profile.name === to)!.profile.id;
  const response = await from.request.post('/api/messages.php', { data: { profile, client_id: `sr${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`, body } });
  expect(response.status(), await response.text()).toBe(201);
}

test('two identical messages in a row from the peer are both announced', async ({ browser, baseURL }) => {
  const sophie = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.free);
  const james = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.premium);
  const fromSophie = await conversationWith(sophie, DEMO_ACCOUNTS.premium.name);
  const fromJames = await conversationWith(james, DEMO_ACCOUNTS.free.name);
  await openChat(sophie, fromSophie.conversation);
  await openChat(james, fromJames.conversation);
  await expect(sophie.page.getByTestId('chat-page')).toHaveAttribute('data-connection', 'online');
  await recordArrivalsSaid(sophie.page);
  const text = uniqueText('ok');
  await sendFromComposer(james.page, text);
  await expect(bubble(sophie.page, text)).toHaveCount(1);
  await sendFromComposer(james.page, text);
  await expect(bubble(sophie.page, text)).toHaveCount(2);
  await sophie.page.waitForTimeout(300);
  const announced = await arrivalsSaid(sophie.page);
  expect(announced.filter((a) => a.includes(text)), 'announcements of the two messages').toHaveLength(2);
  await sophie.context.close();
  await james.context.close();
});

test('in the message history a screen reader can tell who wrote each message', async ({ browser, baseURL }) => {
  const sophie = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.free);
  const page = sophie.page;
  await page.setViewportSize(DESKTOP);
  const { conversation } = await conversationWith(sophie, DEMO_ACCOUNTS.premium.name);
  await openChat(sophie, conversation);
  const theirs = page.locator('[data-testid=chat-message].is-theirs').first();
  const mine = page.locator('[data-testid=chat-message].is-mine').first();
  await expect(theirs).toBeVisible();
  await expect(mine).toBeVisible();
  // The side of the screen and the colour say it to the eye only.
  expect(await theirs.ariaSnapshot(), "the peer's message").toContain(DEMO_ACCOUNTS.premium.name);
  expect(await mine.ariaSnapshot(), 'the member’s own message').toMatch(/You|Sophie/);
  await sophie.context.close();
});

test('several messages that arrive at once, back from a network outage, are each announced', async ({ browser, baseURL }) => {
  const sophie = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.free);
  const james = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.premium);
  const { conversation } = await conversationWith(sophie, DEMO_ACCOUNTS.premium.name);
  await openChat(sophie, conversation);
  await expect(sophie.page.getByTestId('chat-page')).toHaveAttribute('data-connection', 'online');
  await recordArrivalsSaid(sophie.page);
  // In a tunnel: James writes three times; they all come with the catch-up on the way out.
  await sophie.context.setOffline(true);
  await expect(sophie.page.getByTestId('chat-offline')).toBeVisible();
  const texts = [uniqueText('Are you there?'), uniqueText('Call me'), uniqueText('Nevermind')];
  for (const text of texts) await sendOverRest(james, DEMO_ACCOUNTS.free.name, text);
  await sophie.context.setOffline(false);
  for (const text of texts) await expect(bubble(sophie.page, text)).toHaveCount(1);
  await sophie.page.waitForTimeout(300);
  const announced = await arrivalsSaid(sophie.page);
  for (const text of texts) expect(announced.filter((a) => a.includes(text)), `announcements of "${text}" in ${JSON.stringify(announced)}`).toHaveLength(1);
  await sophie.context.close();
  await james.context.close();
});

test('the connection dropping is said in a status region that was on the page before it', async ({ browser, baseURL }) => {
  const sophie = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.free);
  const page = sophie.page;
  await page.setViewportSize(DESKTOP);
  const { conversation } = await conversationWith(sophie, DEMO_ACCOUNTS.premium.name);
  await openChat(sophie, conversation);
  await expect(page.getByTestId('chat-page')).toHaveAttribute('data-connection', 'online');
  // The regions known while online; a screen reader often skips one that comes with its text in it.
  await page.evaluate(() => {
    (window as unknown as { regionsBefore: Element[] }).regionsBefore = [...document.querySelectorAll('[aria-live], [role=status], [role=alert], [role=log]')];
  });
  await sophie.context.setOffline(true);
  const bar = page.getByTestId('chat-offline');
  await expect(bar).toBeVisible();
  const saidIn = await bar.evaluate((element) => {
    const known = (window as unknown as { regionsBefore: Element[] }).regionsBefore;
    const region = known.find((r) => r.contains(element) && r !== element);
    return region ? (region.getAttribute('role') ?? `aria-live=${region.getAttribute('aria-live')}`) : null;
  });
  expect(saidIn, 'a region that held the bar\'s place while online').toBe('status');
  await sophie.context.setOffline(false);
  await expect(page.getByTestId('chat-page')).toHaveAttribute('data-connection', 'online');
  await expect(bar).toBeHidden();
  await sophie.context.close();
});

test('the day and "Unread messages" separators in the history have their text as their name', async ({ browser, baseURL }) => {
  const sophie = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.free);
  const james = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.premium);
  const page = sophie.page;
  await page.setViewportSize(DESKTOP);
  await sendOverRest(james, DEMO_ACCOUNTS.free.name, uniqueText('Unread until you look'));
  const { conversation } = await conversationWith(sophie, DEMO_ACCOUNTS.premium.name);
  await openChat(sophie, conversation);
  await expect(page.getByTestId('chat-unread-divider')).toBeVisible();
  const separators = page.getByTestId('chat-scroll').getByRole('separator');
  const count = await separators.count();
  // At least a day and the unread divider.
  expect(count).toBeGreaterThanOrEqual(2);
  for (let i = 0; i < count; i++) {
    const text = ((await separators.nth(i).textContent()) ?? '').trim();
    expect(text.length).toBeGreaterThan(0);
    await expect(separators.nth(i)).toHaveAccessibleName(text);
  }
  await sophie.context.close();
  await james.context.close();
});

/**
 * Whether the focus ring of `selector` (its outline, drawn `outline-offset` out from its box) is
 * on screen and on top at the middle of each of its four sides, the side's name where it is not.
 */
const hiddenRingSides = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const element = document.querySelector<HTMLElement>(sel)!;
    const style = getComputedStyle(element);
    // The middle of the ring's line: offset out from the box, then half its width further.
    const out = parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth) / 2;
    const box = element.getBoundingClientRect();
    const sides = {
      top: [box.left + box.width / 2, box.top - out],
      bottom: [box.left + box.width / 2, box.bottom + out],
      left: [box.left - out, box.top + box.height / 2],
      right: [box.right + out, box.top + box.height / 2],
    } as const;
    return Object.entries(sides)
      .filter(([, [x, y]]) => {
        if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return true;
        const top = document.elementFromPoint(x, y);
        return !(top && (top === element || element.contains(top)));
      })
      .map(([side]) => side);
  }, selector);

for (const [device, viewport] of [['a desktop', DESKTOP], ['a phone', PHONE]] as const) {
  test(`on ${device}, the ring around the focused message history shows on all four sides`, async ({ browser, baseURL }) => {
    const sophie = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.free);
    const page = sophie.page;
    await page.setViewportSize(viewport);
    const { conversation } = await conversationWith(sophie, DEMO_ACCOUNTS.premium.name);
    await openChat(sophie, conversation);
    // Shift+Tab from the message box (past the gift button) reaches the history, as a keyboard user does.
    await page.getByTestId('chat-input').focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByTestId('chat-scroll')).toBeFocused();
    expect(await page.getByTestId('chat-scroll').evaluate((e) => e.matches(':focus-visible'))).toBe(true);
    expect(await hiddenRingSides(page, '[data-testid=chat-scroll]'), 'sides of the ring hidden or off screen').toEqual([]);
    await sophie.context.close();
  });
}

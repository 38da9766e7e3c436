/**
 * The chat as a member uses it on a touch phone (390 x 844, touch, a phone's browser): the way
 * through the screens with the chat's Back arrow and the phone's own back, the keyboard's Enter
 * and the send button, the phone's text size set large.
 */
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { LOCALES } from '../shared/src/constants.js';
import type { ChatsResponse } from '../shared/src/api/chats.js';
import { bubble, chatLabel, DEMO_ACCOUNTS, newMember } from './chat-fixtures.js';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** Sophie on a touch phone, logged in. */
async function sophieOnPhone(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, ...PHONE });
  const login = await context.request.post('/api/user.php', { data: { email: DEMO_ACCOUNTS.free.email, password: DEMO_ACCOUNTS.free.password } });
  expect(login.status()).toBe(200);
  const page = await context.newPage();
  return { context, page };
}

/** Where an element's text is drawn, and the element's own box (a label may run out of it). */
interface Rect { left: number; right: number; top: number; bottom: number }
function textAndBox(element: Locator): Promise<{ text: Rect; box: Rect }> {
  return element.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    const rect = (r: DOMRect) => ({ left: r.left, right: r.right, top: r.top, bottom: r.bottom });
    return { text: rect(range.getBoundingClientRect()), box: rect(node.getBoundingClientRect()) };
  });
}

/** A label that runs past its element's left or right edge, said for the test's report (or null). */
async function labelOutside(element: Locator, where: string): Promise<string | null> {
  const { text, box } = await textAndBox(element);
  const inside = text.left >= box.left - 0.5 && text.right <= box.right + 0.5;
  return inside ? null : `${where}"${await element.textContent()}" ${Math.round(text.left)}..${Math.round(text.right)} px in ${Math.round(box.left)}..${Math.round(box.right)} px`;
}

/** Ann on a touch phone and Ben on a desktop, members of their own (nothing reaches the demo accounts). */
async function annOnPhoneAndBen(browser: Browser, baseURL: string) {
  const ann = await newMember(browser, baseURL, 'Ann', PHONE);
  const ben = await newMember(browser, baseURL, 'Ben');
  return { ann, ben, close: () => Promise.all([ann.context.close(), ben.context.close()]) };
}

/** Ann's chat with Ben open on her phone, its message box tapped (the keyboard up). */
async function annTypingToBen(browser: Browser, baseURL: string) {
  const pair = await annOnPhoneAndBen(browser, baseURL);
  await pair.ann.page.goto(`/members/${pair.ben.id}/chat`);
  const box = pair.ann.page.getByTestId('chat-input');
  await box.tap();
  return { ...pair, box };
}

test("on a phone, the chat's Back arrow leaves no chat behind it: the phone's back from the list leaves Messages", async ({ browser, baseURL }) => {
  const { context, page } = await sophieOnPhone(browser, baseURL!);
  await page.goto('/members');
  await page.goto('/chats');
  const entries = page.locator('.chat-list-link');
  await expect(entries.nth(1)).toBeVisible();

  // Two chats opened from the list and left with the arrow, as a member reads their messages.
  for (const index of [0, 1]) {
    await entries.nth(index).tap();
    await expect(page).toHaveURL(/\/chats\/\d+$/);
    await expect(page.getByTestId('chat-input')).toBeVisible();
    await page.locator('.chat-back').tap();
    await expect(page).toHaveURL(/\/chats$/);
    await expect(entries.nth(1)).toBeVisible();
  }

  // The phone's back button on the list goes where the member came from, not into a chat they left.
  await page.goBack();
  await expect(page, 'the page before Messages').toHaveURL(/\/members$/);
  await context.close();
});

test("on a phone, the keyboard's Enter starts a new line, and the send button sends the lines together", async ({ browser, baseURL }) => {
  const { ann, box, close } = await annTypingToBen(browser, baseURL!);
  await box.pressSequentially('See you at 8');
  // A phone's keyboard has no Shift+Enter: its Enter key is the only way to a second line.
  await box.press('Enter');
  await box.pressSequentially('by the station');
  await expect(box, 'the text after Enter').toHaveValue('See you at 8\nby the station');
  await expect(ann.page.getByTestId('chat-message'), 'nothing sent by Enter').toHaveCount(0);

  await ann.page.getByTestId('chat-send').tap();
  await expect(bubble(ann.page, 'by the station')).toContainText('See you at 8');
  await expect(box).toHaveValue('');
  await close();
});

test("on a phone with large text, the list's unread badge holds its whole number", async ({ browser, baseURL }) => {
  const { ann, ben, close } = await annOnPhoneAndBen(browser, baseURL!);
  expect((await ben.request.post('/api/messages.php', { data: { profile: ann.id, client_id: `phone-badge-${Date.now()}`, body: 'Hi Ann' } })).status()).toBe(201);
  await ann.page.goto('/chats');
  // The browser's text size at 200% (a phone's accessibility setting): the root font size.
  await ann.page.evaluate(() => (document.documentElement.style.fontSize = '200%'));
  const badge = ann.page.getByTestId('chat-list-item').locator('.chat-unread-badge');
  await expect(badge).toHaveText('1');
  // The digit is white on the badge's colour: what falls outside the badge is white on white.
  const { text, box } = await textAndBox(badge);
  expect(text.top, 'the number starts inside the badge').toBeGreaterThanOrEqual(box.top);
  expect(text.bottom, 'the number ends inside the badge').toBeLessThanOrEqual(box.bottom);
  await close();
});

test('on a phone, tapping Send leaves the keyboard up (the message box keeps the focus throughout) and the button at rest', async ({ browser, baseURL }) => {
  const { ann, box, close } = await annTypingToBen(browser, baseURL!);
  await box.pressSequentially('Coffee tomorrow?');
  // A phone's browser closes its keyboard when the box loses the focus and opens it again when the
  // box takes it back: the keyboard dropped and rose at every message, the chat resized twice.
  await box.evaluate((element) => element.addEventListener('blur', () => (element.dataset.blurred = 'yes')));
  await ann.page.getByTestId('chat-send').tap();
  await expect(bubble(ann.page, 'Coffee tomorrow?')).toBeVisible();
  await expect(box).toBeFocused();
  expect(await box.getAttribute('data-blurred'), 'the box lost the focus on the tap').toBeNull();

  // A touch screen keeps :hover on what a tap landed on: the button is drawn at rest for the next
  // message, not still grown by the hover meant for a mouse.
  await box.pressSequentially('Or tea?');
  const send = ann.page.getByTestId('chat-send');
  await expect(send).toBeEnabled();
  await expect.poll(() => send.evaluate((button) => getComputedStyle(button).transform), { message: 'the send button after a tap' }).toBe('none');
  await close();
});

test('on a phone, picking an opener or unblocking leaves the keyboard down: the header takes the focus, not the message box', async ({ browser, baseURL }) => {
  const { ann, ben, close } = await annOnPhoneAndBen(browser, baseURL!);
  const page = ann.page;
  await page.goto(`/members/${ben.id}/chat`);
  const box = page.getByTestId('chat-input');
  const header = page.locator('.chat-header-profile');
  // Focusing the box raised the keyboard over the opener the member had just sent.
  await page.getByTestId('open-icebreakers').tap();
  await page.getByTestId('icebreaker-coffee').tap();
  await expect(bubble(page, 'If we met for coffee, what would you order?')).toBeVisible();
  await expect(header).toBeFocused();
  await expect(box).not.toBeFocused();

  await page.getByRole('button', { name: 'Chat options' }).tap();
  await page.getByRole('menuitem', { name: 'Block' }).tap();
  await page.getByRole('dialog').getByRole('button', { name: 'Block' }).tap();
  await page.getByTestId('notice-blocked-by-me').getByRole('button', { name: 'Unblock' }).tap();
  await expect(box).toBeEnabled();
  await expect(header).toBeFocused();
  await expect(box).not.toBeFocused();
  await close();
});

/**
 * Ann on a phone, in an empty chat with Ben, once in every language with the phone's text size at
 * 200% (`shown` visible first): `check` says what is wrong there, or null.
 */
async function inEveryLanguageAtLargeText(
  browser: Browser,
  baseURL: string,
  shown: (page: Page) => Locator,
  check: (page: Page, locale: string) => Promise<string | null>,
): Promise<string[]> {
  const { ann, ben, close } = await annOnPhoneAndBen(browser, baseURL);
  const faults: string[] = [];
  for (const locale of LOCALES) {
    await ann.context.addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL }]);
    await ann.page.goto(`/members/${ben.id}/chat`);
    await expect(shown(ann.page)).toBeVisible();
    await ann.page.evaluate(() => (document.documentElement.style.fontSize = '200%'));
    const fault = await check(ann.page, locale);
    if (fault) faults.push(fault);
  }
  await close();
  return faults;
}

test('on a phone with large text, "Break the ice" stays inside the empty chat in every language', async ({ browser, baseURL }) => {
  const button = (page: Page) => page.getByTestId('open-icebreakers');
  const outside = await inEveryLanguageAtLargeText(browser, baseURL!, button, async (page, locale) => {
    // it "Rompi il ghiaccio" ran past both edges of the screen, and the chat scrolled sideways.
    const { left, right, card } = await button(page).evaluate((element) => {
      const box = element.getBoundingClientRect();
      const card = element.parentElement!.getBoundingClientRect();
      return { left: box.left, right: box.right, card: { left: card.left, right: card.right } };
    });
    const inside = left >= card.left - 0.5 && right <= card.right + 0.5;
    return inside ? null : `${locale} "${await button(page).textContent()}" ${Math.round(left)}..${Math.round(right)} px in a card ${Math.round(card.left)}..${Math.round(card.right)} px`;
  });
  expect(outside).toEqual([]);
});

test('on a phone with large text, the balance under the message box is shown whole in every language', async ({ browser, baseURL }) => {
  const balance = (page: Page) => page.locator('.chat-composer-balance');
  const cut = await inEveryLanguageAtLargeText(browser, baseURL!, balance, async (page, locale) => {
    // The cost line hides what runs past its edge: pl "Pozostało 20 kredy", es "te quedan 20 cré".
    const { text, past } = await balance(page).evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return { text: element.textContent!, past: range.getBoundingClientRect().right - element.parentElement!.getBoundingClientRect().right };
    });
    return past > 0.5 ? `${locale} "${text}" by ${Math.round(past)} px` : null;
  });
  expect(cut).toEqual([]);
});

/** The longest "last seen" times of the languages (chat-header-fit.spec.ts has them all). */
const LONG_AGO: Array<[number, Intl.RelativeTimeFormatUnit]> = [[-59, 'minute'], [-23, 'hour'], [-6, 'day'], [-3, 'week'], [-11, 'month']];
/** A week, a month and a year ago are the catalogue's words, not Intl's (PresenceText.tsx). */
const PREVIOUS_UNIT_IDS = ['chat.lastWeek', 'chat.lastMonth', 'chat.lastYear'];

test('on a phone with large text, the chat header\'s "last seen" stays beside the menu, not under it and off the screen', async ({ browser, baseURL }) => {
  const { context, page } = await sophieOnPhone(browser, baseURL!);
  const chats = (await (await context.request.get('/api/chats.php')).json()) as ChatsResponse;
  // A seeded peer who is never online (James is, whenever another spec has him connected).
  const peer = chats.chats.find((c) => !c.profile.online && c.profile.last_seen && c.profile.name !== DEMO_ACCOUNTS.premium.name)!;
  const faults: string[] = [];
  for (const locale of LOCALES) {
    await context.addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
    await page.goto(`/chats/${peer.conversation}`);
    const when = page.locator('.chat-header .chat-presence-when');
    await expect(when).toBeVisible();
    await page.evaluate(() => (document.documentElement.style.fontSize = '200%'));
    // Each long time in turn, where the line has it (the seed decides the real one).
    faults.push(...(await when.evaluate((span, { locale, agos, ours }) => {
      const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
      const menu = document.querySelector('.chat-header .chat-menu')!.getBoundingClientRect();
      return [...agos.map(([value, unit]) => format.format(value, unit)), ...ours].flatMap((text) => {
        span.textContent = text;
        const line = document.createRange();
        line.selectNodeContents(span.parentElement!);
        const right = Math.max(...[...line.getClientRects()].map((r) => r.right));
        return right > menu.left + 0.5 ? [`${locale} "${span.parentElement!.textContent}" runs ${Math.round(right - menu.left)} px under the menu (screen ${innerWidth} px)`] : [];
      });
    }, { locale, agos: LONG_AGO, ours: PREVIOUS_UNIT_IDS.map((id) => chatLabel(locale, id)) })));
  }
  expect(faults).toEqual([]);
  await context.close();
});

test('on a phone with large text, a confirmation\'s close button stays on the screen and its choices hold their labels in every language', async ({ browser, baseURL }) => {
  const { context, page } = await sophieOnPhone(browser, baseURL!);
  const chats = (await (await context.request.get('/api/chats.php')).json()) as ChatsResponse;
  const withJames = chats.chats.find((c) => c.profile.name === DEMO_ACCOUNTS.premium.name)!;
  const faults: string[] = [];
  for (const locale of LOCALES) {
    await context.addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
    await page.goto(`/chats/${withJames.conversation}`);
    await expect(page.getByTestId('chat-input')).toBeVisible();
    await page.evaluate(() => (document.documentElement.style.fontSize = '200%'));
    // Opened and closed with Escape: nothing is deleted.
    await page.locator('.chat-menu .dropdown-toggle').tap();
    await page.getByRole('menuitem').last().tap();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    // fr "Supprimer la conversation ?": its longest word pushed the close button off the screen,
    // and the dialog scrolled sideways to reach it.
    const { close, sideways } = await dialog.evaluate((element) => ({
      close: element.querySelector('.modal-close')!.getBoundingClientRect().right,
      sideways: element.scrollWidth - element.clientWidth,
    }));
    if (close > PHONE.viewport.width + 0.5 || sideways > 0) faults.push(`${locale} "${await dialog.locator('.modal-title').textContent()}": close button ends at ${Math.round(close)} px, dialog ${sideways} px too wide`);
    // Its two choices: each label inside its own button (fr "Annuler" ran into "Supprimer").
    for (const button of await dialog.locator('.chat-confirm-actions .btn').all()) {
      const outside = await labelOutside(button, `${locale} `);
      if (outside) faults.push(outside);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  }
  expect(faults).toEqual([]);
  await context.close();
});

test('on a phone with large text, a chat that failed to open holds "Try again" and "Back to messages" in their buttons (de)', async ({ browser, baseURL }) => {
  const { context, page } = await sophieOnPhone(browser, baseURL!);
  await context.addCookies([{ name: 'i18n_redirected', value: 'de', url: baseURL! }]);
  const chats = (await (await context.request.get('/api/chats.php')).json()) as ChatsResponse;
  // The opening gets no answer: after its tries the chat offers both ways on.
  await page.route('**/api/messages.php?*', (route) => route.abort());
  await page.goto(`/chats/${chats.chats[0]!.conversation}`);
  await page.evaluate(() => (document.documentElement.style.fontSize = '200%'));
  await expect(page.getByTestId('chat-error-retry')).toBeVisible({ timeout: 20_000 });
  const faults: string[] = [];
  for (const button of [page.getByTestId('chat-error-retry'), page.getByTestId('chat-error-back')]) {
    // "Erneut versuchen" and "Zurück zu den Nachrichten" ran out of their halves into each other.
    const outside = await labelOutside(button, '');
    if (outside) faults.push(outside);
  }
  expect(faults).toEqual([]);
  await context.close();
});

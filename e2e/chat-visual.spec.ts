/**
 * The chat screens as they look on a touch phone (390x844) in each locale: a visual audit's
 * findings (session 44), each test seen failing on the build before its fix.
 */
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import type { ChatsResponse, MessagesResponse } from '../shared/src/api/chats.js';
import { USERNAME_MAX } from '../shared/src/rules/username.js';
import { DEMO_ACCOUNTS, newMember } from './chat-fixtures.js';
import type { DemoAccount } from '../db/seed/demo-accounts.js';

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true };

async function memberOn(browser: Browser, baseURL: string, locale: string, account: DemoAccount): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, ...PHONE });
  await context.addCookies([
    { name: 'i18n_redirected', value: locale, url: baseURL },
    { name: 'site_entry_warning', value: '1', url: baseURL },
  ]);
  const response = await context.request.post('/api/user.php', { data: { email: account.email, password: account.password } });
  expect(response.status()).toBe(200);
  return context;
}

const sophieOn = (browser: Browser, baseURL: string, locale: string) => memberOn(browser, baseURL, locale, DEMO_ACCOUNTS.free);

async function conversationWithJames(context: BrowserContext): Promise<number> {
  const chats = (await (await context.request.get('/api/chats.php')).json()) as ChatsResponse;
  return chats.chats.find((c) => c.profile.name === DEMO_ACCOUNTS.premium.name)!.conversation;
}

/** A member the caller has never written with and may write to: the empty chat with its title. */
async function strangerOf(context: BrowserContext): Promise<number> {
  const me = ((await (await context.request.get('/api/user.php')).json()) as { user: { id: number } }).user.id;
  for (let id = 1; id < 200; id++) {
    if (id === me) continue;
    const response = await context.request.get(`/api/messages.php?profile=${id}&limit=1`);
    if (!response.ok()) continue;
    const chat = (await response.json()) as MessagesResponse;
    if (chat.conversation === null && chat.profile.can_receive_replies && !chat.blocked_by_me && !chat.blocked_me && !chat.conversation_limit_reached) return id;
  }
  throw new Error('no member to start a chat with');
}

/** Every opening animation has ended, so sizes are not read mid-transition. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
}

for (const locale of ['en', 'de', 'fr', 'es', 'it', 'nl', 'pl']) {
  test(`the delete and block confirmations keep a 44 px close button on a touch phone (${locale})`, async ({ browser, baseURL }) => {
    const context = await sophieOn(browser, baseURL!, locale);
    const page = await context.newPage();
    await page.goto(`/chats/${await conversationWithJames(context)}`);
    await expect(page.getByTestId('chat-input')).toBeVisible();
    const dialog = page.getByRole('dialog');
    for (const [what, item] of [['delete', '.chat-menu .dropdown-item-danger'], ['block', '.chat-menu button[role=menuitem]:not(.dropdown-item-danger)']] as const) {
      await page.locator('.chat-menu .dropdown-toggle').click();
      await page.locator(item).click();
      await expect(dialog).toBeVisible();
      await settled(page);
      
      const close = (await dialog.locator('.modal-close').boundingBox())!;
      expect.soft(`${Math.round(close.width)}x${Math.round(close.height)}`, `${what} dialog's close button (${await dialog.locator('.modal-title').textContent()})`).toBe('44x44');
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    }
    await context.close();
  });
}

/** WCAG 2.1 contrast of two sRGB colours. */
function contrast(a: number[], b: number[]): number {
  const lum = (c: number[]) => {
    const [r, g, bl] = c.map((v) => { const s = v / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

test('on a touch phone the chat list\'s delete (trash) icons have at least 3:1 contrast against the entry', async ({ browser, baseURL }) => {
  const context = await sophieOn(browser, baseURL!, 'en');
  const page = await context.newPage();
  await page.goto('/chats');
  await expect(page.getByTestId('chat-list-item').first()).toBeVisible();
  const { fg, bg, opacity } = await page.locator('.chat-list-delete').first().evaluate((button) => {
    const rgb = (s: string) => s.match(/[\d.]+/g)!.slice(0, 3).map(Number);
    const style = getComputedStyle(button);
    // The entry's background, or the first painted one above it.
    let bgOf: Element | null = button;
    let bgColour = 'rgb(255, 255, 255)';
    while (bgOf) {
      const c = getComputedStyle(bgOf).backgroundColor;
      if (c !== 'rgba(0, 0, 0, 0)' && c !== 'transparent') { bgColour = c; break; }
      bgOf = bgOf.parentElement;
    }
    return { fg: rgb(style.color), bg: rgb(bgColour), opacity: Number(style.opacity) };
  });
  const shown = fg.map((v, i) => v * opacity + bg[i]! * (1 - opacity));
  const ratio = contrast(shown, bg);
  expect(ratio, `icon ${shown.map(Math.round)} on ${bg} (opacity ${opacity})`).toBeGreaterThanOrEqual(3);
  await context.close();
});

test('on a phone the failed chat\'s "Try again" and "Back to messages" stand side by side (en)', async ({ browser, baseURL }) => {
  const context = await sophieOn(browser, baseURL!, 'en');
  const page = await context.newPage();
  // A chat this page has never opened (not James's, which other tests open).
  const chats = (await (await context.request.get('/api/chats.php')).json()) as ChatsResponse;
  const other = chats.chats.find((c) => c.profile.name !== DEMO_ACCOUNTS.premium.name && c.last_message)!;
  await page.goto('/chats');
  const entry = page.locator(`[data-testid=chat-list-item] a[href="/chats/${other.conversation}"]`);
  await expect(entry).toBeVisible();
  await context.setOffline(true);
  await entry.click();
  await expect(page.getByTestId('chat-error-back')).toBeVisible({ timeout: 20_000 });
  const retry = (await page.getByTestId('chat-error-retry').boundingBox())!;
  const back = (await page.getByTestId('chat-error-back').boundingBox())!;
  expect(Math.round(back.y), 'Back to messages on the same row as Try again').toBe(Math.round(retry.y));
  await context.setOffline(false);
  await context.close();
});

test('Polish: the empty chat\'s title does not leave the one-letter preposition "z" at the end of a line on a phone', async ({ browser, baseURL }) => {
  // James: premium, so no limit on conversations started (other specs start Sophie's) turns the
  // empty chat into the premium notice.
  const context = await memberOn(browser, baseURL!, 'pl', DEMO_ACCOUNTS.premium);
  const page = await context.newPage();
  const stranger = await strangerOf(context);
  await page.goto(`/members/${stranger}/chat`);
  const title = page.locator('.chat-empty-title');
  await expect(title).toBeVisible();
  // The words that end a line of the title.
  const lineEnds = await title.evaluate((el) => {
    const node = el.firstChild!;
    const text = node.textContent!;
    const top = (i: number) => { const r = document.createRange(); r.setStart(node, i); r.setEnd(node, i + 1); return r.getBoundingClientRect().top; };
    const words = [...text.matchAll(/\S+/g)];
    return words.filter((w, k) => k + 1 < words.length && top(words[k + 1]!.index!) > top(w.index!) + 2).map((w) => w[0]);
  });
  expect(lineEnds.filter((word) => /^\p{L}$/u.test(word)), `"${await title.textContent()}" breaks after ${JSON.stringify(lineEnds)}`).toEqual([]);
  await context.close();
});

test('on a phone the balance, on a line of its own, begins with a capital (it, pl)', async ({ browser, baseURL }) => {
  for (const locale of ['it', 'pl']) {
    const context = await sophieOn(browser, baseURL!, locale);
    const page = await context.newPage();
    await page.goto(`/chats/${await conversationWithJames(context)}`);
    const balance = page.locator('.chat-composer-balance');
    await expect(balance).toBeVisible();
    // "ti restano 20 crediti" follows "1 credito per messaggio …" after a dot on a wide screen;
    // alone on its line it starts a sentence.
    const { ownLine, firstLetter } = await balance.evaluate((el) => ({
      ownLine: el.getBoundingClientRect().top > el.parentElement!.firstElementChild!.getBoundingClientRect().bottom - 1,
      firstLetter: getComputedStyle(el, '::first-letter').textTransform,
    }));
    expect(ownLine, `${locale}: the balance on a line of its own`).toBe(true);
    expect(firstLetter, `${locale}: its first letter`).toBe('uppercase');
    await context.close();
  }
});

/**
 * The descendants of `container` (itself too) whose text runs past their own box: a word wider
 * than the line that nothing breaks. Boxes that cut their text with an ellipsis on purpose are not counted.
 */
async function overrunning(container: Locator): Promise<string[]> {
  return container.evaluate((root) =>
    [root, ...root.querySelectorAll('*')]
      .filter((el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).textOverflow !== 'ellipsis' && el.clientWidth > 0)
      .map((el) => `${el.className}: ${el.scrollWidth} px of text in ${el.clientWidth} px, "${el.textContent}"`),
  );
}

test('on a phone a one-word name as long as names may be stays inside the empty chat, the icebreakers and the delete dialog (it)', async ({ browser, baseURL }) => {
  // USERNAME_MAX letters and no hyphen or space: the line cannot break at a word's end.
  const name = 'Wolfeschlegelsteinhausenbergerdorffvoral';
  expect(name).toHaveLength(USERNAME_MAX);
  const peer = await newMember(browser, baseURL!, name);
  await peer.context.close();
  // James: premium, so the empty chat is not the conversation limit's notice.
  const context = await memberOn(browser, baseURL!, 'it', DEMO_ACCOUNTS.premium);
  const page = await context.newPage();
  await page.goto(`/members/${peer.id}/chat`);
  const card = page.locator('.chat-empty-thread');
  await expect(card.locator('.chat-empty-title')).toContainText(name);
  expect.soft(await overrunning(card), 'the empty chat\'s card').toEqual([]);
  await page.getByTestId('open-icebreakers').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('.chat-modal-lead')).toContainText(name);
  await settled(page);
  expect.soft(await overrunning(dialog.locator('.chat-modal-lead')), 'the icebreakers\' lead').toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  // A chat begun (a message sent) has Delete in its menu.
  const sent = await context.request.post('/api/messages.php', { data: { profile: peer.id, client_id: `long-name-${Date.now()}`, body: 'Ciao!' } });
  expect(sent.ok()).toBe(true);
  await page.reload();
  await expect(page.getByTestId('chat-input')).toBeVisible();
  await page.locator('.chat-menu .dropdown-toggle').click();
  await page.locator('.chat-menu .dropdown-item-danger').click();
  await expect(dialog.locator('.chat-confirm-text')).toContainText(name);
  await settled(page);
  expect.soft(await overrunning(dialog.locator('.chat-confirm-text')), 'the delete dialog\'s text').toEqual([]);
  await context.close();
});

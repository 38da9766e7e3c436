/**
 * Titles on a 320 px phone: one that wraps does not end with a lone short word on a line of its
 * own (de "Wir legen hier | gerade letzte Hand | an", nl "Begin je gesprek met | Eva").
 */
import { expect, test, type Locator } from '@playwright/test';
import type { ChatsResponse } from '../shared/src/api/chats.js';
import { LOCALES } from '../shared/src/constants.js';
import { chatLabel, DEMO_ACCOUNTS } from './chat-fixtures.js';

/** Names of the length members have: the empty chat's title breaks differently around each. */
const NAMES = ['Eva', 'Mia', 'Lotte', 'Sophie', 'Isabella'];

/**
 * The title's lines (words by the top of their box) when its last line is one word narrower than a
 * third of the line above: a stub the eye stops at. A long last word (pl "Załóż darmowe | konto") is
 * left alone: at that width no other break of the same words avoids it.
 */
async function stub(title: Locator, text?: string): Promise<string | null> {
  return title.evaluate((el, text) => {
    if (text !== undefined) el.textContent = text;
    const words: Array<{ top: number; left: number; right: number; word: string }> = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of node.textContent!.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        // The last box: a word broken at a soft hyphen ends on the lower line.
        const box = [...range.getClientRects()].filter((r) => r.width > 0).pop();
        if (box) words.push({ top: Math.round(box.top), left: box.left, right: box.right, word: match[0] });
      }
    }
    const tops = [...new Set(words.map((w) => w.top))].sort((a, b) => a - b);
    const line = (top: number) => words.filter((w) => w.top === top);
    const width = (top: number) => Math.max(...line(top).map((w) => w.right)) - Math.min(...line(top).map((w) => w.left));
    if (tops.length < 2) return null;
    const [above, last] = tops.slice(-2) as [number, number];
    if (line(last).length > 1 || width(last) >= width(above) / 3) return null;
    return tops.map((top) => line(top).map((w) => w.word).join(' ')).join(' | ');
  }, text);
}

for (const locale of LOCALES) {
  test(`on a 320 px phone no title ends with a lone short word (${locale})`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true });
    await context.addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
    // James: premium, so a chat not begun shows its card (a free member at the limit gets a notice).
    expect((await context.request.post('/api/user.php', { data: { email: DEMO_ACCOUNTS.premium.email, password: DEMO_ACCOUNTS.premium.password } })).status()).toBe(200);
    const chats = (await (await context.request.get('/api/chats.php')).json()) as ChatsResponse;
    const known = new Set(chats.chats.map((c) => c.profile.id));
    const stranger = [...Array(40).keys()].map((i) => i + 1).find((id) => !known.has(id))!;
    const page = await context.newPage();
    const stubs: string[] = [];
    const check = async (where: string, title: Locator, text?: string) => {
      const found = await stub(title, text);
      if (found) stubs.push(`${where}: ${found}`);
    };

    await page.goto(`/members/${stranger}/chat`);
    const cardTitle = page.locator('.chat-empty-title');
    await expect(cardTitle).toBeVisible();
    // The title as it reads with each name (the seed decides who the stranger is).
    for (const name of NAMES) await check('empty chat', cardTitle, chatLabel(locale, 'chat.emptyThreadTitle').replace('{name}', name));
    await page.reload();
    await page.getByRole('button', { name: chatLabel(locale, 'chat.sendGift') }).click();
    await expect(page.locator('.modal-title')).toBeVisible();
    await check('gift sheet', page.locator('.modal-title'));
    // Short enough for one line beside the close button at 320 px (it took two at 22 px).
    const giftTitleLines = await page.locator('.modal-title').evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)));
    expect(giftTitleLines, 'the gift sheet title on one line').toBe(1);
    await page.keyboard.press('Escape');
    await page.locator('.chat-menu .dropdown-toggle').click();
    await page.getByRole('menuitem', { name: chatLabel(locale, 'chat.block') }).click();
    await expect(page.locator('.modal-title')).toBeVisible();
    await check('block confirmation', page.locator('.modal-title'));
    await page.keyboard.press('Escape');

    // A screen's title and the "coming soon" heading under it.
    for (const path of ['/members', '/credits']) {
      await page.goto(path);
      const headings = page.locator('main h1, main h2');
      await expect(headings.first()).toBeVisible();
      for (const heading of await headings.all()) if (await heading.isVisible()) await check(path, heading);
    }
    expect(stubs).toEqual([]);
    await context.close();
  });
}

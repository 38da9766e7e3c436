import { expect, test } from '@playwright/test';
import type { ChatsResponse } from '../shared/src/api/chats.js';
import { LOCALES } from '../shared/src/constants.js';
import { chatLabel, DEMO_ACCOUNTS } from './chat-fixtures.js';
import { midWordBreaks } from './shell-helpers.js';

/** Every "ago" the chat header can say (chat-format.ts relativeParts): the longest of each unit. */
const LONGEST_AGO: Array<[number, Intl.RelativeTimeFormatUnit]> = [[-59, 'minute'], [-23, 'hour'], [-6, 'day'], [-3, 'week'], [-11, 'month'], [-2, 'year']];
/** A week, a month and a year ago are the catalogue's words, not Intl's (PresenceText.tsx). */
const PREVIOUS_UNIT_IDS = ['chat.lastWeek', 'chat.lastMonth', 'chat.lastYear'];

/** A 390 px phone keeps the line to one line; a 320 px one may wrap it onto a second, never cut it. */
const PHONES = [{ width: 390, height: 844, lines: 1 }, { width: 320, height: 640, lines: 2 }];

for (const locale of LOCALES) {
  test(`a chat's "last seen" line fits under the name on a touch phone (${locale})`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, viewport: PHONES[0]!, hasTouch: true });
    await context.addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
    expect((await context.request.post('/api/user.php', { data: { email: DEMO_ACCOUNTS.free.email, password: DEMO_ACCOUNTS.free.password } })).status()).toBe(200);
    const chats = (await (await context.request.get('/api/chats.php')).json()) as ChatsResponse;
    const page = await context.newPage();
    // Always the chat with James: the newest chat is whichever another spec wrote in last, and its
    // header (a block, an unconfirmed peer) need not have the same room for the line.
    const withJames = chats.chats.find((c) => c.profile.name === DEMO_ACCOUNTS.premium.name)!;
    await page.goto(`/chats/${withJames.conversation}`);
    const presence = page.locator('.chat-header .chat-presence');
    await expect(presence).toBeVisible();
    // The seed decides when each member was last here: write each longest "last seen" of the
    // language into the line and see that none is cut with an ellipsis.
    const template = chatLabel(locale, 'chat.lastSeen');
    for (const phone of PHONES) {
      await page.setViewportSize(phone);
      const unfit = await presence.evaluate((line, { locale, template, agos, ours, lines }) => {
        // "Last seen" is shown only while the peer is offline: as the line looks then, not in the
        // bolder "Online" style James has whenever another spec has him connected.
        line.classList.remove('chat-presence-online', 'chat-presence-typing');
        const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
        const menu = document.querySelector('.chat-header .chat-menu')!.getBoundingClientRect();
        return [...agos.map(([value, unit]) => format.format(value, unit)), ...ours].map((when) => template.replace('{when}', when)).flatMap((text) => {
          line.textContent = text;
          const words = document.createRange();
          words.selectNodeContents(line);
          const rects = [...words.getClientRects()].filter((r) => r.width > 0);
          const lineCount = new Set(rects.map((r) => Math.round(r.top))).size;
          // Cut with an ellipsis, on more lines than the phone allows, under the menu button, or
          // wrapped inside a word rather than between two ("vor 23 | Stunden").
          const cut = line.scrollWidth > line.clientWidth || line.scrollHeight > line.clientHeight;
          const under = rects.some((r) => r.right > menu.left);
          const node = line.firstChild!;
          const top = (i: number) => {
            const char = document.createRange();
            char.setStart(node, i);
            char.setEnd(node, i + 1);
            return char.getBoundingClientRect().top;
          };
          const midWord = [...text].some((char, i) => i > 0 && !/\s/.test(char) && !/\s/.test(text[i - 1]!) && top(i) > top(i - 1) + 2);
          const faults = [cut && 'cut', lineCount > lines && `${lineCount} lines`, under && 'under the menu', midWord && 'broken inside a word'].filter(Boolean);
          return faults.length > 0 ? [`${text}: ${faults.join(', ')}`] : [];
        });
      }, { locale, template, agos: LONGEST_AGO, ours: PREVIOUS_UNIT_IDS.map((id) => chatLabel(locale, id)), lines: phone.lines });
      expect.soft(unfit, `${phone.width} px`).toEqual([]);
    }
    await context.close();
  });
}

for (const locale of LOCALES) {
  test(`on a 320 px phone the list's header, the block confirmation and the gift sheet lie inside the screen (${locale})`, async ({ browser, baseURL }) => {
    const width = 320;
    const context = await browser.newContext({ baseURL, viewport: { width, height: 640 }, hasTouch: true });
    await context.addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
    expect((await context.request.post('/api/user.php', { data: { email: DEMO_ACCOUNTS.free.email, password: DEMO_ACCOUNTS.free.password } })).status()).toBe(200);
    const chats = (await (await context.request.get('/api/chats.php')).json()) as ChatsResponse;
    const page = await context.newPage();
    const inside = async (what: string, box: { x: number; width: number } | null, frame: { x: number; width: number }) => {
      expect.soft(box!.x, `${what}: left edge`).toBeGreaterThanOrEqual(frame.x);
      expect.soft(box!.x + box!.width, `${what}: right edge`).toBeLessThanOrEqual(frame.x + frame.width);
    };

    await page.goto('/chats');
    // de "Nachrichten" beside "Mitglieder finden" ran past the edge; the link goes below instead.
    await inside('find members', await page.locator('.chat-list-find').boundingBox(), { x: 0, width });
    // Where the two fit side by side they share one line: the phone's heading size took a line
    // of its own from the link in every language.
    if (!['de', 'fr'].includes(locale)) {
      const title = (await page.locator('.chat-list-header h1').boundingBox())!;
      const link = (await page.locator('.chat-list-find').boundingBox())!;
      expect.soft(link.y, 'find members beside the title').toBeLessThan(title.y + title.height);
    }

    const withJames = chats.chats.find((c) => c.profile.name === DEMO_ACCOUNTS.premium.name)!;
    await page.goto(`/chats/${withJames.conversation}`);
    await page.locator('.chat-menu .dropdown-toggle').click();
    await page.getByRole('menuitem', { name: chatLabel(locale, 'chat.block') }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toBeVisible();
    const confirmBox = (await confirm.boundingBox())!;
    for (const button of await confirm.locator('.chat-confirm-actions .btn').all()) await inside(`confirm "${await button.textContent()}"`, await button.boundingBox(), confirmBox);
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();

    await page.getByRole('button', { name: chatLabel(locale, 'chat.sendGift') }).click();
    const sheet = page.getByRole('dialog');
    await expect(sheet.getByTestId('gift-rose')).toBeVisible();
    // Within the grid, the sheet's width less its padding: de "Champagner" widened its column, and
    // the last tile ran into the sheet's margin.
    const grid = (await sheet.locator('.chat-gift-grid').boundingBox())!;
    for (const gift of await sheet.locator('.chat-gift-option').all()) await inside(`gift "${await gift.textContent()}"`, await gift.boundingBox(), grid);
    // Nor is a name cut mid-word, here or on a 390 px phone (three equal columns there cut nl "Champagn-e").
    for (const viewport of [{ width, height: 640 }, { width: 390, height: 844 }]) {
      await page.setViewportSize(viewport);
      const names = sheet.locator('.chat-gift-option-name');
      for (let i = 0; i < (await names.count()); i++) expect.soft(await midWordBreaks(page, `.chat-gift-option-name >> nth=${i}`), `${viewport.width} px`).toEqual([]);
    }
    await context.close();
  });
}

test('on a desktop the list\'s title and "Find members" share one line in every language', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  expect((await context.request.post('/api/user.php', { data: { email: DEMO_ACCOUNTS.free.email, password: DEMO_ACCOUNTS.free.password } })).status()).toBe(200);
  const page = await context.newPage();
  for (const locale of LOCALES) {
    await context.addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
    await page.goto('/chats');
    const find = page.locator('.chat-list-find');
    await expect(find).toHaveText(chatLabel(locale, 'chat.findMembers'));
    // The narrowest list column beside a chat (900 px) is as wide as the widest (380 px): one
    // width tells for every desktop. de "Mitglieder finden" went under "Nachrichten".
    const title = (await page.locator('.chat-list-header h1').boundingBox())!;
    const link = (await find.boundingBox())!;
    expect.soft(link.y, `${locale}: "${chatLabel(locale, 'chat.findMembers')}" beside the title`).toBeLessThan(title.y + title.height);
  }
  await context.close();
});

/** The "ago" a 320 px phone has to wrap in some language: a number, its unit and the word around them. */
const WRAPPED_AGO: Array<[number, Intl.RelativeTimeFormatUnit]> = [[-27, 'minute'], [-23, 'hour'], [-3, 'week'], [-11, 'month']];

for (const locale of LOCALES) {
  test(`on a 320 px phone the "last seen" line wraps before its time, never inside it (${locale})`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, viewport: { width: 320, height: 640 }, hasTouch: true, isMobile: true });
    await context.addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
    expect((await context.request.post('/api/user.php', { data: { email: DEMO_ACCOUNTS.free.email, password: DEMO_ACCOUNTS.free.password } })).status()).toBe(200);
    const chats = (await (await context.request.get('/api/chats.php')).json()) as ChatsResponse;
    // A peer shown offline, so the header says when she was last here: James is online whenever
    // another spec has him connected; the seeded peers never are.
    const peer = chats.chats.map((c) => ({ conversation: c.conversation, profile: c.profile })).find((c) => !c.profile.online && c.profile.last_seen && c.profile.name !== DEMO_ACCOUNTS.premium.name)!;
    const lastSeen = Date.parse(peer.profile.last_seen!);
    const page = await context.newPage();
    const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    const units: Record<string, number> = { minute: 60_000, hour: 3_600_000, week: 7 * 86_400_000, month: 31 * 86_400_000 };
    // The server's clock as the page learns it (the Date header, state/server-clock.ts) stands
    // with the page's: the page corrects a device clock that is off from the server's.
    let shownAt = Date.now();
    await page.route('**/api/**', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, headers: { ...response.headers(), date: new Date(shownAt).toUTCString() } });
    });
    for (const [value, unit] of WRAPPED_AGO) {
      // The page's clock stands where the peer's last visit is this long ago (chat-format.ts reads
      // whole units: a little past the mark), as the member would see it then.
      shownAt = lastSeen - value * units[unit]! + 30_000;
      await page.clock.setFixedTime(shownAt);
      await page.goto(`/chats/${peer.conversation}`);
      const when = format.format(value, unit);
      const presence = page.locator('.chat-header .chat-presence');
      await expect(presence).toContainText(when);
      // "Last seen 27 | minutes ago" parts a number from its unit (en, nl, pl; fr "il y | a"):
      // every letter of the time stands on one line.
      const tops = await presence.evaluate((line, when) => {
        const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
        const chars: Array<{ char: string; top: number }> = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (let i = 0; i < node.textContent!.length; i++) {
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            const rects = [...range.getClientRects()].filter((r) => r.width > 0);
            chars.push({ char: node.textContent![i]!, top: rects.length > 0 ? Math.round(rects[rects.length - 1]!.top) : -1 });
          }
        }
        // The line binds a number to its unit with a no-break space (PresenceText.tsx); Intl's has a plain one.
        const text = chars.map((c) => c.char).join('').replace(/\u00a0/g, ' ');
        const at = text.indexOf(when);
        return new Set(chars.slice(at, at + when.length).filter((c) => c.top >= 0 && !/\s/.test(c.char)).map((c) => c.top)).size;
      }, when);
      expect.soft(tops, `"${await presence.textContent()}": lines the time "${when}" takes`).toBe(1);
    }
    // A request still in the route handler when the context closes: its answer is thrown away, and
    // fulfilling it then fails the test after every assertion passed (as in chat-flaky.spec.ts).
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.close();
  });
}

test('on a 320 px phone the message box shows its whole placeholder in every language', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 320, height: 640 }, hasTouch: true, isMobile: true });
  expect((await context.request.post('/api/user.php', { data: { email: DEMO_ACCOUNTS.free.email, password: DEMO_ACCOUNTS.free.password } })).status()).toBe(200);
  const chats = (await (await context.request.get('/api/chats.php')).json()) as ChatsResponse;
  const withJames = chats.chats.find((c) => c.profile.name === DEMO_ACCOUNTS.premium.name)!;
  const page = await context.newPage();
  for (const locale of LOCALES) {
    await context.addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
    await page.goto(`/chats/${withJames.conversation}`);
    const box = page.getByTestId('chat-input');
    await expect(box).toHaveAttribute('placeholder', chatLabel(locale, 'chat.placeholder'));
    // The placeholder is drawn on one line and cut with an ellipsis where it is wider than the
    // box: pl "Napisz wiadomość…" read "Napisz wiadomoś…".
    const { text, room } = await box.evaluate((input: HTMLTextAreaElement) => {
      const style = getComputedStyle(input, '::placeholder');
      const canvas = document.createElement('canvas').getContext('2d')!;
      canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const own = getComputedStyle(input);
      return { text: canvas.measureText(input.placeholder).width, room: input.clientWidth - parseFloat(own.paddingLeft) - parseFloat(own.paddingRight) };
    });
    expect.soft(text, `${locale} "${chatLabel(locale, 'chat.placeholder')}" in a ${Math.round(room)} px box`).toBeLessThanOrEqual(room);
  }
  await context.close();
});

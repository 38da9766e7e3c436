/**
 * A phone with a notch and a home bar (an iPhone): the page asks to be drawn under them
 * (`viewport-fit=cover`), so what a member taps must stay out of the areas the phone reports as
 * unsafe (`env(safe-area-inset-*)`). Chromium stands in for such a phone through the DevTools
 * protocol's safe-area override.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { conversationWith, DEMO_ACCOUNTS } from './chat-fixtures.js';
import { skipSiteEntryWarning } from './shell-helpers.js';

interface Insets { top?: number; bottom?: number; left?: number; right?: number }
/** An iPhone turned on its side: the notch on one side, the rounded corners on both, the home bar. */
const LANDSCAPE = { width: 844, height: 390, insets: { left: 47, right: 47, bottom: 21 } };
/** The same phone upright: the home bar under the page. */
const PORTRAIT = { width: 390, height: 844, insets: { top: 47, bottom: 34 } };

/** Sophie logged in on a touch phone of that shape, the phone's unsafe areas set. */
async function sophieOn(browser: Browser, baseURL: string, phone: { width: number; height: number; insets: Insets }) {
  const context = await browser.newContext({ baseURL, viewport: { width: phone.width, height: phone.height }, isMobile: true, hasTouch: true });
  await skipSiteEntryWarning(context);
  const login = await context.request.post('/api/user.php', { data: { email: DEMO_ACCOUNTS.free.email, password: DEMO_ACCOUNTS.free.password } });
  expect(login.status()).toBe(200);
  const page = await context.newPage();
  const devtools = await context.newCDPSession(page);
  await devtools.send('Emulation.setSafeAreaInsetsOverride', { insets: phone.insets });
  return { context, page, request: context.request };
}

/** The controls on screen (links, buttons, text boxes) inside `root` that reach into the unsafe sides. */
async function controlsUnderTheSides(page: Page, left: number, right: number, root = 'body'): Promise<string[]> {
  return page.evaluate(({ left, right, root }) => {
    const width = window.innerWidth;
    const faults: string[] = [];
    for (const element of document.querySelector(root)!.querySelectorAll<HTMLElement>('a[href], button, input, textarea, select, [role="button"]')) {
      const box = element.getBoundingClientRect();
      const shown = box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight && getComputedStyle(element).visibility !== 'hidden';
      if (!shown) continue;
      if (box.left < left - 0.5 || box.right > width - right + 0.5) {
        const name = element.getAttribute('aria-label') ?? element.getAttribute('placeholder') ?? element.textContent?.trim().slice(0, 30) ?? element.tagName;
        faults.push(`${location.pathname} "${name}" ${Math.round(box.left)}..${Math.round(box.right)} px`);
      }
    }
    return faults;
  }, { left, right, root });
}

test('turned on its side, no control of the shell, the chat list or a chat sits under the notch or the rounded corners', async ({ browser, baseURL }) => {
  const sophie = await sophieOn(browser, baseURL!, LANDSCAPE);
  const { conversation } = await conversationWith(sophie, DEMO_ACCOUNTS.premium.name);
  const { left, right } = LANDSCAPE.insets;
  const faults: string[] = [];
  for (const [path, ready] of [
    ['/members', '.member-nav'],
    ['/chats', '.chat-list-link'],
    [`/chats/${conversation}`, '[data-testid="chat-input"]'],
  ] as const) {
    await sophie.page.goto(path);
    await expect(sophie.page.locator(ready).first()).toBeVisible();
    faults.push(...(await controlsUnderTheSides(sophie.page, left, right)));
  }
  // A sheet over the chat (the gifts): what the member can tap while it is open.
  await sophie.page.locator('.chat-tool-button').first().click();
  await expect(sophie.page.getByRole('dialog')).toBeVisible();
  faults.push(...(await controlsUnderTheSides(sophie.page, left, right, '[role="dialog"]')).map((fault) => `sheet: ${fault}`));
  expect(faults).toEqual([]);
  await sophie.context.close();
});

test("upright, the last choice of a sheet and the chat's send button stay above the home bar", async ({ browser, baseURL }) => {
  const sophie = await sophieOn(browser, baseURL!, PORTRAIT);
  const { conversation } = await conversationWith(sophie, DEMO_ACCOUNTS.premium.name);
  const safeBottom = PORTRAIT.height - PORTRAIT.insets.bottom;
  await sophie.page.goto(`/chats/${conversation}`);
  const send = sophie.page.getByTestId('chat-send');
  await expect(send).toBeVisible();
  expect((await send.boundingBox())!.y + (await send.boundingBox())!.height, 'the send button').toBeLessThanOrEqual(safeBottom);

  await sophie.page.locator('.chat-tool-button').first().click();
  const sheet = sophie.page.getByRole('dialog');
  await expect(sheet).toBeVisible();
  // Scrolled to its end, as a member reaches its last choice.
  const lastBottom = await sheet.evaluate((element) => {
    const scroller = element.closest('.modal') ?? element;
    scroller.scrollTop = scroller.scrollHeight;
    const controls = [...element.querySelectorAll('button')];
    return controls[controls.length - 1]!.getBoundingClientRect().bottom;
  });
  expect(lastBottom, 'the sheet\'s last choice').toBeLessThanOrEqual(safeBottom);
  await sophie.context.close();
});

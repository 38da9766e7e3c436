import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { LOCALES } from '../shared/src/constants.js';
import { catalogue, skipSiteEntryWarning, uniqueEmail } from './shell-helpers.js';


/**
 * A member who has just signed up and not clicked the link yet: the banner shows on every page.
 * `email`: an address as long as real ones are, one word in the banner's text.
 */
async function unconfirmedMember(context: BrowserContext, email = uniqueEmail('anna.schneider')): Promise<void> {
  const signup = await context.request.post('/api/signup.php', {
    data: { email, name: 'Anna', password: 'a-good-password', date_of_birth: '1992-03-14', gender: 'female', seeking: 'male' },
  });
  expect(signup.status()).toBe(201);
}

async function resendBox(page: Page, locale: string) {
  const messages = catalogue(locale);
  const button = page.getByRole('region', { name: messages['activation.label']! }).getByRole('button', { name: messages['activation.resend']! });
  await expect(button).toBeVisible();
  return (await button.boundingBox())!;
}

for (const width of [320, 390]) {
  test(`on a ${width} px phone the banner's "send the e-mail again" lies inside the screen in every language`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, viewport: { width, height: 844 }, hasTouch: true });
    await skipSiteEntryWarning(context);
    await unconfirmedMember(context);
    const page = await context.newPage();
    // German, French, Polish and Dutch have the longest texts; all seven are cheap to check.
    for (const locale of LOCALES) {
      await context.addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
      await page.goto('/members');
      const box = await resendBox(page, locale);
      expect.soft(box.x, `${locale}: left edge`).toBeGreaterThanOrEqual(0);
      expect.soft(box.x + box.width, `${locale}: right edge`).toBeLessThanOrEqual(width);
      // Nothing in the banner (the address in its text) widens the page past the screen either.
      expect.soft(await page.evaluate(() => document.documentElement.scrollWidth), `${locale}: page width`).toBeLessThanOrEqual(width);
    }
    await context.close();
  });

  test(`on a ${width} px phone the banner breaks a long e-mail address only after its @ or before a dot, never mid-word`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, viewport: { width, height: 844 }, hasTouch: true });
    await skipSiteEntryWarning(context);
    // Long, and with no hyphen (a hyphen is a break the browser takes anyway): only dots and the @.
    const email = `alexandra.konstantinopoulou.${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}@example.com`;
    await unconfirmedMember(context, email);
    const page = await context.newPage();
    for (const locale of LOCALES) {
      await context.addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
      await page.goto('/members');
      await expect(page.locator('.banner-inner p')).toContainText(email);
      const breaks = await addressLineBreaks(page, email);
      // Too long for one line of the banner at these widths: it is broken somewhere.
      expect.soft(breaks.length, `${locale}: the address fills more than one line`).toBeGreaterThan(0);
      for (const at of breaks) {
        const sensible = email[at - 1] === '@' || email[at] === '.';
        expect.soft(sensible, `${locale}: broken as "${email.slice(0, at)}" / "${email.slice(at)}"`).toBe(true);
      }
      expect.soft(await page.evaluate(() => document.documentElement.scrollWidth), `${locale}: page width`).toBeLessThanOrEqual(width);
    }
    await context.close();
  });
}

/** Where the banner's text starts a new line inside `email`: the indexes of the first character on each later line. */
async function addressLineBreaks(page: Page, email: string): Promise<number[]> {
  return page.locator('.banner-inner p').evaluate((p, address) => {
    // Each character of the text with its node, whatever elements the address is split into.
    const chars: { node: Text; offset: number }[] = [];
    const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      for (let offset = 0; offset < node.data.length; offset++) chars.push({ node, offset });
    }
    const text = chars.map(({ node, offset }) => node.data[offset]).join('');
    const start = text.indexOf(address);
    const top = (i: number) => {
      const range = document.createRange();
      range.setStart(chars[i]!.node, chars[i]!.offset);
      range.setEnd(chars[i]!.node, chars[i]!.offset + 1);
      return range.getBoundingClientRect().top;
    };
    const breaks: number[] = [];
    for (let i = 1; i < address.length; i++) if (top(start + i) > top(start + i - 1) + 1) breaks.push(i);
    return breaks;
  }, email);
}

test('on a desktop the banner stays one row: the button beside the text, at the right', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  await skipSiteEntryWarning(context);
  await unconfirmedMember(context);
  await context.addCookies([{ name: 'i18n_redirected', value: 'de', url: baseURL! }]);
  const page = await context.newPage();
  await page.goto('/members');
  const button = await resendBox(page, 'de');
  const text = (await page.locator('.banner-inner p').boundingBox())!;
  const inner = (await page.locator('.banner-inner').boundingBox())!;
  expect(button.x).toBeGreaterThan(text.x + text.width);
  expect(button.y).toBeLessThan(text.y + text.height);
  // Flush with the content column's right edge (the container's 32 px padding).
  expect(Math.round(button.x + button.width)).toBe(Math.round(inner.x + inner.width - 32));
  await context.close();
});

import { expect, test } from '@playwright/test';
import { LOCALES } from '../shared/src/constants.js';
import { emailSplitAtHyphen, logIn, midWordBreaks, skipSiteEntryWarning } from './shell-helpers.js';

test.beforeEach(async ({ context }) => skipSiteEntryWarning(context));

test('an unknown path answers 404 with the not-found page and a link home', async ({ page }) => {
  for (const path of ['/this/does/not/exist', '/unknown-token-page', '/members/abc', '/landers/nope']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText('This page could not be found');
  }
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('visitors reach the public pages; members-only screens send them to log in', async ({ page }) => {
  for (const path of ['/pages/terms', '/pages/privacy', '/pages/cookies', '/pages/ban', '/pages/return-policy', '/pages/service', '/pages/faq', '/about', '/imprint', '/pricing', '/complaints', '/reset-password', '/activate/done', '/activate/error', '/account-deleted', '/lang-config', '/landers/tinderswipe', '/landers/gallery/summer', '/members/12/landing', '/members/12/landing2/x']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
    await expect(page.getByText('This page could not be found'), path).toHaveCount(0);
  }
  for (const path of ['/members', '/likes', '/credits', '/profile', '/settings', '/notifications', '/premium']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/login$/);
  }
});

/** Visitor pages with the longest headings and header texts (de legal titles, es and fr "log in"). */
const NARROW_PAGES = ['/', '/login', '/reset-password', '/pages/terms', '/pages/privacy', '/pages/return-policy', '/pages/faq', '/this/does/not/exist'];

for (const locale of LOCALES) {
  test(`on a 320 px phone the visitor pages fit the screen, keep the brand's name and break their titles between words (${locale})`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, viewport: { width: 320, height: 640 }, hasTouch: true });
    await skipSiteEntryWarning(context);
    await context.addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
    const page = await context.newPage();
    for (const path of NARROW_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Nothing (the header's log-in button, a title, the 404's button) pushes the page sideways.
      expect.soft(await page.evaluate(() => document.documentElement.scrollWidth), `${path}: page width`).toBeLessThanOrEqual(320);
      expect.soft(await midWordBreaks(page, 'h1'), `${path}: title lines`).toEqual([]);
      // The brand's name stays beside its mark, clear of the language menu and the log-in button.
      await expect.soft(page.locator('.topnav .logo-text'), `${path}: brand name`).toBeVisible();
      const [logo, actions] = await Promise.all([page.locator('.topnav .logo').boundingBox(), page.locator('.topnav-actions').boundingBox()]);
      expect.soft(logo!.x + logo!.width, `${path}: brand beside the actions`).toBeLessThanOrEqual(actions!.x);
    }
    await context.close();
  });
}

/** Pages whose sentences put "e-mail" at a line's end on a 320 or a 390 px phone in some language. */
const EMAIL_PAGES = ['/', '/pages/terms', '/pages/faq', '/pages/ban', '/contact', '/activate/done', '/account-deleted'];

for (const locale of LOCALES) {
  test(`on 320 and 390 px phones "e-mail" is never split at its hyphen (${locale})`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, hasTouch: true });
    await skipSiteEntryWarning(context);
    await context.addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
    const page = await context.newPage();
    // Each page loaded once and laid out at both widths: a resize re-wraps the text as a load would.
    for (const path of EMAIL_PAGES) {
      await page.setViewportSize({ width: 320, height: 800 });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // The terms' company block, the last text to arrive.
      if (path === '/pages/terms') await expect(page.locator('.company')).toBeVisible();
      for (const width of [320, 390]) {
        await page.setViewportSize({ width, height: 800 });
        expect.soft(await emailSplitAtHyphen(page), `${width} px ${path}`).toEqual([]);
      }
    }
    // Whatever keeps the word whole is drawn by the font of its letters: a hyphen from a fallback
    // font would stand out (es says "correo electrónico" and has no "e-mail" to look at).
    if (locale !== 'es') {
      await page.goto('/login');
      await expect(page.locator('main form label.field-label').first()).toHaveText(/e.mail/i);
      await page.evaluate(() => document.fonts.ready);
      const cdp = await context.newCDPSession(page);
      await cdp.send('DOM.enable');
      await cdp.send('CSS.enable');
      // Asked again until the label's node holds still: React may replace it between the query
      // and the font lookup ("Could not find node with given id" in a CI run).
      const fontsOfLabel = async () => {
        const { root } = await cdp.send('DOM.getDocument');
        const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: 'main form label.field-label' });
        if (!nodeId) return null;
        return cdp.send('CSS.getPlatformFontsForNode', { nodeId }).then(({ fonts }) => fonts.map((font) => font.familyName), () => null);
      };
      await expect.poll(fontsOfLabel).toHaveLength(1);
    }
    await context.close();
  });
}

test('the terms page shows the company details, the cleaned support phone and the version date', async ({ page }) => {
  await page.goto('/pages/terms');
  await expect(page.getByText('Version of')).toBeVisible();
  const phone = page.locator('.company a[href^="tel:"]');
  await expect(phone).toHaveAttribute('href', /^tel:\+?\d+$/);
});

test('the company\'s address names its country in the page\'s language', async ({ context, page, baseURL }) => {
  for (const locale of LOCALES) {
    await context.addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
    await page.goto('/pages/terms');
    // The browser's own name for the Netherlands in that language: "Niederlande", "Pays-Bas", ...
    const country = await page.evaluate((language) => new Intl.DisplayNames([language], { type: 'region' }).of('NL')!, locale);
    const address = page.locator('.company-list dd').nth(1);
    await expect.soft(address, locale).toHaveText(/, 1017 EG Amsterdam, /);
    await expect.soft(address, locale).toHaveText(new RegExp(`, ${country}$`));
  }
});

test('on a 320 px phone the company details stay inside their card, each label clear of its value', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 320, height: 640 }, hasTouch: true });
  await skipSiteEntryWarning(context);
  const page = await context.newPage();
  for (const locale of LOCALES) {
    await context.addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
    await page.goto('/pages/terms');
    await expect(page.locator('.company-list dd').last()).toBeVisible();
    const problems = await page.locator('.company').evaluate((card) => {
      const box = card.getBoundingClientRect();
      const found: string[] = [];
      const items = [...card.querySelectorAll('.company-list > dt, .company-list > dd')];
      for (const item of items) {
        // The text's own extent: a child wider than its box (an unbroken address) overflows it.
        const range = document.createRange();
        range.selectNodeContents(item);
        const text = range.getBoundingClientRect();
        if (text.left < box.left - 0.5 || text.right > box.right + 0.5) found.push(`${item.textContent} leaves the card`);
      }
      for (const label of card.querySelectorAll('.company-list > dt')) {
        const value = label.nextElementSibling!;
        const a = label.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(label);
        const labelText = range.getBoundingClientRect();
        const b = value.getBoundingClientRect();
        const apart = labelText.right <= b.left || b.bottom <= a.top || a.bottom <= b.top;
        if (!apart) found.push(`${label.textContent} runs into ${value.textContent}`);
      }
      return found;
    });
    expect.soft(problems, locale).toEqual([]);
  }
  await context.close();
});

test('members reach every screen of the spec: a real frame, never a blank page', async ({ page }) => {
  await logIn(page);
  const paths = ['/members', '/members/5', '/likes', '/likes/given', '/likes/m/5', '/credits', '/credits/2/ideal', '/credits/repeat-order', '/directdebit', '/transactions', '/transactions/3', '/premium', '/pricing', '/profile', '/settings', '/notifications', '/match-finder', '/swipe-game', '/signup-matches', '/complete-signup', '/chats', '/chats/1', '/members/5/chat'];
  for (const path of paths) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page, path).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
    await expect(page.locator('main'), path).not.toBeEmpty();
    await expect(page.getByText('This page could not be found'), path).toHaveCount(0);
  }
});

test('log-in page sends members on to /members, log-out goes to the root path', async ({ page }) => {
  await logIn(page);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/members$/);
  await page.locator('.account-dropdown .dropdown-toggle').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  await page.goto('/members');
  await expect(page).toHaveURL(/\/login$/);
});

test('traffic source: stored from the landing URL (braces stripped) and cpc removed from the address bar', async ({ page }) => {
  await page.goto('/?network={adnet}&sub1=s1&cpc=0.42');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(new URL(page.url()).searchParams.has('cpc')).toBe(false);
  const record = await page.evaluate(() => JSON.parse(localStorage.getItem('tracking-record') ?? 'null') as unknown);
  expect(record).toEqual({ network: 'adnet', sub1: 's1' });
});

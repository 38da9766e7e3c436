import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, memberContext } from './chat-fixtures.js';
import { partedMatches, skipSiteEntryWarning } from './shell-helpers.js';

/**
 * The Premium page's "46 % higher chance" on a phone: German, Spanish and French put a space
 * between a number and its % sign, and a plain space let the line end after "46" with "%"
 * beginning the next (German at 340-360 px, a common Android width; Spanish at 328-346 px).
 */
for (const locale of ['de', 'es', 'fr']) {
  test(`the number before a % sign stays on its line on a phone (${locale})`, async ({ browser, baseURL }) => {
    const member = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.free);
    await skipSiteEntryWarning(member.context);
    await member.context.addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
    const page = member.page;
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto('/premium');
    await expect(page.getByText(/46\s%/)).toBeVisible();
    const splitAt: number[] = [];
    for (let width = 320; width <= 430; width += 2) {
      await page.setViewportSize({ width, height: 780 });
      const { found, parted } = await partedMatches(page.locator('body'), /46\s%/);
      expect(found, `the text with "46 %" at ${width} px`).toBeGreaterThan(0);
      if (parted.length > 0) splitAt.push(width);
    }
    expect(splitAt, '"%" began a line at these widths').toEqual([]);
    await member.context.close();
  });
}

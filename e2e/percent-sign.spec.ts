import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, memberContext } from './chat-fixtures.js';

/**
 * The Premium page's "46 % higher chance" on a phone: German, Spanish and French put a space
 * between a number and its % sign, and a plain space let the line end after "46" with "%"
 * beginning the next (German at 340-360 px, a common Android width; Spanish at 328-346 px).
 */
for (const locale of ['de', 'es', 'fr']) {
  test(`the number before a % sign stays on its line on a phone (${locale})`, async ({ browser, baseURL }) => {
    const member = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.free);
    await member.context.addInitScript(() => localStorage.setItem('skipped-site-entry-warning', String(Date.now())));
    await member.context.addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
    const page = member.page;
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto('/premium');
    await expect(page.getByText(/46\s%/)).toBeVisible();
    const splitAt: number[] = [];
    for (let width = 320; width <= 430; width += 2) {
      await page.setViewportSize({ width, height: 780 });
      const split = await page.evaluate(() => {
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        while (walker.nextNode()) {
          const node = walker.currentNode;
          const at = node.textContent!.search(/46\s%/);
          if (at === -1) continue;
          const top = (i: number) => {
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            return range.getBoundingClientRect().top;
          };
          return top(node.textContent!.indexOf('%', at)) > top(at) + 2;
        }
        return null;
      });
      expect(split, `the text with "46 %" at ${width} px`).not.toBeNull();
      if (split) splitAt.push(width);
    }
    expect(splitAt, '"%" began a line at these widths').toEqual([]);
    await member.context.close();
  });
}

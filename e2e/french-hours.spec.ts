import { expect, test } from '@playwright/test';
import { partedMatches, skipSiteEntryWarning } from './shell-helpers.js';

/**
 * French writes hours as "9 h", "17 h": a plain space let the line end after "9" with "h et 17 h"
 * beginning the next, on the support page's opening hours at 380-394 px (a 390 px phone among
 * them) and "17" / "h" at 442-460 px.
 */
test.beforeEach(async ({ context }) => skipSiteEntryWarning(context));

test('French opening hours keep each number with its "h" at every phone width', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'i18n_redirected', value: 'fr', url: baseURL! }]);
  await page.goto('/pages/service');
  await expect(page.getByText(/Appelle-nous/)).toBeVisible();
  const splits: string[] = [];
  for (let width = 320; width <= 480; width += 2) {
    await page.setViewportSize({ width, height: 800 });
    const { parted } = await partedMatches(page.locator('body'), /\d+\s+h\b/g);
    splits.push(...parted.map((text) => `${width} px: ${JSON.stringify(text)}`));
  }
  expect(splits).toEqual([]);
});

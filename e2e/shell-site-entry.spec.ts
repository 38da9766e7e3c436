import { expect, test } from '@playwright/test';
import { LOCALES } from '../shared/src/constants.js';
import { DEMO } from './shell-helpers.js';

test('the site-entry warning shows once and stays dismissed', async ({ page }) => {
  await page.goto('/');
  const modal = page.locator('#site-entry-warning');
  await expect(modal).toBeVisible();
  // not dismissible by Esc: it needs an explicit answer
  await page.keyboard.press('Escape');
  await expect(modal).toBeVisible();
  await modal.getByRole('button').filter({ hasText: '18' }).click();
  await expect(modal).toBeHidden();
  const stored = await page.evaluate(() => localStorage.getItem('skipped-site-entry-warning'));
  expect(Number(stored)).toBeGreaterThan(Date.parse('2024-01-01'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('#site-entry-warning')).toHaveCount(0);
  await page.goto('/pages/faq');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('#site-entry-warning')).toHaveCount(0);
});

test('logged-in members never see the site-entry warning', async ({ page, context }) => {
  // Log in through the API, so the warning was never dismissed in this browser.
  const response = await context.request.post('/api/user.php', { data: DEMO });
  expect(response.status()).toBe(200);
  await page.goto('/members');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('#site-entry-warning')).toHaveCount(0);
});

for (const locale of LOCALES) {
  test(`the site-entry warning fits a 360 px phone in ${locale}`, async ({ page, context, baseURL }) => {
    // A full-width button cannot grow: a long "I am 18 or older" (German, Polish) must wrap, not
    // push the sheet wider than the screen and cut its text off at the right edge.
    await context.addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/');
    const content = page.locator('#site-entry-warning .site-entry');
    await expect(content.getByRole('button')).toBeVisible();
    const overflow = await content.evaluate((box) => box.scrollWidth - box.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const sheet = await content.boundingBox();
    const button = await content.getByRole('button').boundingBox();
    expect(button!.x + button!.width).toBeLessThanOrEqual(sheet!.x + sheet!.width);
  });
}

import { expect, test } from '@playwright/test';
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

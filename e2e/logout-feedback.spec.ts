/**
 * A log-out on a slow network: its answer can take up to ten seconds. The member is told at once
 * that it is under way, and told plainly when it did not happen, so she never leaves a shared
 * computer believing she is logged out when she is not.
 */
import { expect, test } from '@playwright/test';
import { logIn, skipSiteEntryWarning } from './shell-helpers.js';

test.beforeEach(async ({ context }) => skipSiteEntryWarning(context));

test('a slow log-out says "Logging out…" at once, and "still logged in" when it fails', async ({ page }) => {
  await logIn(page);
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/logout.php', async (route) => {
    await answered;
    await route.abort('connectionfailed');
  });
  await page.locator('.account-dropdown .dropdown-toggle').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();

  await expect(page.locator('.toast-host')).toContainText('Logging out…');
  answer();
  // The log-out tries again on a failed connection until its ten seconds are up.
  await expect(page.locator('.toast-host')).toContainText('You are still logged in', { timeout: 15_000 });
  await expect(page.locator('.toast-host')).not.toContainText('Logging out…');
  await expect(page).toHaveURL(/\/members$/);

  await page.unroute('**/api/logout.php');
  await page.locator('.account-dropdown .dropdown-toggle').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
});

import { expect, test } from '@playwright/test';

/** A logged-out visitor's GET /api/user.php answers 403 by contract; it is how the client learns it. */
const expectedFailures = new Set(['403 /api/user.php']);

test('the app shell loads with no page errors and no broken references', async ({ page }) => {
  const errors: string[] = [];
  const failedResponses: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    // Failed loads are judged below by URL and status, where "which file" is visible. Warnings
    // count too: a library's warning on every load is noise in every operator's error reports.
    if (['error', 'warning'].includes(msg.type()) && !msg.text().startsWith('Failed to load resource')) errors.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('response', (res) => {
    const failure = `${res.status()} ${new URL(res.url()).pathname}`;
    if (res.status() >= 400 && !expectedFailures.has(failure)) failedResponses.push(failure);
  });

  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.locator('#root')).not.toBeEmpty();
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
  expect(failedResponses).toEqual([]);
});

test('the page has an icon that loads', async ({ page, request }) => {
  await page.goto('/');
  // Browsers fetch /favicon.ico when no icon is linked; either way a 404 shows in the console.
  const links = page.locator('link[rel~="icon"]');
  const linked = (await links.count()) > 0 ? await links.first().getAttribute('href') : null;
  const icon = await request.get(linked ?? '/favicon.ico');
  expect(icon.status(), `icon ${linked ?? '/favicon.ico'}`).toBe(200);
});

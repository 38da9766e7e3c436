/**
 * A browser that runs no script has only the shell the server sends: its `lang` (which a screen
 * reader reads the page in, and a browser's translation offer goes by) and its <noscript> line.
 * Both were English whatever the visitor's language (session of 2026-12-02, the locale review).
 */
import { expect, test } from '@playwright/test';
import { NOSCRIPT_TEXT } from '../server/src/http/noscript-text.js';

test('a German visitor with JavaScript off gets a German page: lang="de" and the German <noscript> line', async ({ browser, baseURL }) => {
  // She chose German on an earlier visit (the cookie); her browser says German too.
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, locale: 'de-DE' });
  await context.addCookies([{ name: 'i18n_redirected', value: 'de', url: baseURL! }]);
  const page = await context.newPage();
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  // As shown (innerText): Playwright's text matching leaves <noscript> out of textContent.
  await expect(page.locator('body')).toContainText(NOSCRIPT_TEXT.de, { useInnerText: true });
  await expect(page.locator('body')).not.toContainText(NOSCRIPT_TEXT.en, { useInnerText: true });
  await context.close();
});

test('with JavaScript on, the app keeps the language the shell started in', async ({ browser, baseURL }) => {
  // The server's rule is the client's: the page does not start in one language and switch.
  const context = await browser.newContext({ baseURL, locale: 'de-DE' });
  await context.addCookies([{ name: 'i18n_redirected', value: 'de', url: baseURL! }]);
  const page = await context.newPage();
  const shell = await (await context.request.get('/')).text();
  expect(/<html[^>]*\slang="([^"]*)"/.exec(shell)?.[1]).toBe('de');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await context.close();
});

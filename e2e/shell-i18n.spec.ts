import { expect, test } from '@playwright/test';
import { LOCALES } from '../shared/src/constants.js';
import { chatLabel } from './chat-fixtures.js';
import { catalogue, collectAppErrors, skipSiteEntryWarning, uniqueEmail } from './shell-helpers.js';


test.beforeEach(async ({ context }) => skipSiteEntryWarning(context));

for (const locale of LOCALES) {
  test(`landing page renders in ${locale} without missing translations`, async ({ page, context, baseURL }) => {
    const errors = collectAppErrors(page);
    await context.addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    const messages = catalogue(locale);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages['landing.title']!);
    await expect(page.getByRole('button', { name: messages['landing.cta']! }).first()).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.locator('footer')).toContainText('© 2025');
    // Open the signup modal too: its first step must be translated as well.
    await page.getByTestId('hero-cta').click();
    await expect(page.getByRole('dialog')).toContainText(messages['signup.step0']!);
    expect(errors).toEqual([]);
  });
}

test('a language chosen in the dropdown sticks across reloads (cookie, no URL prefix)', async ({ page, context }) => {
  await page.goto('/');
  await page.locator('.language-dropdown .dropdown-toggle').click();
  // The test browser says en-US: the dropdown offers the languages of the US (en, es).
  await expect(page.locator('[data-locale]')).toHaveCount(2);
  await page.locator('[data-locale=es]').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(catalogue('es')['landing.title']!);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(catalogue('es')['landing.title']!);
  expect(new URL(page.url()).pathname).toBe('/');
  const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
  expect(cookie?.value).toBe('es');
  // kept for about a year
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(360 * 24 * 3600 * 1000);
});

test('the dropdown offers the languages of the visitor country plus the browser language', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: 'de-CH' });
  await skipSiteEntryWarning(context);
  const page = await context.newPage();
  await page.goto('/');
  await page.locator('.language-dropdown .dropdown-toggle').click();
  // CH offers de, it, fr, en (spec section 9)
  await expect(page.locator('[data-locale]')).toHaveText([/EN/, /DE/, /FR/, /IT/]);
  await context.close();
});

test('a member logging in on a device where no language was chosen sees the app in her own language', async ({ browser, baseURL }) => {
  // Signed up in Polish elsewhere: the account says pl, this device has no language cookie.
  const device = await browser.newContext({ baseURL });
  await skipSiteEntryWarning(device);
  const email = uniqueEmail('polish');
  const signup = await device.request.post('/api/signup.php', {
    data: { email, name: 'Zofia', password: 'zofia-password-1', date_of_birth: '1995-05-05', gender: 'female', seeking: 'male', language: 'pl' },
  });
  expect(signup.status()).toBe(201);
  const page = await device.newPage();
  await page.goto('/chats');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(chatLabel('pl', 'chat.title'));
  // A language chosen on this device still wins.
  await device.addCookies([{ name: 'i18n_redirected', value: 'de', url: baseURL! }]);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await device.close();
});

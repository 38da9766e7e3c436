import { expect, test } from '@playwright/test';
import { LOCALES } from '../shared/src/constants.js';
import { partedMatches, skipSiteEntryWarning, uniqueEmail } from './shell-helpers.js';

/**
 * "Account blocked for 15 min.": the number and its "min." ended and began two lines on the log-in
 * card at many phone widths in every locale (Polish at 374-390 px, Italian and Spanish at 360 px,
 * German and Dutch at 320-352 px). A locked member's log-in page, swept from 300 to 700 px.
 */
test.beforeEach(async ({ context }) => skipSiteEntryWarning(context));

for (const locale of LOCALES) {
  test(`the lock-out's minutes stay with "min." at every width (${locale})`, async ({ page, context, request, baseURL }) => {
    const email = uniqueEmail(`lock-${locale}`);
    const signup = await request.post('/api/signup.php', {
      data: { email, name: 'Lockie', password: 'right-password-1', date_of_birth: '1990-05-05', gender: 'male', seeking: 'female' },
    });
    expect(signup.status()).toBe(201);
    // Locked by wrong passwords until the server says so (LOGIN_LOCK_THRESHOLD of the e2e server).
    let status = 0;
    for (let i = 0; i < 12 && status !== 429; i++) status = (await request.post('/api/user.php', { data: { email, password: `wrong-${i}` } })).status();
    expect(status).toBe(429);

    await context.addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
    await page.goto('/login');
    await page.locator('input[type=email]').fill(email);
    await page.locator('input[type=password]').fill('right-password-1');
    await page.locator('form button[type=submit]').click();
    const error = page.getByTestId('login-error');
    await expect(error).toHaveText(/\d+\s[Mm]in\./);

    const splitAt: number[] = [];
    for (let width = 300; width <= 700; width += 2) {
      await page.setViewportSize({ width, height: 800 });
      const { found, parted } = await partedMatches(error, /\d+\s[Mm]in\./);
      expect(found, `the minutes in the error at ${width} px`).toBeGreaterThan(0);
      if (parted.length > 0) splitAt.push(width);
    }
    expect(splitAt, '"min." began a line at these widths').toEqual([]);
  });
}

import { expect, test } from '@playwright/test';
import { DEMO, shown, skipSiteEntryWarning, uniqueEmail } from './shell-helpers.js';

test.beforeEach(async ({ context }) => skipSiteEntryWarning(context));

async function attempt(page: import('@playwright/test').Page, email: string, password: string) {
  await page.getByLabel(shown('E-mail address')).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).last().click();
}

test('a wrong password shows the spec message and keeps the e-mail', async ({ page }) => {
  await page.goto('/login');
  await attempt(page, DEMO.email, 'not-the-password');
  await expect(page.getByTestId('login-error')).toHaveText('Login failed, please try again');
  await expect(page.getByLabel(shown('E-mail address'))).toHaveValue(DEMO.email);
});

test('an empty field is named: the password alone, the e-mail alone, or both', async ({ page }) => {
  await page.goto('/login');
  const error = page.getByTestId('login-error');
  await attempt(page, DEMO.email, '');
  await expect(error).toHaveText('Please enter your password.');
  await attempt(page, '', DEMO.password);
  await expect(error).toHaveText(shown('Please enter your e-mail address.'));
  await attempt(page, '   ', '');
  await expect(error).toHaveText(shown('Please enter your e-mail address and password.'));
});

test('after 5 wrong passwords the account is locked with the minutes shown', async ({ page, request }) => {
  const email = uniqueEmail('lockout');
  const signup = await request.post('/api/signup.php', {
    data: { email, name: 'Lockie', password: 'right-password-1', date_of_birth: '1990-05-05', gender: 'male', seeking: 'female' },
  });
  expect(signup.status()).toBe(201);
  await page.goto('/login');
  for (let i = 0; i < 4; i++) {
    await attempt(page, email, `wrong-${i}`);
    await expect(page.getByTestId('login-error')).toHaveText('Login failed, please try again');
  }
  await attempt(page, email, 'wrong-5');
  await expect(page.getByTestId('login-error')).toHaveText(/^Too many incorrect attempts, account blocked for \d+\smin\.$/);
  // even the right password is refused while locked
  await attempt(page, email, 'right-password-1');
  await expect(page.getByTestId('login-error')).toHaveText(/account blocked for \d+\smin/);
});

test('a correct log-in lands in the members area with the navigation', async ({ page }) => {
  await page.goto('/login');
  await attempt(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/members$/);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: /Search members/ })).toBeVisible();
  await expect(nav.getByRole('link', { name: /Messages/ })).toBeVisible();
  await expect(nav.getByRole('link', { name: /Likes/ })).toBeVisible();
  await expect(nav.getByRole('link', { name: /Get Premium|Credits/ })).toBeVisible();
});

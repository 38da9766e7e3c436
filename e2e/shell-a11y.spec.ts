import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { skipSiteEntryWarning, smallTargets } from './shell-helpers.js';

test.beforeEach(async ({ context }) => skipSiteEntryWarning(context));

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('landing page has no serious or critical accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('login page has no serious or critical accessibility violations', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('signup modal has no serious or critical accessibility violations', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('hero-cta').click();
  await expect(page.locator('#signup-modal')).toBeVisible();
  await page.waitForTimeout(400); // let the slide-in animation finish before measuring contrast
  expect(await seriousViolations(page)).toEqual([]);
});

test('the keyboard stays in a dialog: Shift+Tab from the dialog itself and Tab from its last visible control wrap around', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('hero-cta').click();
  const dialog = page.locator('#signup-modal');
  await expect(dialog).toBeVisible();
  const focusInDialog = () => page.evaluate(() => document.querySelector('#signup-modal')?.contains(document.activeElement) ?? false);

  // The dialog itself holds the focus after a click on its text, as a reader's click does.
  await dialog.focus();
  await page.keyboard.press('Shift+Tab');
  expect(await focusInDialog()).toBe(true);

  // A control the step hides (display: none) standing last in the dialog: Tab from the last one shown.
  await dialog.evaluate((el) => {
    const hidden = document.createElement('button');
    hidden.textContent = 'hidden';
    hidden.style.display = 'none';
    el.append(hidden);
  });
  const visible = await dialog.evaluate((el) => {
    const items = [...el.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])')].filter((i) => i.checkVisibility());
    items.at(-1)!.focus();
    return items.length;
  });
  expect(visible).toBeGreaterThan(1);
  await page.keyboard.press('Tab');
  expect(await focusInDialog()).toBe(true);
});

test('site-entry warning has no serious or critical accessibility violations', async ({ browser, baseURL }) => {
  // a fresh context without the beforeEach dismissal
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('#site-entry-warning')).toBeVisible();
  await page.waitForTimeout(400);
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
});

test('on a touch phone the header and footer links of the landing page are at least 44 px each way', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, hasTouch: true });
  await skipSiteEntryWarning(context);
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('footer a').first()).toBeVisible();
  expect(await smallTargets(page, 'header, footer')).toEqual([]);
  await context.close();
});

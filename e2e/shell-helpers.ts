import type { BrowserContext, Page } from '@playwright/test';

/** Shared by the e2e/shell-*.spec.ts files (client shell). */
export const DEMO = { email: 'demo@amora.test', password: 'demo-password' };

/** Most specs are not about the adults-only warning: mark it dismissed before any page loads. */
export async function skipSiteEntryWarning(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => localStorage.setItem('skipped-site-entry-warning', String(Date.now())));
}

/** Collects [i18n] console errors (react-intl onError) and uncaught page errors. */
export function collectAppErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && msg.text().includes('[i18n]')) errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

export async function logIn(page: Page, email = DEMO.email, password = DEMO.password): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/e-mail/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.locator('form button[type=submit]').click();
  await page.waitForURL('**/members');
}

let counter = 0;
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Visible buttons and links under `root` smaller than a fingertip (44 px) either way. */
export async function smallTargets(page: Page, root: string): Promise<string[]> {
  return page.locator(root).evaluateAll((roots) =>
    roots.flatMap((r) => [...r.querySelectorAll('a, button')])
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 1 && box.height > 1 && (Math.round(box.width) < 44 || Math.round(box.height) < 44))
      .map(({ el, box }) => `${el.getAttribute('aria-label') ?? el.textContent?.trim()} ${Math.round(box.width)}x${Math.round(box.height)}`));
}

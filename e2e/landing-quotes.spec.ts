import { expect, test } from '@playwright/test';
import { skipSiteEntryWarning } from './shell-helpers.js';

/**
 * The landing page's member stories are quotations: each language sets them in its own quotation
 * marks. The English “…” reads wrong in German and Polish (their opening mark is low, „) and in
 * French, Italian and Spanish (guillemets, French with a no-break space inside).
 */
const MARKS: Record<string, [string, string]> = {
  en: ['“', '”'],
  de: ['„', '“'],
  nl: ['“', '”'],
  fr: ['«\u00a0', '\u00a0»'],
  it: ['«', '»'],
  es: ['«', '»'],
  pl: ['„', '”'],
};

test.beforeEach(async ({ context }) => skipSiteEntryWarning(context));

for (const [locale, [open, close]] of Object.entries(MARKS)) {
  test(`the landing page's member stories are quoted in the marks of ${locale}`, async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
    await page.goto('/');
    const quotes = page.locator('.testimonial blockquote');
    await expect(quotes.first()).toBeVisible();
    for (const text of await quotes.allTextContents()) {
      expect(text.startsWith(open) && text.endsWith(close), `${locale}: ${text}`).toBe(true);
      expect(text.slice(open.length, -close.length), `${locale}: ${text}`).not.toMatch(/^\s|\s$/);
    }
  });
}

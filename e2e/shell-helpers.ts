import { readFileSync } from 'node:fs';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { keepEmailWhole } from '../client/src/i18n/keep-email-whole.js';

/** Shared by the e2e/shell-*.spec.ts files (client shell). */

/** A text as the app shows it: every catalogue's "e-mail" gets its non-breaking hyphen on loading. */
export const shown = keepEmailWhole;

/** The locale's shell texts as the app shows them (shown: "e-mail" whole). */
export const catalogue = (locale: string): Record<string, string> =>
  Object.fromEntries(Object.entries(JSON.parse(readFileSync(`client/src/i18n/messages/${locale}.json`, 'utf8')) as Record<string, string>).map(([key, text]) => [key, shown(text)]));

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
  await page.getByLabel(shown('E-mail address')).fill(email);
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

/**
 * The matches of `pattern` in the text under `root` (each within one text node) and those of them
 * drawn over two lines: a number parted from its unit ("46" | "% higher", "15" | "min.") when the
 * match's last character starts a lower line than its first.
 */
export async function partedMatches(root: Locator, pattern: RegExp): Promise<{ found: number; parted: string[] }> {
  return root.evaluate(
    (element, { source, flags }) => {
      const everyMatch = new RegExp(source, flags.includes('g') ? flags : `${flags}g`);
      let found = 0;
      const parted: string[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      while (walker.nextNode()) {
        const node = walker.currentNode;
        const top = (i: number) => {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          return range.getBoundingClientRect().top;
        };
        for (const match of node.textContent!.matchAll(everyMatch)) {
          found += 1;
          if (top(match.index + match[0].length - 1) > top(match.index) + 2) parted.push(match[0]);
        }
      }
      return { found, parted };
    },
    { source: pattern.source, flags: pattern.flags },
  );
}

/**
 * Where the text of `selector`'s first match starts a new line in the middle of a word: each as
 * "end of line|start of next". A line may end after a space, a hyphen or a soft hyphen (where the
 * browser shows a hyphen); anywhere else a reader sees a word cut in two ("Geschäftsbedingung|en").
 */
export async function midWordBreaks(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).first().evaluate((root) => {
    const chars: Array<{ char: string; top: number | null }> = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        // The last box: the first letter after a soft-hyphen break also reports one at the end of
        // the line above, where the hyphen is drawn.
        const rects = [...range.getClientRects()].filter((r) => r.width > 0);
        chars.push({ char: text[i]!, top: rects.length > 0 ? rects[rects.length - 1]!.top : null });
      }
    }
    const text = chars.map((c) => c.char).join('');
    const breaks: string[] = [];
    let lineTop: number | null = null;
    chars.forEach(({ char, top }, i) => {
      if (top === null || /\s/.test(char)) return;
      if (lineTop !== null && top > lineTop + 2) {
        const before = text[i - 1] ?? '';
        if (!/[\s\u00ad-]/.test(before)) breaks.push(`${text.slice(Math.max(0, i - 12), i)}|${text.slice(i, i + 12)}`);
      }
      lineTop = top;
    });
    return breaks;
  });
}

/**
 * Each "e-mail" word of the page (e-mail, E-Mail, e-mailadres, e-mailem) drawn over two lines,
 * with a few words around it: a reader saw "e-" at one line's end and "mail" at the next.
 */
export async function emailSplitAtHyphen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const split: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/(?<!\p{L})e[-\u2010\u2011]mail\p{L}*/giu)) {
        const word = document.createRange();
        word.setStart(node, match.index);
        word.setEnd(node, match.index + match[0].length);
        const lines = new Set([...word.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (lines.size > 1) split.push(text.slice(Math.max(0, match.index - 24), match.index + match[0].length + 24));
      }
    }
    return split;
  });
}

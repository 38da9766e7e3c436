/**
 * One server, two white-label sites: what the browser gets before and while the app starts names
 * the site of the address it opened. The second site is `second.localhost`, which Chromium sends
 * to the loopback address like `localhost` itself.
 */
import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { startPrivateServer, type PrivateServer } from './private-server.js';

const SECOND = { domain: 'second.localhost', name: 'Second Site', indexTitle: 'Second Site: dates nearby', description: 'The second site of this server.' };

// Beside the shared server's E2E_PORT when the run names one (a port range of its own), else free.
const port = process.env.E2E_PORT ? Number(process.env.E2E_PORT) + 1 : undefined;
const dataDir = `.tmp/e2e-two-sites-${process.pid}`;
let server: PrivateServer;
let firstUrl: string;
let secondUrl: string;

test.beforeAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
  // The first start makes the tables and seeds the demo site (localhost); the second site is added
  // while the server is down, so the site list it loads at the first request has both.
  await (await startPrivateServer({ dataDir, port })).stop();
  const db = new Database(join(dataDir, 'app.db'));
  db.prepare('INSERT INTO sites (domain, name, index_title, description) VALUES (?, ?, ?, ?)').run(SECOND.domain, SECOND.name, SECOND.indexTitle, SECOND.description);
  db.close();
  server = await startPrivateServer({ dataDir, port });
  firstUrl = server.baseURL;
  secondUrl = server.baseURL.replace('//localhost:', `//${SECOND.domain}:`);
});

test.afterAll(async () => {
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

test('the web app manifest names the site of the address', async ({ page }) => {
  const second = await page.goto(`${secondUrl}/manifest.webmanifest`);
  expect(await second!.json()).toMatchObject({ name: SECOND.name, short_name: SECOND.name });
  const first = await page.goto(`${firstUrl}/manifest.webmanifest`);
  expect(await first!.json()).toMatchObject({ name: 'Amora', short_name: 'Amora' });
});

test('the page carries the site’s title and description from the server', async ({ page }) => {
  const response = await page.goto(`${secondUrl}/pages/faq`);
  const html = await response!.text();
  expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toBe(SECOND.indexTitle);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', SECOND.description);
});

test('the site’s name shows while its settings are still loading, not the default brand', async ({ page, context }) => {
  // With a language cookie the app renders without waiting for the settings.
  await context.addCookies([{ name: 'i18n_redirected', value: 'en', url: secondUrl }]);
  await page.goto(`${secondUrl}/pages/faq`);
  await expect(page.locator('.logo-text').first()).toHaveText(SECOND.name);

  // The next visit: the settings are held back until the page has been looked at.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route('**/api/settings.php*', async (route) => {
    asked = true;
    await released;
    await route.continue();
  });
  await page.reload();
  await expect.poll(() => asked).toBe(true);
  await expect(page.locator('.logo-text').first()).toHaveText(SECOND.name);
  release();
});

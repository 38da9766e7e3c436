import { expect, test, type Page, type Route } from '@playwright/test';
import { logIn, shown, skipSiteEntryWarning } from './shell-helpers.js';

/**
 * A member who opens the app while /api/user.php gets no answer about the session (no network,
 * or 503 service_unavailable while Redis is away) sees the can't-connect page, never the log-in
 * page, and lands in the members area once the server answers again.
 */
test.beforeEach(async ({ context }) => skipSiteEntryWarning(context));

const USER_API = '**/api/user.php';
// While the browser believes it is online, api() retries a failed load for 7.75 s before the page
// can say it cannot connect; a browser that knows it is offline gets the page after one attempt.
const SHOWS_AFTER_RETRIES = { timeout: 20_000 };
const SHOWS_AT_ONCE = { timeout: 4_000 };
const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } } as const;

const cantConnect = (page: Page) => page.getByTestId('cant-connect');
const chatListItems = (page: Page) => page.getByTestId('chat-list-item');
const memberNav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

async function expectCantConnectNotLogin(page: Page) {
  await expect(cantConnect(page)).toBeVisible(SHOWS_AFTER_RETRIES);
  await expect(page.getByRole('heading', { name: "Can't connect" })).toBeVisible();
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByLabel(shown('E-mail address'))).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveCount(0);
}

test('no network at start: the can\'t-connect page, then "Try again" opens the member\'s app', async ({ page }) => {
  await logIn(page);
  await page.route(USER_API, (route) => route.abort('internetdisconnected'));
  await page.reload();
  await expectCantConnectNotLogin(page);

  await page.unroute(USER_API);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(memberNav(page)).toBeVisible();
  await expect(cantConnect(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/members$/);
});

test('503 service_unavailable at start: the can\'t-connect page, then the automatic retry opens the member\'s app', async ({ page }) => {
  await logIn(page);
  await page.route(USER_API, (route) =>
    route.fulfill({ status: 503, headers: { 'Retry-After': '5' }, contentType: 'application/json', body: '{"error":"service_unavailable"}' }),
  );
  await page.reload();
  await expectCantConnectNotLogin(page);

  // No click: the back-off (2, 4, 8 … s) tries again by itself.
  await page.unroute(USER_API);
  await expect(memberNav(page)).toBeVisible({ timeout: 20_000 });
  await expect(cantConnect(page)).toHaveCount(0);
});

for (const locale of ['en', 'de'] as const) {
  test(`the can't-connect page on a phone and a desktop (${locale}, screenshots)`, async ({ page, context, baseURL }) => {
    await logIn(page);
    await context.addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
    await page.route(USER_API, (route) => route.abort('internetdisconnected'));
    await page.setViewportSize(VIEWPORTS.phone);
    await page.reload();
    await expect(cantConnect(page)).toBeVisible(SHOWS_AFTER_RETRIES);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      // the card fits the screen: no sideways scrolling on the phone
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await page.screenshot({ path: `screenshots/shell-cant-connect-${name}-${locale}.png` });
    }
  });
}

/** Waits until the service worker (client/public/sw-push.js) has precached the shell and controls the page. */
async function shellWorkerInControl(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

// Without the worker the browser has nothing to show but its own error page: page.goto fails with
// net::ERR_INTERNET_DISCONNECTED. setOffline applies to the worker's own fetches in Chromium too, so
// the navigation really is answered from the worker's cache, not from the network.
test('no network at all: a deep link opens the cached app shell with the can\'t-connect page, and the page the URL asked for once back online', async ({ page, context }) => {
  await page.setViewportSize(VIEWPORTS.phone);
  await logIn(page);
  await shellWorkerInControl(page);
  expect(await page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('amora-shell-')))).toHaveLength(1);

  await context.setOffline(true);
  await page.goto('/chats');
  await expect(cantConnect(page)).toBeVisible(SHOWS_AT_ONCE);
  await expect(page.getByRole('heading', { name: "Can't connect" })).toBeVisible();
  await expect(page).toHaveURL(/\/chats$/);
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveCount(0);
  // the page is styled (the CSS came from the cache too) and fits the phone
  const stylesheetsApplied = () => [...document.querySelectorAll('link[rel=stylesheet]')].every((link) => ((link as HTMLLinkElement).sheet?.cssRules.length ?? 0) > 0);
  expect(await page.evaluate(stylesheetsApplied)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
  await page.screenshot({ path: 'screenshots/shell-cant-connect-offline-phone-en.png' });

  // Back online: the browser's online event makes the page try at once, and it goes on to the chats.
  await context.setOffline(false);
  await expect(chatListItems(page).first()).toBeVisible({ timeout: 15_000 });
  await expect(cantConnect(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/chats(\/\d+)?$/);
});

test('no network at all: a reload of the open app shows the can\'t-connect page, and the member\'s app once back online', async ({ page, context }) => {
  await logIn(page);
  await shellWorkerInControl(page);
  await context.setOffline(true);
  await page.reload();
  await expect(cantConnect(page)).toBeVisible(SHOWS_AT_ONCE);
  await expectCantConnectNotLogin(page);

  // No click: the browser's online event makes the page try again at once.
  await context.setOffline(false);
  await expect(memberNav(page)).toBeVisible({ timeout: 15_000 });
  await expect(cantConnect(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/members$/);
});

// nginx (deploy/nginx.conf) in front of app nodes that are all restarting answers every request with
// its own 502 page. context.route also sees the worker's own fetches in Chromium, so the navigation
// below reaches the worker as a 502, as it would from nginx.
test('the app\'s servers down behind the proxy (502 to everything): the cached app shell\'s can\'t-connect page, then the app once they are back', async ({ page, context }) => {
  await logIn(page);
  await shellWorkerInControl(page);
  const badGateway = (route: Route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body><center><h1>502 Bad Gateway</h1></center></body></html>' });
  await context.route('**/*', badGateway);
  await page.goto('/chats');
  await expect(cantConnect(page)).toBeVisible(SHOWS_AFTER_RETRIES);
  await expect(page.getByText('502 Bad Gateway')).toHaveCount(0);
  await expect(page).toHaveURL(/\/chats$/);

  // No click: the page's back-off tries again by itself and goes on to the chats.
  await context.unroute('**/*', badGateway);
  await expect(chatListItems(page).first()).toBeVisible({ timeout: 20_000 });
  await expect(cantConnect(page)).toHaveCount(0);
});


import { expect, test, type Browser, type Page } from '@playwright/test';
import { WAITED_WITHIN_MS } from '../shared/src/constants.js';
import { newMember } from './chat-fixtures.js';
import { shown, skipSiteEntryWarning, uniqueEmail } from './shell-helpers.js';

/**
 * A request the server never answers (a stalled connection, an origin a CDN waits on) used to
 * keep the member waiting for up to 98 s (six attempts of 15 s each, and the pauses between):
 * a spinning button or a spinner and nothing to do. Each of these actions gives up after
 * WAITED_WITHIN_MS and says so, with a way to try again. The page's clock is moved on instead of
 * waiting: the requests are held by route handlers that never answer.
 */
const TRY_LATER = 'An error occured, please try again later.';
const LOAD_FAILED = 'Something went wrong. Please try again.';

/** Requests held unanswered; `first` resolves once one is: the member's wait starts there. */
interface Held {
  first: Promise<void>;
}

/** Holds every request to `path` (of `method`, when given) unanswered; the rest go through. */
async function neverAnswer(page: Page, path: RegExp, method?: string): Promise<Held> {
  let heldOne!: () => void;
  const first = new Promise<void>((resolve) => (heldOne = resolve));
  await page.route(path, (route) => {
    if (method && route.request().method() !== method) return route.continue();
    heldOne();
  });
  return { first };
}

/** The member waited as long as the app lets her: time jumps ahead, no real second is spent. */
async function waitedLongEnough(page: Page, held: Held): Promise<void> {
  await held.first;
  await page.clock.fastForward(WAITED_WITHIN_MS);
}

test.beforeEach(async ({ context }) => skipSiteEntryWarning(context));

test('log-in and password reset with no answer say so after the bound', async ({ page }) => {
  await page.clock.install();
  await page.goto('/login');
  const askedLogIn = await neverAnswer(page, /\/api\/user\.php/, 'POST');
  await page.getByLabel(shown('E-mail address')).fill('someone@example.com');
  await page.getByLabel(/password/i).fill('a-good-password');
  await page.locator('form button[type=submit]').click();
  await waitedLongEnough(page, askedLogIn);
  await expect(page.getByTestId('login-error')).toHaveText(TRY_LATER);

  await page.goto('/reset-password');
  const askedReset = await neverAnswer(page, /\/api\/password-reset\.php/);
  await page.getByLabel(shown('E-mail address')).fill('someone@example.com');
  await page.getByRole('button', { name: 'Send link' }).click();
  await waitedLongEnough(page, askedReset);
  await expect(page.locator('main')).toContainText(TRY_LATER);
  await expect(page.getByRole('button', { name: 'Send link' })).toBeEnabled();
});

test('sign-up with no answer says so after the bound', async ({ page }) => {
  await page.clock.install();
  const dialog = page.locator('#signup-modal');
  const next = () => dialog.locator('button[type=submit]').click();
  await page.goto('/');
  const askedSignup = await neverAnswer(page, /\/api\/signup\.php/);
  await page.getByTestId('hero-cta').click();
  await dialog.getByText('Woman', { exact: true }).click();
  await dialog.getByText('Men', { exact: true }).click();
  await next();
  await dialog.getByLabel('Date of birth').fill('1992-03-14');
  await next();
  await dialog.getByLabel('Username').fill('Waiting');
  await next();
  await dialog.getByLabel(shown('E-mail address')).fill(uniqueEmail('waits'));
  await dialog.getByLabel('Password', { exact: true }).fill('a-good-password');
  await next();
  await dialog.getByRole('button', { name: 'Create my account' }).click();
  await waitedLongEnough(page, askedSignup);
  await expect(dialog).toContainText(TRY_LATER);
  await expect(dialog.getByRole('button', { name: 'Create my account' })).toBeEnabled();
});

test('the activation mail and the e-mail change with no answer say so after the bound', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  await skipSiteEntryWarning(context);
  // Signed up, not confirmed yet: the banner offers the activation mail again.
  const signup = await context.request.post('/api/signup.php', { data: { email: uniqueEmail('unconfirmed'), name: 'Nora', password: 'Nora-password', date_of_birth: '1992-03-03', gender: 'female', seeking: 'both', country: 'GB' } });
  expect(signup.status()).toBe(201);
  const page = await context.newPage();
  await page.clock.install();
  await page.goto('/members');
  const askedMail = await neverAnswer(page, /\/api\/activation-mail\.php/);
  await page.getByRole('button', { name: shown('Send the e-mail again') }).click();
  await waitedLongEnough(page, askedMail);
  await expect(page.locator('.toast')).toContainText(TRY_LATER);

  const askedMailChange = await neverAnswer(page, /\/api\/mail-change\.php/);
  await page.goto('/mail-change/do?token=a-token-the-server-never-reads');
  await waitedLongEnough(page, askedMailChange);
  await expect(page.locator('main')).toContainText(TRY_LATER);
  await context.close();
});

/**
 * Ann's page with everything it loads at its start loaded (the list, the socket's catch-up): a
 * list that comes later opens a profile or a not-begun chat again, a second request the clock
 * jump would not cover.
 */
async function settledChatsPage(page: Page): Promise<void> {
  await page.goto('/chats');
  await expect(page.getByTestId('chat-page')).toHaveAttribute('data-connection', 'online', { timeout: 15_000 });
  await page.waitForLoadState('networkidle');
}

/** Ann, on her settled chats page under Playwright's clock, and Bob, whose profile and chat she opens. */
async function annOnChatsWithBob(browser: Browser, baseURL: string) {
  const ann = await newMember(browser, baseURL, 'Ann');
  const bob = await newMember(browser, baseURL, 'Bob');
  await ann.page.clock.install();
  await settledChatsPage(ann.page);
  return { ann, bob };
}

/** A navigation inside the app (react-router listens to popstate), as its links make: no reload. */
async function navigateWithinPage(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

test('a profile and its block with no answer say so after the bound', async ({ browser, baseURL }) => {
  const { ann, bob } = await annOnChatsWithBob(browser, baseURL!);
  const page = ann.page;

  // The profile: "Try again", which loads it once the server answers.
  const askedProfile = await neverAnswer(page, /\/api\/profile\.php/);
  await navigateWithinPage(page, `/members/${bob.id}`);
  await waitedLongEnough(page, askedProfile);
  const refused = page.getByTestId('profile-refused');
  await expect(refused).toHaveAttribute('data-reason', 'failed');
  await expect(refused).toContainText(LOAD_FAILED);
  await page.unroute(/\/api\/profile\.php/);
  await refused.getByRole('button', { name: 'Try again' }).click();
  const card = page.getByTestId('profile-card');
  await expect(card).toBeVisible();

  // Block: the button is free again and the member is told.
  const askedBlock = await neverAnswer(page, /\/api\/block\.php/);
  await card.getByRole('button', { name: 'Block' }).click();
  const alerted = new Promise<string>((resolve) => page.once('dialog', (d) => void d.dismiss().then(() => resolve(d.message()))));
  await page.getByRole('dialog').getByRole('button', { name: 'Block' }).click();
  await waitedLongEnough(page, askedBlock);
  expect(await alerted).toBe(LOAD_FAILED);
  await expect(card.getByRole('button', { name: 'Block' })).toBeEnabled();
  await ann.context.close();
  await bob.context.close();
});

test('a chat\'s opening and the gift sheet with no answer say so after the bound', async ({ browser, baseURL }) => {
  const { ann, bob } = await annOnChatsWithBob(browser, baseURL!);
  const page = ann.page;

  // Opening the chat: "Try again".
  const askedChat = await neverAnswer(page, /\/api\/messages\.php/, 'GET');
  await navigateWithinPage(page, `/members/${bob.id}/chat`);
  await waitedLongEnough(page, askedChat);
  await expect(page.getByTestId('chat-error-retry')).toBeVisible();
  await page.unroute(/\/api\/messages\.php/);
  await page.getByTestId('chat-error-retry').click();
  await expect(page.getByTestId('chat-thread')).toBeVisible();

  // The gift sheet: "Try again" in place of a spinner.
  const askedGifts = await neverAnswer(page, /\/api\/gifts\.php/);
  await page.getByRole('button', { name: 'Send a gift' }).click();
  await waitedLongEnough(page, askedGifts);
  await expect(page.locator('.chat-gift-failed')).toContainText(LOAD_FAILED);
  await expect(page.locator('.chat-gift-failed').getByRole('button', { name: 'Try again' })).toBeVisible();
  await ann.context.close();
  await bob.context.close();
});

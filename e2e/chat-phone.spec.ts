/**
 * The chat as a member uses it on a touch phone (390 x 844, touch, a phone's browser): the way
 * through the screens with the chat's Back arrow and the phone's own back.
 */
import { expect, test, type Browser } from '@playwright/test';
import { DEMO_ACCOUNTS } from './chat-fixtures.js';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** Sophie on a touch phone, logged in. */
async function sophieOnPhone(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, ...PHONE });
  const login = await context.request.post('/api/user.php', { data: { email: DEMO_ACCOUNTS.free.email, password: DEMO_ACCOUNTS.free.password } });
  expect(login.status()).toBe(200);
  const page = await context.newPage();
  return { context, page };
}

test("on a phone, the chat's Back arrow leaves no chat behind it: the phone's back from the list leaves Messages", async ({ browser, baseURL }) => {
  const { context, page } = await sophieOnPhone(browser, baseURL!);
  await page.goto('/members');
  await page.goto('/chats');
  const entries = page.locator('.chat-list-link');
  await expect(entries.nth(1)).toBeVisible();

  // Two chats opened from the list and left with the arrow, as a member reads their messages.
  for (const index of [0, 1]) {
    await entries.nth(index).tap();
    await expect(page).toHaveURL(/\/chats\/\d+$/);
    await expect(page.getByTestId('chat-input')).toBeVisible();
    await page.locator('.chat-back').tap();
    await expect(page).toHaveURL(/\/chats$/);
    await expect(entries.nth(1)).toBeVisible();
  }

  // The phone's back button on the list goes where the member came from, not into a chat they left.
  await page.goBack();
  await expect(page, 'the page before Messages').toHaveURL(/\/members$/);
  await context.close();
});

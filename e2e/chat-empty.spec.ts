/** A member with no conversation yet: the chat screens invite her to find someone, and ask nothing she cannot do. */
import { expect, test } from '@playwright/test';
import { uniqueEmail } from './shell-helpers.js';

test('with no chats, the desktop chat page points to finding members and asks no one to choose a conversation', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const signup = await context.request.post('/api/signup.php', {
    data: { email: uniqueEmail('nochats'), name: 'Noor', password: 'noor-password-1', date_of_birth: '1996-06-06', gender: 'female', seeking: 'male' },
  });
  expect(signup.status()).toBe(201);
  const page = await context.newPage();
  await page.goto('/chats');
  const empty = page.locator('.chat-list-empty');
  await expect(empty).toContainText('No conversations yet');
  await expect(empty.getByRole('link', { name: 'Find members' })).toBeVisible();
  await expect(page.locator('.chat-placeholder')).toContainText('Your messages');
  await expect(page.locator('.chat-placeholder')).not.toContainText('Choose a conversation');
  await page.screenshot({ path: 'screenshots/chat-desktop-no-chats-en.png' });
  await context.close();
});

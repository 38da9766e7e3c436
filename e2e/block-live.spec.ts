import { expect, test } from '@playwright/test';
import { newMember } from './chat-fixtures.js';

/**
 * A block reaches the screens open elsewhere that no list entry speaks of: a chat not begun yet,
 * and a profile. New members of their own, so the blocks reach none of the lists the other specs read.
 */
test('a chat not begun yet, open in the blocker\'s other tab, shows the block with Unblock live', async ({ browser, baseURL }) => {
  const anna = await newMember(browser, baseURL!, 'Anna');
  const ben = await newMember(browser, baseURL!, 'Ben');

  // Anna's second tab has the chat with Ben open; they have never written.
  const chatTab = await anna.context.newPage();
  await chatTab.goto(`/members/${ben.id}/chat`);
  await expect(chatTab.getByTestId('chat-page')).toHaveAttribute('data-connection', 'online');
  const input = chatTab.getByTestId('chat-input');
  await expect(input).toBeEnabled();

  // In her first tab she blocks him from his profile.
  await anna.page.goto(`/members/${ben.id}`);
  const card = anna.page.getByTestId('profile-card');
  await card.getByRole('button', { name: 'Block' }).click();
  await anna.page.getByRole('dialog').getByRole('button', { name: 'Block' }).click();
  await expect(card.getByTestId('profile-blocked-by-me')).toBeVisible();

  // The chat tab says so without a reload, and lifts it from there.
  const notice = chatTab.getByTestId('notice-blocked-by-me');
  await expect(notice).toBeVisible();
  await expect(input).toBeDisabled();
  await notice.getByRole('button', { name: 'Unblock' }).click();
  await expect(notice).toHaveCount(0);
  await expect(input).toBeEnabled();

  await anna.context.close();
  await ben.context.close();
});

test('a member blocked while on the blocker\'s profile is shown the notice instead of it, live', async ({ browser, baseURL }) => {
  const anna = await newMember(browser, baseURL!, 'Anna');
  const ben = await newMember(browser, baseURL!, 'Ben');

  // Ben looks at Anna's profile, with its Send a message.
  await ben.page.goto(`/members/${anna.id}`);
  const card = ben.page.getByTestId('profile-card');
  await expect(card.getByRole('heading', { name: /Anna/ })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Send a message' })).toBeVisible();

  // Anna blocks him: the page shows the notice and nothing of her.
  expect((await anna.request.post('/api/block.php', { data: { profile: ben.id } })).status()).toBe(200);
  const refused = ben.page.getByTestId('profile-refused');
  await expect(refused).toHaveAttribute('data-reason', 'blocked');
  await expect(ben.page.locator('main')).not.toContainText('Anna');

  // A chat with her is refused with the notice.
  await ben.page.goto(`/members/${anna.id}/chat`);
  await expect(ben.page.getByTestId('notice-blocked')).toBeVisible();
  await expect(ben.page.getByTestId('chat-input')).toHaveCount(0);

  // Unblocked, the chat opens without a reload.
  expect((await anna.request.delete('/api/block.php', { data: { profile: ben.id } })).status()).toBe(200);
  await expect(ben.page.getByTestId('chat-input')).toBeEnabled();

  await anna.context.close();
  await ben.context.close();
});

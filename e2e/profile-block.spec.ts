import { expect } from '@playwright/test';
import { DEMO_ACCOUNTS, conversationWith, memberContext } from './chat-fixtures.js';
import { testOnSeededServer } from './seeded-server.js';

// It blocks the demo pair, which would close the chats the other specs write in: a server of its own.
const test = testOnSeededServer();

/**
 * Blocking from the profile, and what the blocked member sees: no profile, a notice, and a chat
 * whose composer closes and opens again live.
 */
test('a block from the profile hides the blocker\'s profile and closes the open chat live, until unblocked', async ({ browser, baseURL }) => {
  const james = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.premium);
  const sophie = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.free);
  const { conversation } = await conversationWith(sophie, DEMO_ACCOUNTS.premium.name);
  const ids = (await (await sophie.request.get(`/api/messages.php?conversation=${conversation}&limit=1`)).json()) as { profile: { id: number } };
  const jamesId = ids.profile.id;
  const sophieId = ((await (await sophie.request.get('/api/user.php', { headers: { 'X-Request-Type': 'client' } })).json()) as { user: { id: number } }).user.id;

  // Sophie has the chat with James open.
  await sophie.page.goto(`/chats/${conversation}`);
  const input = sophie.page.getByTestId('chat-input');
  await expect(input).toBeEnabled();

  // James looks at Sophie's profile, on a phone and on a desktop.
  await james.page.setViewportSize({ width: 390, height: 844 });
  await james.page.goto(`/members/${sophieId}`);
  const card = james.page.getByTestId('profile-card');
  await expect(card.getByRole('heading', { name: /Sophie/ })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Send a message' })).toHaveAttribute('href', `/members/${sophieId}/chat`);
  await expect(james.page).toHaveTitle(/^(\(\d+\) )?Sophie · /);
  await james.page.screenshot({ path: 'screenshots/profile-phone-en.png' });
  await james.page.setViewportSize({ width: 1440, height: 900 });
  await james.page.screenshot({ path: 'screenshots/profile-desktop-en.png' });

  // He blocks her from there, with the keyboard: the focus comes back to the button, now Unblock.
  await card.getByRole('button', { name: 'Block' }).focus();
  await james.page.keyboard.press('Enter');
  await james.page.getByRole('dialog').getByRole('button', { name: 'Block' }).focus();
  await james.page.keyboard.press('Enter');
  await expect(card.getByTestId('profile-blocked-by-me')).toContainText('You have blocked Sophie.');
  await expect(card.getByRole('link', { name: 'Send a message' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Unblock' })).toBeFocused();

  // Her open chat closes without a reload, and his profile is not hers to see.
  await expect(input).toBeDisabled();
  await expect(sophie.page.getByTestId('notice-blocked')).toBeVisible();
  const profilePage = await sophie.context.newPage();
  await profilePage.goto(`/members/${jamesId}`);
  const refused = profilePage.getByTestId('profile-refused');
  await expect(refused).toHaveAttribute('data-reason', 'blocked');
  await expect(refused).toContainText('This profile is not available to you.');
  await expect(profilePage.locator('main')).not.toContainText('James');
  await profilePage.screenshot({ path: 'screenshots/profile-refused-en.png' });
  await james.page.screenshot({ path: 'screenshots/profile-blocked-by-me-en.png' });

  // Unblocked: her chat opens again live, and the profile shows. The focus stays on the button.
  await card.getByRole('button', { name: 'Unblock' }).focus();
  await james.page.keyboard.press('Enter');
  await expect(card.getByTestId('profile-blocked-by-me')).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Block' })).toBeFocused();
  await expect(input).toBeEnabled();
  await profilePage.reload();
  await expect(profilePage.getByTestId('profile-card').getByRole('heading', { name: /James/ })).toBeVisible();

  await james.context.close();
  await sophie.context.close();
});

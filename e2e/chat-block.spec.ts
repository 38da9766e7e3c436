import { expect, test } from '@playwright/test';
import type { ChatsResponse } from '../shared/src/api/chats.js';
import { DEMO_ACCOUNTS, memberContext } from './chat-fixtures.js';

test('blocking from the chat menu stops writing until unblocked', async ({ browser, baseURL }) => {
  const sophie = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.free);
  const chats = (await (await sophie.request.get('/api/chats.php')).json()) as ChatsResponse;
  // the last chat with a demo member: the delete spec removes the first ones
  const other = chats.chats.filter((c) => c.profile.name !== DEMO_ACCOUNTS.premium.name).at(-1)!;
  await sophie.page.goto(`/chats/${other.conversation}`);
  const input = sophie.page.getByTestId('chat-input');
  await expect(input).toBeEnabled();

  // With the keyboard: the menu's arrows reach Block, the dialog starts on Cancel, and Escape gives
  // the focus back to the menu's button.
  const options = sophie.page.getByRole('button', { name: 'Chat options' });
  await options.focus();
  await sophie.page.keyboard.press('Enter');
  await expect(sophie.page.getByRole('menuitem', { name: 'View profile' })).toBeFocused();
  await sophie.page.keyboard.press('ArrowDown');
  await expect(sophie.page.getByRole('menuitem', { name: 'Block' })).toBeFocused();
  await sophie.page.keyboard.press('Enter');
  await expect(sophie.page.getByRole('dialog').getByRole('button', { name: 'Cancel' })).toBeFocused();
  await sophie.page.keyboard.press('Escape');
  await expect(sophie.page.getByRole('dialog')).toHaveCount(0);
  await expect(options).toBeFocused();
  await expect(input).toBeEnabled();

  await options.click();
  await sophie.page.getByRole('menuitem', { name: 'Block' }).click();
  await sophie.page.getByRole('dialog').getByRole('button', { name: 'Block' }).click();
  await expect(sophie.page.getByTestId('notice-blocked-by-me')).toContainText(other.profile.name);
  await expect(input).toBeDisabled();
  // A closed box counts nothing, and its send button is not drawn in the brand's colours as if it
  // only waited for text.
  const counter = sophie.page.locator('.chat-composer-counter');
  await expect(counter).toHaveCount(0);
  await expect(sophie.page.getByTestId('chat-send')).toHaveCSS('background-image', 'none');
  // The list beside says so too, in place of the last message.
  const entry = sophie.page.locator(`[data-testid="chat-list-item"][data-profile="${other.profile.id}"] .chat-list-preview`);
  await expect(entry).toHaveText(`You have blocked ${other.profile.name}.`);
  // the server agrees after a reload
  await sophie.page.reload();
  await expect(sophie.page.getByTestId('notice-blocked-by-me')).toBeVisible();

  // Unblocked from the notice, by keyboard: the notice goes, and the member goes on in the box.
  await sophie.page.getByTestId('notice-blocked-by-me').getByRole('button', { name: 'Unblock' }).focus();
  await sophie.page.keyboard.press('Enter');
  await expect(sophie.page.getByTestId('notice-blocked-by-me')).toHaveCount(0);
  await expect(input).toBeEnabled();
  await expect(input).toBeFocused();
  await expect(counter).toHaveText('0/1,000');
  await expect(sophie.page.getByTestId('chat-send')).not.toHaveCSS('background-image', 'none');
  await expect(entry).not.toContainText('blocked');
  await sophie.context.close();
});

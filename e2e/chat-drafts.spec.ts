import { expect, test, type Page } from '@playwright/test';
import type { ChatsResponse } from '../shared/src/api/chats.js';
import { DEMO_ACCOUNTS, bubble, memberContext, uniqueText } from './chat-fixtures.js';

/**
 * What a member typed and did not send stays with its chat, as in every messenger: in the box when
 * they come back, after a reload too, and as "Draft: …" in the list meanwhile. James's chats with
 * members other than Sophie: the other specs write in Sophie's.
 */
const item = (page: Page, profile: number) => page.locator(`[data-testid=chat-list-item][data-profile="${profile}"]`);
const composer = (page: Page) => page.getByTestId('chat-input');

test('an unsent message stays with its chat: shown as a draft in the list, back in the box after other chats and a reload, gone once sent', async ({ browser, baseURL }) => {
  const james = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.premium);
  const { page } = james;
  await page.setViewportSize({ width: 1440, height: 900 });
  const chats = ((await (await james.request.get('/api/chats.php')).json()) as ChatsResponse).chats.filter((c) => c.profile.name !== DEMO_ACCOUNTS.free.name);
  expect(chats.length, 'James has two chats besides Sophie').toBeGreaterThanOrEqual(2);
  const [first, second] = chats as [ChatsResponse['chats'][number], ChatsResponse['chats'][number]];
  const words = uniqueText('Saturday at the market?');

  await page.goto(`/chats/${first.conversation}`);
  await composer(page).fill(words);
  await item(page, second.profile.id).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/chats/${second.conversation}$`));
  await expect(composer(page)).toHaveValue('');
  await expect(item(page, first.profile.id).locator('.chat-list-preview')).toHaveText(`Draft: ${words}`);
  await page.screenshot({ path: 'screenshots/chat-desktop-draft-en.png' });

  // A reload keeps it, and another tab of the same member lists it too.
  await page.reload();
  await expect(item(page, first.profile.id).locator('.chat-list-preview')).toHaveText(`Draft: ${words}`);
  const otherTab = await james.context.newPage();
  await otherTab.setViewportSize({ width: 390, height: 844 });
  await otherTab.goto('/chats');
  await expect(item(otherTab, first.profile.id).locator('.chat-list-preview')).toHaveText(`Draft: ${words}`);
  await otherTab.screenshot({ path: 'screenshots/chat-phone-draft-en.png' });

  // Back in the chat: the words are in the box, and the list does not repeat them for the open chat.
  await item(page, first.profile.id).getByRole('link').click();
  await expect(composer(page)).toHaveValue(words);
  await expect(item(page, first.profile.id).locator('.chat-list-preview')).not.toContainText('Draft');
  // and a reload of this very chat starts with them too
  await page.reload();
  await expect(composer(page)).toHaveValue(words);

  // Sent: the draft is gone, here and in the other tab.
  await composer(page).press('Enter');
  await expect(bubble(page, words)).toBeVisible();
  await expect(composer(page)).toHaveValue('');
  await expect(item(otherTab, first.profile.id).locator('.chat-list-preview')).toHaveText(`You: ${words}`);
  await page.reload();
  await expect(composer(page)).toHaveValue('');
  await james.context.close();
});

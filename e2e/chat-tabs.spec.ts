/** Two tabs of one member: what one tab does with its chats does not move the other around. */
import { expect, test } from '@playwright/test';
import { bubble, conversationWith, DEMO_ACCOUNTS, memberContext, sendFromComposer, uniqueText } from './chat-fixtures.js';

test('a tab showing the chat list stays there while another tab opens a chat and writes in it', async ({ browser, baseURL }) => {
  const james = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.premium);
  await james.page.setViewportSize({ width: 1440, height: 900 });
  const { conversation } = await conversationWith(james, DEMO_ACCOUNTS.free.name);
  // A fresh context remembers no chat: /chats shows the list and "pick a chat".
  const listTab = james.page;
  await listTab.goto('/chats');
  await expect(listTab.locator('.chat-placeholder')).toBeVisible();
  await expect(listTab.getByTestId('chat-page')).toHaveAttribute('data-connection', 'online');

  const chatTab = await james.context.newPage();
  await chatTab.setViewportSize({ width: 1440, height: 900 });
  await chatTab.goto(`/chats/${conversation}`);
  const text = uniqueText('From the other tab');
  await sendFromComposer(chatTab, text);
  await expect(bubble(chatTab, text)).toHaveAttribute('data-state', /sent|read/);

  // The list tab hears of the message (its list changes) and stays where the member left it.
  await expect(listTab.getByTestId('chat-list-item').filter({ hasText: text })).toBeVisible();
  await expect(listTab).toHaveURL(/\/chats$/);
  await expect(listTab.locator('.chat-placeholder')).toBeVisible();
  // Arriving at /chats anew still reopens the chat opened last.
  await listTab.goto('/chats');
  await expect(listTab).toHaveURL(new RegExp(`/chats/${conversation}$`));
  await james.context.close();
});

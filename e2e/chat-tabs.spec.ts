/** Two tabs of one member: what one tab does with its chats does not move the other around. */
import { expect, test } from '@playwright/test';
import type { ChatsResponse } from '../shared/src/api/chats.js';
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

// The dialog stayed open over the chat's first message, and the opener picked in it was refused
// ("Icebreakers can only open a conversation").
test('the icebreakers close in a tab once another tab opens the conversation', async ({ browser, baseURL }) => {
  const james = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.premium);
  const chats = (await (await james.request.get('/api/chats.php')).json()) as ChatsResponse;
  const known = new Set(chats.chats.map((c) => c.profile.id));
  const stranger = [...Array(60).keys()].map((i) => i + 41).find((id) => !known.has(id))!;
  const picking = james.page;
  await picking.goto(`/members/${stranger}/chat`);
  await picking.getByTestId('open-icebreakers').click();
  await expect(picking.locator('#icebreaker-modal')).toBeVisible();

  const writing = await james.context.newPage();
  await writing.goto(`/members/${stranger}/chat`);
  const text = uniqueText('Hello from the other tab');
  await sendFromComposer(writing, text);
  await expect(bubble(picking, text)).toBeVisible();
  await expect(picking.locator('#icebreaker-modal')).toBeHidden();
  await james.context.close();
});

import { expect, test } from '@playwright/test';
import { newMember } from './chat-fixtures.js';

/**
 * A message that comes live while the member is on a page away from the chats is announced in a
 * banner: who wrote and what, and a tap opens the chat. Members of their own, so the messages
 * reach none of the demo accounts' lists the other specs read.
 */
test('a message that comes while the member is away from the chats shows in a banner that opens the chat', async ({ browser, baseURL }) => {
  const anna = await newMember(browser, baseURL!, 'Anna');
  const ben = await newMember(browser, baseURL!, 'Ben');
  let sent = 0;
  const send = async (body: string) => {
    const response = await ben.request.post('/api/messages.php', { data: { profile: anna.id, client_id: `notice-${Date.now()}-${sent++}`, body } });
    expect(response.status(), body).toBe(201);
  };
  const notice = anna.page.getByTestId('message-notice');

  // On the chats screen the list shows the message itself: no banner.
  await anna.page.goto('/chats');
  await expect(anna.page.getByTestId('chat-page')).toHaveAttribute('data-connection', 'online');
  await send('First hello');
  await expect(anna.page.getByText('First hello')).toBeVisible();
  await expect(notice).toHaveCount(0);

  // Away from the chats (in the app, so the socket stays), the next one comes in a banner.
  await anna.page.getByRole('link', { name: 'Find members' }).first().click();
  await expect(anna.page).toHaveURL(/\/members$/);
  await send('Are you free on Saturday?');
  await expect(notice).toContainText('Ben');
  await expect(notice).toContainText('Are you free on Saturday?');
  await expect(anna.page.getByRole('status').filter({ hasText: 'New message from Ben' })).toHaveCount(1);
  await notice.getByRole('button', { name: 'Close' }).click();
  await expect(notice).toHaveCount(0);

  // A tap on the banner opens the chat at the message.
  await send('The café by the canal?');
  await notice.getByRole('link').click();
  await expect(anna.page).toHaveURL(/\/chats\/\d+$/);
  await expect(anna.page.getByTestId('chat-message').filter({ hasText: 'The café by the canal?' })).toBeVisible();
  await expect(notice).toHaveCount(0);

  await anna.context.close();
  await ben.context.close();
});

import { expect, test, type Locator } from '@playwright/test';
import type { ChatsResponse } from '../shared/src/api/chats.js';
import { DEMO_ACCOUNTS, memberContext } from './chat-fixtures.js';

test('deleting a chat removes it at once; a failed delete alerts and reloads the list', async ({ browser, baseURL }) => {
  const sophie = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.free);
  const chats = (await (await sophie.request.get('/api/chats.php')).json()) as ChatsResponse;
  // chats with demo members only: the other specs use the chat with James
  const [first, second] = chats.chats.filter((c) => c.profile.name !== DEMO_ACCOUNTS.premium.name);
  const item = (id: number) => sophie.page.locator(`[data-testid=chat-list-item][data-profile="${id}"]`);

  await sophie.page.goto('/chats');
  await expect(item(first!.profile.id)).toBeVisible();

  // Success: gone from the list immediately and after a reload. The keyboard goes on to the
  // chat that took its place in the list.
  const at = chats.chats.findIndex((c) => c.profile.id === first!.profile.id);
  const neighbour = (chats.chats[at + 1] ?? chats.chats[at - 1])!;
  await item(first!.profile.id).getByRole('button').click();
  await sophie.page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(item(first!.profile.id)).toHaveCount(0);
  await expect(item(neighbour.profile.id).getByRole('link')).toBeFocused();
  await sophie.page.reload();
  await expect(item(second!.profile.id)).toBeVisible();
  await expect(item(first!.profile.id)).toHaveCount(0);

  // Failure: removed at once, then the server refuses: an alert, and the list is reloaded.
  // The refusal is held back until the test has seen the entry gone, so the "removed at once"
  // moment is observed however slow the machine is (an open alert would block the page).
  let refuse!: () => void;
  const refusalReleased = new Promise<void>((resolve) => (refuse = resolve));
  await sophie.page.route('**/api/chat.php', async (route) => {
    await refusalReleased;
    await route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"generic","message":"An error has occurred."}' });
  });
  const alert = sophie.page.waitForEvent('dialog');
  await item(second!.profile.id).getByRole('button').click();
  await sophie.page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(item(second!.profile.id)).toHaveCount(0);
  refuse();
  const dialog = await alert;
  expect(dialog.message()).toContain('could not be deleted');
  await dialog.accept();
  await expect(item(second!.profile.id)).toBeVisible();
  await sophie.context.close();
});

test('a chat deleted on another device leaves the open chat for the list; reopened, it is empty and offers no icebreaker', async ({ browser, baseURL }) => {
  const sophie = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.free);
  const chats = (await (await sophie.request.get('/api/chats.php')).json()) as ChatsResponse;
  // the first two are the spec above's, the last is chat-block's
  const chat = chats.chats.filter((c) => c.profile.name !== DEMO_ACCOUNTS.premium.name)[2]!;
  const page = sophie.page;
  await page.goto(`/chats/${chat.conversation}`);
  await expect(page.getByTestId('chat-message').first()).toBeVisible();
  // Live: the removal below must reach this tab as an event, not at a later reload.
  await expect(page.getByTestId('chat-page')).toHaveAttribute('data-connection', 'online');

  // Deleted elsewhere with the same session: the server tells every tab ('chat:removed').
  expect((await sophie.request.delete('/api/chat.php', { data: { conversation: chat.conversation } })).status()).toBe(200);
  await expect(page).toHaveURL(/\/chats$/);
  await expect(page.locator(`[data-testid=chat-list-item][data-profile="${chat.profile.id}"]`)).toHaveCount(0);
  await expect(page.getByTestId('chat-thread')).toHaveCount(0);

  // From the profile again: the old messages stay hidden, and the conversation is not a new one,
  // so no icebreaker is offered (the server would refuse it).
  await page.goto(`/members/${chat.profile.id}/chat`);
  await expect(page.getByTestId('chat-thread')).toBeVisible();
  await expect(page.getByTestId('chat-input')).toBeEnabled();
  await expect(page.getByTestId('chat-message')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Break the ice' })).toHaveCount(0);
  await sophie.context.close();
});

test('a chat address that leads nowhere says so and offers the way back, also on a phone where the chat has no navigation', async ({ browser, baseURL }) => {
  const member = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.free);
  await member.page.setViewportSize({ width: 390, height: 844 });
  await member.page.goto('/chats/99999999');
  await expect(member.page.getByText('This conversation does not exist or is no longer available.')).toBeVisible();
  await member.page.getByTestId('chat-error-back').click();
  await expect(member.page).toHaveURL(/\/chats$/);
  await expect(member.page.getByTestId('chat-list-item').first()).toBeVisible();
  await member.context.close();
});

test('with a mouse, an entry keeps no gutter for its delete button: shown on hover or keyboard focus, it takes the place of the time and the unread count', async ({ browser, baseURL }) => {
  // Read only: hovering and focusing open no chat, so the unread counts chat-live counts stay.
  const james = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.premium);
  const page = james.page;
  await page.goto('/chats');
  const entry = page.getByTestId('chat-list-item').first();
  await expect(entry).toBeVisible();
  const link = entry.getByRole('link');
  const text = entry.locator('.chat-list-text');
  const button = entry.getByRole('button');
  const right = async (locator: Locator) => {
    const box = (await locator.boundingBox())!;
    return box.x + box.width;
  };
  const left = async (locator: Locator) => (await locator.boundingBox())!.x;

  // At rest: the name, time and preview run to the entry's padding, and the button is not shown.
  await page.mouse.move(1000, 700);
  expect(await right(link)).toBeLessThanOrEqual((await right(text)) + 12);
  await expect(button).toHaveCSS('opacity', '0');
  await expect(entry.locator('.chat-list-time')).toBeVisible();

  const expectButtonInPlaceOfTheMeta = async () => {
    await expect(button).toHaveCSS('opacity', '1');
    await expect(entry.locator('.chat-list-time')).toBeHidden();
    await expect(entry.locator('.chat-unread-badge')).toBeHidden();
    // No text under the button.
    expect(await right(text)).toBeLessThanOrEqual(await left(button));
  };
  await entry.hover();
  await expectButtonInPlaceOfTheMeta();

  // From the keyboard: Tab from the entry's link reaches its delete button, which shows.
  await page.mouse.move(1000, 700);
  await link.focus();
  await page.keyboard.press('Tab');
  await expect(button).toBeFocused();
  await expectButtonInPlaceOfTheMeta();
  await james.context.close();
});

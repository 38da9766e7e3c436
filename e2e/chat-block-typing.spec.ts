import { expect } from '@playwright/test';
import { conversationWith, DEMO_ACCOUNTS, memberContext } from './chat-fixtures.js';
import { testOnSeededServer } from './seeded-server.js';

// It blocks the demo pair: a server of its own, so no other spec finds them blocked.
const test = testOnSeededServer();

/**
 * Once a block stands, neither member sees the other typing. The server drops typing relays in a
 * block, the stop included, so "typing…" shown just before stayed for up to 6 s (the client's
 * expiry): James blocked Sophie while she wrote, and her typing bubble went on under his block.
 */
test('a member who blocks someone in the middle of their typing no longer sees them typing', async ({ browser, baseURL }) => {
  const james = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.premium);
  const sophie = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.free);
  const fromJames = await conversationWith(james, DEMO_ACCOUNTS.free.name);
  const fromSophie = await conversationWith(sophie, DEMO_ACCOUNTS.premium.name);
  await james.page.goto(`/chats/${fromJames.conversation}`);
  await sophie.page.goto(`/chats/${fromSophie.conversation}`);
  for (const page of [james.page, sophie.page]) await expect(page.getByTestId('chat-page')).toHaveAttribute('data-connection', 'online');

  const typing = james.page.locator('.chat-header .chat-presence-typing');
  await sophie.page.getByTestId('chat-input').pressSequentially('How dare', { delay: 40 });
  await expect(typing).toBeVisible();
  await expect(james.page.locator('.chat-typing')).toBeVisible();

  // James blocks Sophie from the chat's menu while she is still writing.
  await james.page.locator('.chat-menu .dropdown-toggle').click();
  await james.page.getByRole('menuitem', { name: 'Block' }).click();
  await sophie.page.getByTestId('chat-input').pressSequentially(' you', { delay: 40 });
  await james.page.getByRole('dialog').getByRole('button', { name: 'Block' }).click();
  await expect(james.page.getByTestId('notice-blocked-by-me')).toBeVisible();
  await expect(typing).toBeHidden({ timeout: 1_500 });
  await expect(james.page.locator('.chat-typing')).toBeHidden({ timeout: 500 });
  await james.context.close();
  await sophie.context.close();
});

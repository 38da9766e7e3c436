import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, memberContext } from './chat-fixtures.js';

/** A member who uses only the keyboard, on a desktop where the list stands beside the open chat. */
test.describe('the chats with the keyboard only, on a desktop', () => {
  test('a chat opened from the list with Enter leaves the focus in its message box, not at the top of the list', async ({ browser, baseURL }) => {
    const sophie = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.free);
    const page = sophie.page;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/chats');
    const first = page.locator('.chat-list-link').first();
    await first.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/chats\/\d+$/);
    await expect(page.getByTestId('chat-input')).toBeFocused();
    await sophie.context.close();
  });

  test('Tab out of the open chat menu closes it', async ({ browser, baseURL }) => {
    const sophie = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.free);
    const page = sophie.page;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/chats');
    await page.locator('.chat-list-link').first().click();
    const toggle = page.getByRole('button', { name: 'Chat options' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const items = page.getByRole('menuitem');
    await expect(items.first()).toBeFocused();
    for (let i = 0; i < (await items.count()); i++) await page.keyboard.press('Tab');
    // The focus has gone on below the menu; the menu no longer covers the messages.
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await sophie.context.close();
  });
});

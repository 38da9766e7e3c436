/**
 * The desktop chat pane with no chat open. A member with no conversation yet: the chat screens
 * invite her to find someone, and ask nothing she cannot do. A member with chats: the pane says
 * to pick one or find someone new.
 */
import { expect, test } from '@playwright/test';
import { LOCALES } from '../shared/src/constants.js';
import { chatLabel, DEMO_ACCOUNTS, memberContext } from './chat-fixtures.js';
import { uniqueEmail } from './shell-helpers.js';

test('with no chats, the desktop chat page points to finding members and asks no one to choose a conversation', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const signup = await context.request.post('/api/signup.php', {
    data: { email: uniqueEmail('nochats'), name: 'Noor', password: 'noor-password-1', date_of_birth: '1996-06-06', gender: 'female', seeking: 'male' },
  });
  expect(signup.status()).toBe(201);
  const page = await context.newPage();
  await page.goto('/chats');
  const empty = page.locator('.chat-list-empty');
  await expect(empty).toContainText('No conversations yet');
  await expect(empty.getByRole('link', { name: 'Find members' })).toBeVisible();
  await expect(page.locator('.chat-placeholder')).toContainText('Your messages');
  await expect(page.locator('.chat-placeholder')).not.toContainText('Choose a conversation');
  await page.screenshot({ path: 'screenshots/chat-desktop-no-chats-en.png' });
  await context.close();
});

for (const locale of LOCALES) {
  test(`with chats but none open, the desktop chat pane says what to do there and offers to find members (${locale})`, async ({ browser, baseURL }) => {
    // A fresh browser has opened no chat yet, so /chats stays on the list and this pane.
    const member = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.free);
    await member.context.addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
    const { page } = member;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/chats');
    await expect(page.getByTestId('chat-list-item').first()).toBeVisible();
    const pane = page.locator('.chat-placeholder');
    await expect(pane.locator('.chat-placeholder-title')).toHaveText(chatLabel(locale, 'chat.pickTitle'));
    await expect(pane).toContainText(chatLabel(locale, 'chat.pickText'));
    // A drawing that fills the empty pane, not a 40 px icon lost in a 1060 px wide one.
    const art = (await pane.locator('svg').first().boundingBox())!;
    expect(art.width).toBeGreaterThanOrEqual(160);
    // The hint is one line, wide enough for the longest language.
    const hint = pane.locator('.chat-placeholder-hint');
    expect(await hint.evaluate((p) => p.getBoundingClientRect().height / parseFloat(getComputedStyle(p).lineHeight))).toBeLessThan(1.5);
    await page.screenshot({ path: `screenshots/chat-desktop-none-open-${locale}.png` });
    await pane.getByRole('link', { name: chatLabel(locale, 'chat.findMembers') }).click();
    await expect(page).toHaveURL(/\/members$/);
    await member.context.close();
  });
}

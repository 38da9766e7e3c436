import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { ChatsResponse } from '../shared/src/api/chats.js';
import { DEMO_ACCOUNTS, memberContext } from './chat-fixtures.js';
import { smallTargets } from './shell-helpers.js';

async function seriousViolations(page: Page) {
  // Contrast is measured once a dialog's fade-in has finished (spinners run forever and are left out).
  // One cancelled meanwhile (a transition replaced, its element gone) is over too: its `finished`
  // rejects, which failed a CI run with "AbortError".
  await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity).map((a) => a.finished.catch(() => undefined))));
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * On a phone, the member's screens around a chat and the dialogs they open: the profile and its
 * block confirmation, the chat menu, the gift picker, the delete confirmation and a chat that
 * is not there. Each dialog is closed with Escape, so nothing is changed.
 */
test('the profile, chat menu, gift picker, confirmations and a missing chat have no serious accessibility violations on a phone', async ({ browser, baseURL }) => {
  const sophie = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.free);
  const page = sophie.page;
  await page.setViewportSize({ width: 390, height: 844 });
  const chats = (await (await sophie.request.get('/api/chats.php')).json()) as ChatsResponse;
  const james = chats.chats.find((c) => c.profile.name === DEMO_ACCOUNTS.premium.name)!;
  const dialog = page.getByRole('dialog');

  /** Opens a dialog with `open`, scans the page with it, and closes it with Escape (nothing changes). */
  async function scanDialog(label: string, open: () => Promise<void>) {
    await open();
    await expect(dialog).toBeVisible();
    expect(await seriousViolations(page), label).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  }

  await page.goto(`/members/${james.profile.id}`);
  await expect(page.getByRole('button', { name: 'Block' })).toBeVisible();
  expect(await seriousViolations(page), 'profile').toEqual([]);
  await scanDialog('block confirmation', () => page.getByRole('button', { name: 'Block' }).click());

  await page.goto(`/chats/${james.conversation}`);
  await expect(page.getByTestId('chat-input')).toBeVisible();
  await scanDialog('gift picker', () => page.getByRole('button', { name: 'Send a gift' }).click());
  await page.getByRole('button', { name: 'Chat options' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  expect(await seriousViolations(page), 'chat menu').toEqual([]);
  await scanDialog('delete confirmation', () => page.getByRole('menuitem', { name: 'Delete chat' }).click());

  await page.goto('/chats/99999999');
  await expect(page.getByTestId('chat-error-back')).toBeVisible();
  expect(await seriousViolations(page), 'missing chat').toEqual([]);
  await sophie.context.close();
});

/** Every opening animation has ended (a spinner's endless one aside): sizes read while one runs are scaled. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
}

test('on a touch phone every control of the chat list, a chat, its menu and the gift picker is at least 44 px each way', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, hasTouch: true });
  const response = await context.request.post('/api/user.php', { data: { email: DEMO_ACCOUNTS.free.email, password: DEMO_ACCOUNTS.free.password } });
  expect(response.status()).toBe(200);
  const page = await context.newPage();
  const chats = (await (await context.request.get('/api/chats.php')).json()) as ChatsResponse;
  const james = chats.chats.find((c) => c.profile.name === DEMO_ACCOUNTS.premium.name)!;

  await page.goto('/chats');
  await expect(page.getByTestId('chat-list-item').first()).toBeVisible();
  expect(await smallTargets(page, '[data-testid=chat-page]'), 'list').toEqual([]);

  await page.goto(`/chats/${james.conversation}`);
  await expect(page.getByTestId('chat-message').first()).toBeVisible();
  await page.locator('.chat-menu .dropdown-toggle').click();
  await expect(page.getByRole('menuitem').first()).toBeVisible();
  // Measured once the menu has grown in: scaled by its opening animation, items read 43 px.
  await settled(page);
  expect(await smallTargets(page, '[data-testid=chat-page]'), 'chat and its menu').toEqual([]);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Send a gift' }).click();
  await expect(page.getByTestId('gift-rose')).toBeVisible();
  await settled(page);
  expect(await smallTargets(page, '[role=dialog]'), 'gift picker').toEqual([]);
  await context.close();
});

test('on a phone an open chat has a heading, the peer’s name (the list’s "Messages" is hidden there)', async ({ browser, baseURL }) => {
  const sophie = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.free);
  const page = sophie.page;
  await page.setViewportSize({ width: 390, height: 844 });
  const chats = (await (await sophie.request.get('/api/chats.php')).json()) as ChatsResponse;
  const james = chats.chats.find((c) => c.profile.name === DEMO_ACCOUNTS.premium.name)!;
  await page.goto(`/chats/${james.conversation}`);
  await expect(page.getByRole('heading', { name: 'Messages' })).toBeHidden();
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^${DEMO_ACCOUNTS.premium.name}\\b`) })).toBeVisible();
  await sophie.context.close();
});

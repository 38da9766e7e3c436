import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type Page } from '@playwright/test';
import type { ChatsResponse } from '../shared/src/api/chats.js';
import { chatLabel, DEMO_ACCOUNTS, memberContext } from './chat-fixtures.js';
import { testOnSeededServer } from './seeded-server.js';
import { uniqueEmail } from './shell-helpers.js';

/**
 * The chat screens on a phone (one pane at a time, list first) and on a desktop (list beside the
 * chat), in every locale; screenshots land in screenshots/ for a human look at each, since a
 * longer translation is what overflows a button or a header. The screenshots show the demo
 * member's chats as seeded, on a server of the spec's own: the other specs write into them.
 */
const test = testOnSeededServer();
const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } } as const;
const LOCALES = ['en', 'de', 'es', 'fr', 'it', 'nl', 'pl'] as const;


async function openAs(browser: Browser, baseURL: string, locale: string, viewport: { width: number; height: number }) {
  const member = await memberContext(browser, baseURL, DEMO_ACCOUNTS.free);
  await member.context.addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL }]);
  await member.page.setViewportSize(viewport);
  const chats = (await (await member.request.get('/api/chats.php')).json()) as ChatsResponse;
  return { ...member, chats };
}

/**
 * A screenshot once every image has loaded (or failed) and every animation has ended: otherwise
 * avatars are still missing and a sheet that slides up is caught half transparent.
 */
async function screenshot(page: Page, path: string): Promise<void> {
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  await page.screenshot({ path });
}

for (const locale of LOCALES) {
  test(`phone shows the list first, then one chat (${locale})`, async ({ browser, baseURL }) => {
    const { page, context, chats } = await openAs(browser, baseURL!, locale, VIEWPORTS.phone);
    await page.goto('/chats');
    await expect(page.getByTestId('chat-list-item').first()).toBeVisible();
    await expect(page.getByTestId('chat-page').locator('.chat-page-thread')).toBeHidden();
    await screenshot(page, `screenshots/chat-phone-list-${locale}.png`);

    const withJames = chats.chats.find((c) => c.profile.name === DEMO_ACCOUNTS.premium.name)!;
    await page.getByTestId('chat-list-item').filter({ hasText: DEMO_ACCOUNTS.premium.name }).getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/chats/${withJames.conversation}$`));
    await expect(page.getByTestId('chat-thread')).toBeVisible();
    await expect(page.getByTestId('chat-list-item').first()).toBeHidden();
    await expect(page.getByTestId('chat-message').first()).toBeVisible();
    await screenshot(page, `screenshots/chat-phone-thread-${locale}.png`);

    await page.getByRole('button', { name: chatLabel(locale, 'chat.sendGift') }).click();
    await expect(page.getByTestId('gift-rose')).toBeVisible();
    await screenshot(page, `screenshots/chat-phone-gifts-${locale}.png`);
    await context.close();
  });

  test(`desktop shows the list beside the chat and remembers the last one (${locale})`, async ({ browser, baseURL }) => {
    const { page, context, chats } = await openAs(browser, baseURL!, locale, VIEWPORTS.desktop);
    const withJames = chats.chats.find((c) => c.profile.name === DEMO_ACCOUNTS.premium.name)!;
    await page.goto(`/chats/${withJames.conversation}`);
    await expect(page.getByTestId('chat-thread')).toBeVisible();
    await expect(page.getByTestId('chat-list-item').first()).toBeVisible();
    await expect(page.getByTestId('chat-message').first()).toBeVisible();
    await screenshot(page, `screenshots/chat-desktop-${locale}.png`);
    // An open chat is titled after the person; the list alone is "Messages".
    await expect(page).toHaveTitle(new RegExp(`^(\\(\\d+\\) )?${DEMO_ACCOUNTS.premium.name} · `));

    // /chats on a desktop reopens the chat opened last.
    await page.goto('/chats');
    await expect(page).toHaveURL(new RegExp(`/chats/${withJames.conversation}$`));
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto('/chats');
    await expect(page).toHaveTitle(new RegExp(`^(\\(\\d+\\) )?${chatLabel(locale, 'chat.title')} · `));
    await context.close();
  });
}

test('a free member\'s chat past the history cut says why its messages are gone, in the list and in the chat', async ({ browser, baseURL }) => {
  const { page, context, chats } = await openAs(browser, baseURL!, 'en', VIEWPORTS.phone);
  // The seed's 40-day-old chat: the server leaves its preview out.
  const old = chats.chats.find((c) => c.last_message === null)!;
  const notice = 'Older messages are no longer visible to protect your privacy.';
  await page.goto('/chats');
  const item = page.locator(`[data-testid=chat-list-item][data-profile="${old.profile.id}"]`);
  await expect(item).toContainText(notice);
  // Set apart from the messages other entries show there.
  await expect(item.locator('.chat-list-preview > *')).toHaveCSS('font-style', 'italic');
  // Oldest, so last in the list.
  await expect(page.getByTestId('chat-list-item').last()).toHaveAttribute('data-profile', String(old.profile.id));
  await item.getByRole('link').click();
  await expect(page.getByTestId('chat-scroll')).toContainText(notice);
  await expect(page.getByTestId('chat-message')).toHaveCount(0);
  await expect(page.getByTestId('chat-input')).toBeEnabled();
  await screenshot(page, 'screenshots/chat-phone-history-cut-en.png');
  await context.close();
});

test('a chat opened by its address, with unread messages, starts at them under the divider; opened again, it has none', async ({ browser, baseURL }) => {
  const { page, context, chats } = await openAs(browser, baseURL!, 'en', VIEWPORTS.phone);
  const unread = chats.chats.find((c) => c.num_unread_messages > 0 && c.profile.name !== DEMO_ACCOUNTS.premium.name)!;
  await page.goto(`/chats/${unread.conversation}`);
  const divider = page.getByTestId('chat-unread-divider');
  await expect(divider).toBeVisible();
  // The divider stands above as many of the peer's messages as were unread.
  const below = await divider.evaluate((d) => [...document.querySelectorAll('[data-testid=chat-message].is-theirs')].filter((m) => m.getBoundingClientRect().top >= d.getBoundingClientRect().bottom - 1).length);
  expect(below).toBe(unread.num_unread_messages);
  await screenshot(page, 'screenshots/chat-phone-unread-en.png');
  // Read now: opened again, nothing is unread.
  await expect.poll(async () => ((await (await page.request.get('/api/chats.php')).json()) as ChatsResponse).chats.find((c) => c.conversation === unread.conversation)!.num_unread_messages).toBe(0);
  await page.reload();
  await expect(page.getByTestId('chat-message').first()).toBeVisible();
  await expect(divider).toHaveCount(0);
  await context.close();
});

test('a new conversation offers icebreakers', async ({ browser, baseURL }) => {
  const { page, context, chats } = await openAs(browser, baseURL!, 'en', VIEWPORTS.desktop);
  const known = new Set(chats.chats.map((c) => c.profile.id));
  const stranger = [...Array(40).keys()].map((i) => i + 1).find((id) => !known.has(id))!;
  await page.goto(`/members/${stranger}/chat`);
  await expect(page.getByTestId('chat-thread')).toBeVisible();
  // Offered once, by the empty chat's card: a second button beside the message box, a smiley,
  // read as an emoji picker, and on a 320 px phone it cut the box's placeholder mid-word.
  await expect(page.getByRole('button', { name: 'Break the ice' })).toHaveCount(1);
  await expect(page.locator('.chat-composer button')).toHaveCount(2); // a gift and send
  await page.getByTestId('open-icebreakers').click();
  await expect(page.locator('#icebreaker-modal')).toBeVisible();
  await expect(page.getByTestId('icebreaker-coffee')).toHaveText('If we met for coffee, what would you order?');
  // One tap spends credits, and the price under the message box is dimmed behind the dialog.
  await expect(page.locator('#icebreaker-modal .chat-modal-lead')).toHaveText(/It is sent as your first message, for 1\u00a0credit\.$/);
  await screenshot(page, 'screenshots/chat-desktop-icebreakers-en.png');
  await context.close();
});

test('an empty chat with a member who cannot get replies invites nothing, its notice says why; a sent icebreaker leaves the focus in the message box', async ({ browser, baseURL, request }) => {
  const james = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.premium);
  // A member who has just signed up has not confirmed the e-mail: nobody can write to them yet.
  const signup = await request.post('/api/signup.php', {
    data: { email: uniqueEmail('unconfirmed'), name: 'Lotte', password: 'lotte-password-1', date_of_birth: '1995-03-03', gender: 'female', seeking: 'male' },
  });
  expect(signup.status()).toBe(201);
  const lotte = ((await signup.json()) as { user: { id: number } }).user.id;
  await james.page.goto(`/members/${lotte}/chat`);
  await expect(james.page.getByTestId('chat-thread')).toBeVisible();
  await expect(james.page.getByTestId('chat-input')).toBeDisabled();
  await expect(james.page.getByTestId('notice-unconfirmed')).toContainText('Lotte has not confirmed');
  // No "Start your conversation with Lotte" above a box he cannot write in.
  await expect(james.page.locator('.chat-empty-thread')).toHaveCount(0);
  await expect(james.page.getByTestId('open-icebreakers')).toHaveCount(0);

  // Nor with a member who blocked him before they ever wrote: "You cannot contact this member"
  // alone, with nothing of her (her name, photo, age and country stay hidden, as on her profile).
  const blocker = await browser.newContext({ baseURL });
  const signupBlocker = await blocker.request.post('/api/signup.php', {
    data: { email: uniqueEmail('blocker'), name: 'Mila', password: 'mila-password-1', date_of_birth: '1994-04-04', gender: 'female', seeking: 'male' },
  });
  expect(signupBlocker.status()).toBe(201);
  const mila = ((await signupBlocker.json()) as { user: { id: number } }).user.id;
  const jamesId = ((await (await james.request.get('/api/user.php', { headers: { 'X-Request-Type': 'client' } })).json()) as { user: { id: number } }).user.id;
  expect((await blocker.request.post('/api/block.php', { data: { profile: jamesId } })).status()).toBe(200);
  await james.page.goto(`/members/${mila}/chat`);
  await expect(james.page.getByTestId('notice-blocked')).toHaveText('You cannot contact this member.');
  await expect(james.page.getByTestId('chat-input')).toHaveCount(0);
  await expect(james.page.locator('.chat-empty-thread')).toHaveCount(0);
  await expect(james.page.locator('main')).not.toContainText('Mila');
  await blocker.close();

  // A stranger who can: the icebreaker goes out, and the member writes on in the box.
  const known = new Set(((await (await james.request.get('/api/chats.php')).json()) as ChatsResponse).chats.map((c) => c.profile.id));
  known.add(((await (await james.request.get('/api/user.php', { headers: { 'X-Request-Type': 'client' } })).json()) as { user: { id: number } }).user.id);
  const stranger = [...Array(100).keys()].map((i) => i + 20).find((id) => !known.has(id))!;
  await james.page.goto(`/members/${stranger}/chat`);
  await james.page.getByTestId('open-icebreakers').focus();
  await james.page.keyboard.press('Enter');
  await james.page.getByTestId('icebreaker-coffee').focus();
  await james.page.keyboard.press('Enter');
  await expect(james.page.getByTestId('chat-message')).toHaveCount(1);
  await expect(james.page.getByTestId('chat-input')).toBeFocused();
  await james.context.close();
});

test('the chat screen has no serious accessibility violations', async ({ browser, baseURL }) => {
  const { page, context, chats } = await openAs(browser, baseURL!, 'en', VIEWPORTS.desktop);
  const withJames = chats.chats.find((c) => c.profile.name === DEMO_ACCOUNTS.premium.name)!;
  await page.goto(`/chats/${withJames.conversation}`);
  await expect(page.getByTestId('chat-message').first()).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await context.close();
});

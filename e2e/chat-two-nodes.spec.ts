import { expect, test, type Page } from '@playwright/test';
import { bubble, conversationWith, countsOf, DEMO_ACCOUNTS, memberContext, messagesBadge, sendFromComposer, titleCount, uniqueText } from './chat-fixtures.js';
import type { PrivateServer } from './private-server.js';
import { startTwoNodes, type TwoNodes } from './two-nodes.js';

/**
 * Two server processes behind a load balancer act as one (README "Scaling out"), seen in two
 * browsers: Sophie's page talks only to node 1, James's only to node 2 (as two backends of a
 * balancer with sticky sessions would have it; each page on its own node's origin, which the
 * socket handshake checks). Everything live between them crosses the nodes through Redis: a
 * message, the Messages badge, the read tick, the typing indicator. Both sockets are up the whole
 * time, so nothing here can arrive by the REST fallback (which would poll only every 60 s).
 */
let cluster: TwoNodes | undefined;

test.beforeAll(async () => {
  cluster = await startTwoNodes();
});

test.afterAll(async () => {
  await cluster?.stop();
  cluster = undefined;
});

/**
 * Live delivery is a matter of a moment, and the fallback polls every 60 s (and not at all while
 * the socket is up): 8 s leaves room for a CI machine whose two cores the other specs share.
 */
const LIVE = { timeout: 8_000 };

async function socketsOn(node: PrivateServer): Promise<number> {
  const response = await fetch(`${node.baseURL}/dev/realtime-stats`);
  return ((await response.json()) as { sockets: number }).sockets;
}

/** Marks the document, so a later check can tell it was never reloaded. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
}

async function sameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);
}

test('two members on two nodes chat live: delivery, badge, read tick, typing', async ({ browser }) => {
  const [node1, node2] = cluster!.nodes;
  const a = await memberContext(browser, node1.baseURL, DEMO_ACCOUNTS.free);
  const b = await memberContext(browser, node2.baseURL, DEMO_ACCOUNTS.premium);
  const { conversation } = await conversationWith(a, DEMO_ACCOUNTS.premium.name);
  const fromB = await conversationWith(b, DEMO_ACCOUNTS.free.name);
  expect(fromB.conversation).toBe(conversation);

  // A waits on the members screen of node 1; B opens the chat on node 2.
  await a.page.goto('/members');
  await expect(a.page.locator('.member-nav')).toBeVisible();
  await markDocument(a.page);
  await b.page.goto(`/chats/${fromB.conversation}`);
  await expect(b.page.getByTestId('chat-page')).toHaveAttribute('data-connection', 'online');
  await markDocument(b.page);
  // One socket on each node: each page is connected, and to its own node only.
  await expect.poll(() => socketsOn(node1)).toBe(1);
  await expect.poll(() => socketsOn(node2)).toBe(1);
  const before = await countsOf(a);
  await expect.poll(() => messagesBadge(a.page)).toBe(before.total_unread);

  // B writes on node 2: A's Messages badge and title on node 1 count up, without a reload.
  const first = uniqueText('Hello Sophie, from node 2');
  await sendFromComposer(b.page, first);
  await expect(bubble(b.page, first)).toHaveAttribute('data-state', 'sent');
  await expect.poll(() => messagesBadge(a.page), LIVE).toBe(before.total_unread + 1);
  await expect.poll(() => titleCount(a.page), LIVE).toBe(before.badge + 1);

  // A opens Messages and the chat from the navigation (client-side): reading it takes the badge
  // down on node 1, and B's read tick on node 2 turns.
  await a.page.locator('a.member-nav-link[href="/chats"]').click();
  await a.page.getByTestId('chat-list-item').filter({ hasText: DEMO_ACCOUNTS.premium.name }).getByRole('link').click();
  await expect(a.page.getByTestId('chat-page')).toHaveAttribute('data-connection', 'online');
  await expect(bubble(a.page, first)).toBeVisible();
  await expect(bubble(b.page, first)).toHaveAttribute('data-state', 'read', LIVE);
  const read = await countsOf(a);
  expect(read.total_unread).toBeLessThan(before.total_unread + 1);
  await expect.poll(() => messagesBadge(a.page), LIVE).toBe(read.total_unread);

  // With the chat open: B's next message appears in A's thread live, read as it arrives (the
  // badge stays down), and B sees it read.
  const second = uniqueText('Are you there, Sophie?');
  await sendFromComposer(b.page, second);
  await expect(bubble(a.page, second)).toBeVisible(LIVE);
  await expect(bubble(b.page, second)).toHaveAttribute('data-state', 'read', LIVE);
  expect(await messagesBadge(a.page)).toBe(read.total_unread);

  // Typing crosses the nodes both ways (socket only: it has no REST road). Best effort by design,
  // so the typist types again until it shows (as e2e/chat-typing-view.spec.ts does).
  for (const [typist, watcher] of [
    [a.page, b.page],
    [b.page, a.page],
  ] as const) {
    const input = typist.getByTestId('chat-input');
    await expect(async () => {
      await input.fill('');
      await input.pressSequentially('Let me think', { delay: 30 });
      await expect(watcher.locator('.chat-header .chat-presence-typing')).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 15_000 });
    await expect(watcher.locator('.chat-typing')).toBeVisible();
    await input.fill('');
  }

  // A answers on node 1; B gets it live on node 2 and A sees B read it.
  const reply = uniqueText('Hi James, from node 1');
  await sendFromComposer(a.page, reply);
  await expect(bubble(b.page, reply)).toBeVisible(LIVE);
  await expect(bubble(a.page, reply)).toHaveAttribute('data-state', 'read', LIVE);

  // All of it over the sockets: both still up, on their own nodes, and neither page reloaded.
  for (const page of [a.page, b.page]) {
    await expect(page.getByTestId('chat-page')).toHaveAttribute('data-connection', 'online');
    expect(await sameDocument(page)).toBe(true);
  }
  expect(await socketsOn(node1)).toBe(1);
  expect(await socketsOn(node2)).toBe(1);

  await a.context.close();
  await b.context.close();
});

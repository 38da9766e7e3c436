import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, memberContext } from './chat-fixtures.js';
import { longHistoryMessage, quietChatOf, serveMadeUpHistory } from './made-up-history.js';

const TOTAL = 10_000;
const PAGE = 2_000;

/**
 * A conversation with 10,000 messages: the history is made up (made-up-history.ts, pages of
 * 2,000) so the client's windowing is what is tested. Only a few dozen rows may be in the DOM,
 * loading older pages must keep the message on screen where it was, and scrolling through the
 * middle must move the window along with the view. How fast scrolling is, is measured by
 * `npm run bench -- scroll`, not asserted here: a time limit failed on a loaded machine.
 */
test('10,000 messages stay windowed and scrolling back keeps the position', async ({ browser, baseURL }) => {
  const james = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.premium);
  const entry = await quietChatOf(james);
  const me = (await (await james.request.get('/api/user.php')).json()) as { user: { id: number } };
  const message = (id: number) => longHistoryMessage(entry, me.user.id, id);

  // An older page is answered only when the test lets it go (below): the screen is measured while
  // its request is open. A fixed delay here let a starved test process measure after the page had
  // landed, and compare with a row caught mid-update (top 0) instead of where it had been.
  const heldOlderPages: Array<() => void> = [];
  await serveMadeUpHistory(james.page, entry.conversation, {
    total: TOTAL,
    pageSize: PAGE,
    message,
    peerLastRead: TOTAL - 10,
    olderPage: async () => {
      await new Promise<void>((resolve) => heldOlderPages.push(resolve));
      return false;
    },
  });

  await james.page.goto(`/chats/${entry.conversation}`);
  const rows = james.page.getByTestId('chat-message');
  await expect(rows.filter({ hasText: `Message ${TOTAL}` })).toBeVisible();
  expect(await rows.count()).toBeLessThan(80);

  // At the newest message, the list growing shorter from below (the composer grown to several
  // lines, as a phone's keyboard would) keeps the newest message in view.
  const input = james.page.getByTestId('chat-input');
  await input.fill('one\ntwo\nthree\nfour\nfive\nsix\nseven\neight');
  await expect(rows.filter({ hasText: `Message ${TOTAL}` })).toBeInViewport({ ratio: 1 });
  await james.page.setViewportSize({ width: 1280, height: 480 });
  await expect(rows.filter({ hasText: `Message ${TOTAL}` })).toBeInViewport({ ratio: 1 });
  await input.fill('');
  await james.page.setViewportSize({ width: 1280, height: 720 });

  // Scroll to the top again and again: each older page lands above without moving what is on screen.
  const scroller = james.page.getByTestId('chat-scroll');
  const topOf = (id: string) => james.page.locator(`[data-testid=chat-message][data-id="${id}"]`).evaluate((el) => el.getBoundingClientRect().top);
  for (let page = 1; page < TOTAL / PAGE; page++) {
    const older = james.page.waitForResponse((r) => r.url().includes('before='));
    await scroller.evaluate((el) => (el.scrollTop = 0));
    await expect.poll(() => heldOlderPages.length).toBe(1);
    await james.page.waitForTimeout(100);
    const oldest = (await rows.first().getAttribute('data-id'))!;
    const yBefore = await topOf(oldest);
    heldOlderPages.shift()!();
    await older;
    await expect(rows.first()).not.toHaveAttribute('data-id', oldest);
    // The message that was on screen is back where it was once the new rows are measured (their
    // ResizeObserver callbacks and the list's corrective scroll), which on a loaded machine takes
    // longer than one frame: the test waits for the settled position instead of sampling once.
    await expect.poll(async () => Math.abs((await topOf(oldest)) - yBefore), { timeout: 2_000 }).toBeLessThan(4);
    expect(await rows.count()).toBeLessThan(80);
  }
  await scroller.evaluate((el) => (el.scrollTop = 0));
  await expect(james.page.locator('[data-testid=chat-message][data-id="1"]')).toBeVisible();

  // Jump to the middle: the right messages render, still only a window of them.
  const windowIds = async () => (await rows.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-id'))))).filter((id) => id > 0);
  // The jump is repeated while polling: on a loaded machine the last page's height measurements can
  // still be settling (and re-anchor the scroll) when the first jump happens.
  await expect
    .poll(async () => {
      await scroller.evaluate((el) => (el.scrollTop = el.scrollHeight / 2));
      return Math.min(...(await windowIds()));
    })
    .toBeGreaterThan(2_000);
  const ids = await windowIds();
  expect(ids.length).toBeGreaterThan(5);
  expect(ids.length).toBeLessThan(80);
  expect(Math.max(...ids)).toBeLessThan(8_000);

  // Scrolling through the middle moves the window along: after 60 steps of 400 px (a frame each,
  // as a flick would) the rows shown are later ones, still only a window of them, and they are the
  // rows in view, not blank space where the window was left behind. No time limit: how fast this
  // is, is measured by `npm run bench -- scroll` (a limit here failed on a loaded machine).
  const before = Math.max(...ids);
  const firstMessageAtCentre = () =>
    scroller.evaluate((el) => {
      const middle = el.getBoundingClientRect().top + el.clientHeight / 2;
      const row = [...el.querySelectorAll('[data-testid=chat-message]')].find((r) => r.getBoundingClientRect().bottom >= middle);
      return Number(row?.getAttribute('data-id') ?? 0);
    });
  const atCentreBefore = await firstMessageAtCentre();
  await scroller.evaluate(async (el) => {
    for (let i = 0; i < 60; i++) {
      el.scrollTop += 400;
      await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
    }
  });
  // Every step counts: 24,000 px is about 480 messages of about 50 px. The list's correction for
  // the rows it had just measured used to put it back where the step before had left it, undoing
  // every other step of a scroll made a frame at a time by a script (half the messages passed).
  await expect.poll(async () => (await firstMessageAtCentre()) - atCentreBefore, { message: 'messages passed by 60 steps of 400 px' }).toBeGreaterThan(400);
  // The window follows the scroll events, which a loaded machine renders a few frames late: polled.
  await expect.poll(async () => Math.min(...(await windowIds())), { message: 'the rendered window moved on with the scroll' }).toBeGreaterThan(before);
  expect(await rows.count()).toBeLessThan(80);
  // What the member sees: the middle of the list shows a message row, and rows within its box.
  const inView = () =>
    scroller.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const atCentre = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)?.closest('.chat-row');
      const visible = [...el.querySelectorAll('[data-testid=chat-message]')].filter((row) => {
        const r = row.getBoundingClientRect();
        return r.bottom > box.top && r.top < box.bottom;
      });
      return { centreIsRow: atCentre != null && el.contains(atCentre), visible: visible.length };
    });
  await expect.poll(async () => (await inView()).centreIsRow, { message: 'a row at the middle of the list, not blank space' }).toBe(true);
  expect((await inView()).visible).toBeGreaterThan(3);
  // A history request still in the made-up history's route (made-up-history.ts, which fetches the
  // server's page first) when the context closes: fulfilling it then throws "route.fetch: Target
  // page closed" into whatever test runs next (as in chat-flaky.spec.ts).
  await james.page.unrouteAll({ behavior: 'ignoreErrors' });
  await james.context.close();
});

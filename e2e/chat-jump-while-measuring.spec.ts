import { expect, test, type Browser } from '@playwright/test';
import { DEMO_ACCOUNTS, memberContext, type Member } from './chat-fixtures.js';
import { plainMessage, quietChatOf, serveMadeUpHistory } from './made-up-history.js';

const TOTAL = 120;
const PAGE = 60;

/** What the member does just before the list moves: a key from the list or the page, or the wheel. */
type MemberInput = { key: 'Home' | 'End'; from: 'list' | 'page' } | { wheel: number } | { fingerFrom: number; fingerTo: number };

/**
 * Opens the quiet chat, with made-up history, and moves its list to the top at the moment its
 * first rows are measured: from a resize observer made after the list's own, which runs right
 * after the list's in the same frame, once the list has asked to lay out again. With `input` the
 * move comes as the browser's would, the input's event first: a key from an element in the list
 * or from the page (after a click on the list, the browser scrolls the box last clicked), the
 * wheel, or a finger.
 */
async function openAndMoveWhileMeasuring(browser: Browser, baseURL: string, input: MemberInput | null, upwards: boolean): Promise<Member> {
  const james = await memberContext(browser, baseURL, DEMO_ACCOUNTS.premium);
  const entry = await quietChatOf(james);
  await serveMadeUpHistory(james.page, entry.conversation, { total: TOTAL, pageSize: PAGE, message: (id) => plainMessage(entry, id) });
  await james.page.addInitScript(({ given, upwards }) => {
    const state = window as unknown as { movedFrom?: number };
    let watching = false;
    new MutationObserver(() => {
      const scroller = document.querySelector<HTMLElement>('[data-testid=chat-scroll]');
      const row = scroller?.querySelector('[data-testid=chat-message]');
      if (watching || !scroller || !row) return;
      watching = true;
      const move = new ResizeObserver(() => {
        move.disconnect();
        state.movedFrom = scroller.scrollTop;
        if (given && 'key' in given) (given.from === 'list' ? scroller : document.body).dispatchEvent(new KeyboardEvent('keydown', { key: given.key, bubbles: true }));
        if (given && 'wheel' in given) scroller.dispatchEvent(new WheelEvent('wheel', { deltaY: given.wheel, bubbles: true }));
        if (given && 'fingerFrom' in given) {
          const at = (clientY: number) => [new Touch({ identifier: 1, target: scroller, clientX: 200, clientY })];
          scroller.dispatchEvent(new TouchEvent('touchstart', { touches: at(given.fingerFrom), bubbles: true }));
          scroller.dispatchEvent(new TouchEvent('touchmove', { touches: at(given.fingerTo), bubbles: true }));
        }
        scroller.scrollTop = 0;
        // Without the member's input the move stands for the browser's own (a clamp), which happens
        // in the layout the list's next render asks for: the list sees it there, before its scroll
        // event. A loaded machine can run the scroll event of this scripted move first (seen: a
        // 333 ms stall, then the event before React's render), and a scroll event from the member's
        // side is theirs to keep; so the event is held back until the list has laid out again.
        if (!upwards) {
          const holdBack = (event: Event) => {
            if (event.target !== scroller) return;
            window.removeEventListener('scroll', holdBack, true);
            if (scroller.scrollTop === 0) event.stopImmediatePropagation();
          };
          window.addEventListener('scroll', holdBack, true);
        }
      });
      move.observe(row);
    }).observe(document, { childList: true, subtree: true });
  }, { given: input, upwards });
  await james.page.goto(`/chats/${entry.conversation}`);
  // The move came from the newest message, where the chat opened.
  await expect.poll(() => james.page.evaluate(() => (window as unknown as { movedFrom?: number }).movedFrom ?? 0)).toBeGreaterThan(1000);
  return james;
}

/**
 * Closes the member's context, letting go of the made-up history's route first: a history request
 * still in it (made-up-history.ts fetches the server's page first) when the context closes throws
 * "route.fetch: Target page closed" into whatever test runs next (as in chat-flaky.spec.ts).
 */
async function close(james: Member): Promise<void> {
  await james.page.unrouteAll({ behavior: 'ignoreErrors' });
  await james.context.close();
}

/**
 * A member who presses Home (or turns the wheel up) just after a chat opens stays at the top. The
 * list keeps itself at the newest message while its rows are measured, and it used to put itself
 * back there when it laid the rows out again before the input's scroll event arrived.
 */
const UPWARDS: Array<[string, MemberInput]> = [
  ['Home from the list', { key: 'Home', from: 'list' }],
  ['Home from the page', { key: 'Home', from: 'page' }],
  ['the wheel turned up', { wheel: -300 }],
  ['a finger drawn down the list', { fingerFrom: 200, fingerTo: 500 }],
];
for (const [name, input] of UPWARDS) {
  test(`${name} while the rows of a chat just opened are measured is not undone`, async ({ browser, baseURL }) => {
    const james = await openAndMoveWhileMeasuring(browser, baseURL!, input, true);
    // At the top: the first page's oldest message is in view, and the page before it lands above.
    await expect(james.page.locator(`[data-testid=chat-message][data-id="${TOTAL - PAGE + 1}"]`)).toBeInViewport();
    await expect(james.page.locator(`[data-testid=chat-message][data-id="${TOTAL - PAGE}"]`)).toBeAttached();
    await expect(james.page.locator(`[data-testid=chat-message][data-id="${TOTAL - PAGE + 1}"]`)).toBeInViewport();
    await expect(james.page.getByTestId('chat-message').filter({ hasText: `Message ${TOTAL}` })).not.toBeInViewport();
    await close(james);
  });
}

/**
 * The same move without the member's input upwards is not theirs: the list stays at the newest
 * message. The browser moves a list itself when its content shrinks (a typing bubble gone), and a
 * list that judged by position alone took that for the member's move and stopped following new
 * messages; input downwards (End, the wheel down) moves nothing at the newest message.
 */
const NOT_UPWARDS: Array<[string, MemberInput | null]> = [
  ['no input', null],
  ['End', { key: 'End', from: 'list' }],
  ['the wheel turned down', { wheel: 300 }],
  ['a finger drawn up the list', { fingerFrom: 500, fingerTo: 200 }],
];
for (const [name, input] of NOT_UPWARDS) {
  test(`a move of a chat just opened with ${name} leaves it at the newest message`, async ({ browser, baseURL }) => {
    const james = await openAndMoveWhileMeasuring(browser, baseURL!, input, false);
    await expect(james.page.getByTestId('chat-message').filter({ hasText: `Message ${TOTAL}` })).toBeInViewport();
    await expect(james.page.getByTestId('chat-jump')).toHaveCount(0);
    await close(james);
  });
}

import { expect, test, type Page } from '@playwright/test';
import { bubble, conversationWith, DEMO_ACCOUNTS, memberContext, sendFromComposer, uniqueText } from './chat-fixtures.js';

/** What a page asked of the socket endpoint: Engine.IO long-polling requests, WebSocket handshakes, REST polling rounds. */
function watchTransports(page: Page) {
  const seen = { polling: 0, websockets: 0, restPolls: 0 };
  page.on('request', (request) => {
    if (request.url().includes('/socket.io/') && request.url().includes('transport=polling')) seen.polling++;
    if (request.url().includes('/api/sync.php')) seen.restPolls++;
  });
  page.on('websocket', (ws) => {
    if (ws.url().includes('/socket.io/')) seen.websockets++;
  });
  return seen;
}

/**
 * A network whose proxy refuses WebSockets: the browser's WebSocket to /socket.io/ fails as a
 * refused handshake does (an error, then a close with 1006). Other WebSockets are left alone.
 */
async function refuseSocketWebSockets(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const Real = window.WebSocket;
    class Refused extends EventTarget {
      static readonly CONNECTING = 0;
      static readonly OPEN = 1;
      static readonly CLOSING = 2;
      static readonly CLOSED = 3;
      readyState = 0;
      binaryType = 'blob';
      bufferedAmount = 0;
      extensions = '';
      protocol = '';
      onopen: ((event: Event) => void) | null = null;
      onerror: ((event: Event) => void) | null = null;
      onclose: ((event: CloseEvent) => void) | null = null;
      onmessage: ((event: MessageEvent) => void) | null = null;
      constructor(readonly url: string) {
        super();
        setTimeout(() => {
          this.readyState = 3;
          const error = new Event('error');
          this.onerror?.(error);
          this.dispatchEvent(error);
          const close = new CloseEvent('close', { code: 1006, wasClean: false });
          this.onclose?.(close);
          this.dispatchEvent(close);
        }, 10);
      }
      send(): void {
        throw new DOMException('WebSocket is not open', 'InvalidStateError');
      }
      close(): void {}
    }
    window.WebSocket = new Proxy(Real, {
      construct(target, args: [string | URL, (string | string[])?]) {
        return String(args[0]).includes('/socket.io/') ? (new Refused(String(args[0])) as unknown as WebSocket) : new target(...args);
      },
    });
  });
}

/**
 * The client opens its socket as a WebSocket straight away: no Engine.IO long-polling requests
 * before it (each would load the session on the server), and messages arrive live.
 */
test('the chat socket connects over a WebSocket without polling first', async ({ browser, baseURL }) => {
  const a = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.premium);
  const b = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.free);
  const { conversation } = await conversationWith(b, DEMO_ACCOUNTS.premium.name);
  const seen = watchTransports(b.page);

  await b.page.goto(`/chats/${conversation}`);
  await expect(b.page.getByTestId('chat-peer-name')).toContainText(DEMO_ACCOUNTS.premium.name);
  await expect.poll(() => seen.websockets).toBeGreaterThanOrEqual(1);

  await a.page.goto(`/chats/${conversation}`);
  const text = uniqueText('Straight over a WebSocket');
  await sendFromComposer(a.page, text);
  await expect(bubble(b.page, text)).toBeVisible();
  await expect(b.page.getByTestId('chat-offline')).toBeHidden();
  expect(seen.polling).toBe(0);
  expect(seen.restPolls).toBe(0);

  await a.context.close();
  await b.context.close();
});

/**
 * Where WebSockets are refused, the socket falls back to Engine.IO long-polling and stays live:
 * messages arrive through it, and the REST polling meant for a lost socket never starts.
 */
test('where WebSockets are refused the chat socket falls back to long-polling and stays live', async ({ browser, baseURL }) => {
  const a = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.premium);
  const b = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.free);
  await refuseSocketWebSockets(b.page);
  const { conversation } = await conversationWith(b, DEMO_ACCOUNTS.premium.name);
  const seen = watchTransports(b.page);

  await b.page.goto(`/chats/${conversation}`);
  await expect(b.page.getByTestId('chat-peer-name')).toContainText(DEMO_ACCOUNTS.premium.name);
  await expect.poll(() => seen.polling).toBeGreaterThanOrEqual(2);

  await a.page.goto(`/chats/${conversation}`);
  const text = uniqueText('Through long-polling');
  await sendFromComposer(a.page, text);
  await expect(bubble(b.page, text)).toBeVisible();
  // B has the chat open, so it is read over the socket, and A's tick turns to read live.
  await expect(bubble(a.page, text)).toHaveAttribute('data-state', 'read');
  await expect(b.page.getByTestId('chat-offline')).toBeHidden();
  expect(seen.restPolls).toBe(0);

  await a.context.close();
  await b.context.close();
});

/** Shared steps of the chat end-to-end specs: log in through the API, find the demo conversation. */
import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, type DemoAccount } from '../db/seed/demo-accounts.js';
import type { ChatsResponse, CountsDto } from '../shared/src/api/chats.js';

export { DEMO_ACCOUNTS };

export interface Member {
  context: BrowserContext;
  page: Page;
  request: APIRequestContext;
}

/** A fresh browser context logged in as `account` (session cookie set by POST /api/user.php). */
export async function memberContext(browser: Browser, baseURL: string, account: DemoAccount): Promise<Member> {
  const context = await browser.newContext({ baseURL });
  const response = await context.request.post('/api/user.php', { data: { email: account.email, password: account.password } });
  expect(response.status(), `log in ${account.email}`).toBe(200);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`[${account.name}] page error: ${error.message}`));
  return { context, page, request: context.request };
}

/**
 * A new member, signed up and confirmed (the activation mail's link, from /dev/outbox), logged in
 * in a browser context of its own. For specs that block or chat on the server the other specs
 * share: nothing they do reaches the demo accounts' lists. `device`: the context's viewport, touch...
 */
export async function newMember(browser: Browser, baseURL: string, name: string, device: BrowserContextOptions = {}): Promise<Member & { id: number }> {
  const context = await browser.newContext({ ...device, baseURL });
  const email = `${name.toLowerCase()}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const signup = await context.request.post('/api/signup.php', { data: { email, name, password: `${name}-password`, date_of_birth: '1992-03-03', gender: 'female', seeking: 'both', country: 'GB' } });
  expect(signup.status(), `sign up ${name}`).toBe(201);
  const id = ((await signup.json()) as { user: { id: number } }).user.id;
  const mails = await (await context.request.get('/dev/outbox')).text();
  const link = mails.split('<article').find((part) => part.includes(email))?.match(/href="([^"]*activate\.php\?token=[^"]+)"/)?.[1];
  expect(link, `activation link of ${name}`).toBeTruthy();
  expect((await context.request.get(link!.replace(/&amp;/g, '&'))).ok()).toBe(true);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`[${name}] page error: ${error.message}`));
  return { context, page, request: context.request, id };
}

/** The conversation between the caller and the member named `peerName` (seeded for Sophie and James). */
export async function conversationWith(member: Member, peerName: string): Promise<{ conversation: number; unread: number }> {
  const response = await member.request.get('/api/chats.php');
  expect(response.status()).toBe(200);
  const body = (await response.json()) as ChatsResponse;
  const entry = body.chats.find((c) => c.profile.name === peerName);
  expect(entry, `a chat with ${peerName}`).toBeTruthy();
  return { conversation: entry!.conversation, unread: entry!.num_unread_messages };
}

export async function countsOf(member: Member): Promise<CountsDto> {
  const response = await member.request.get('/api/counts.php');
  expect(response.status()).toBe(200);
  return (await response.json()) as CountsDto;
}

/** The number in the page title's '(N) ' prefix, 0 without one. */
export async function titleCount(page: Page): Promise<number> {
  const match = /^\((\d+)\)/.exec(await page.title());
  return match ? Number(match[1]) : 0;
}

/** The Messages badge of the top navigation (0 when it is not shown). */
export async function messagesBadge(page: Page): Promise<number> {
  const badge = page.locator('a.member-nav-link[href="/chats"] .badge');
  if ((await badge.count()) === 0) return 0;
  const text = (await badge.first().textContent()) ?? '0';
  return text === '99+' ? 100 : Number(text);
}

export function uniqueText(label: string): string {
  return `${label} ${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
}

/** Types into the composer and presses Enter. */
export async function sendFromComposer(page: Page, text: string): Promise<void> {
  const input = page.getByTestId('chat-input');
  await input.fill(text);
  await input.press('Enter');
}

export function bubble(page: Page, text: string) {
  return page.getByTestId('chat-message').filter({ hasText: text });
}

/**
 * A network that carries HTTP but not the socket: its long-polling requests fail and its WebSocket
 * handshake is refused. The client falls back to REST, polling every `pollMs` (the debug override,
 * honoured outside production builds and in automated browsers).
 */
export async function blockSocket(page: Page, pollMs: number): Promise<void> {
  await page.route('**/socket.io/**', (route) => route.abort());
  await refuseSocketWebSockets(page);
  await page.addInitScript((ms) => localStorage.setItem('debug-poll-ms', String(ms)), pollMs);
}

/** No road for a send: POST /api/messages.php fails as with the network down (reads still pass). */
export async function failSends(page: Page): Promise<void> {
  await page.route(SEND_URL, (route) => (route.request().method() === 'POST' ? route.abort() : route.fallback()));
}

/** Sends go through again (undoes failSends). */
export async function restoreSends(page: Page): Promise<void> {
  await page.unroute(SEND_URL);
}

const SEND_URL = '**/api/messages.php';

/**
 * A network whose proxy refuses WebSockets: the browser's WebSocket to /socket.io/ fails as a
 * refused handshake does (an error, then a close with 1006). Other WebSockets are left alone.
 */
export async function refuseSocketWebSockets(page: Page): Promise<void> {
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

/** A text as the locale's chat catalogue has it, so a test finds what a member of that locale sees. */
export function chatLabel(locale: string, key: string): string {
  return (JSON.parse(readFileSync(`client/src/i18n/messages/chat/${locale}.json`, 'utf8')) as Record<string, string>)[key]!;
}

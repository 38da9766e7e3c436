// @vitest-environment jsdom
/** A chat's unread badge in the list, against live frames: each peer message counted once, and none in the chat on screen. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore } from './jotai.js';
import { chatEntriesAtom, openChatAtom } from './chats.js';
import { CONVERSATION, COUNTS, entry, flush, ME, message, openThreadWith, PEER, socket, startConnected, syncPage, useRealtimeHarness } from './realtime-test-kit.js';

vi.mock('../api/chats.js', async () => (await import('./realtime-test-mocks.js')).chatsApiMock());
vi.mock('../api/socket.js', async () => (await import('./realtime-test-mocks.js')).socketApiMock());
vi.mock('../api/user.js', async () => (await import('./realtime-test-mocks.js')).userApiMock());

useRealtimeHarness();

const unread = () => appStore.get(chatEntriesAtom).get(PEER)?.num_unread_messages;

beforeEach(() => startConnected(() => undefined));

describe("a chat's unread badge", () => {
  it('counts a message once when it comes again with the catch-up after a reconnect (a chat never opened here)', async () => {
    socket.server('message:new', message(101, PEER));
    expect(unread()).toBe(1);
    socket.drop();
    // The catch-up's list was read before 101 was stored; its messages bring 101 again.
    socket.respond = (event) => (event === 'catch-up' ? { ok: true, data: { chats: { chats: [entry(message(100, PEER))], counts: COUNTS }, sync: syncPage([message(101, PEER)]) } } : undefined);
    socket.connect();
    await flush();
    expect(unread()).toBe(1);
  });

  it('stays at zero for the chat on screen when another tab reads up to an older message', async () => {
    openThreadWith([message(100, PEER)]);
    appStore.set(openChatAtom, PEER);
    socket.server('message:new', message(101, PEER));
    expect(unread()).toBe(0);
    // Another tab's read mark covers 100; the server counts 101 unread, which this tab reads on screen.
    socket.server('message:read', { conversation: CONVERSATION, reader: ME, message: 100, unread: 1 });
    expect(unread()).toBe(0);
  });
});

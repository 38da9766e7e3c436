// @vitest-environment jsdom
/** A chat's unread badge in the list, against live frames: each peer message counted once, and none in the chat on screen. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserDto } from '@shared/api/user.js';
import type { ChatSocket } from '../api/socket.js';
import { COUNTS, CONVERSATION, FakeSocket, ME, PEER, entry, flush, message, syncPage } from './realtime-test-kit.js';

vi.mock('../api/chats.js', () => ({
  fetchChats: vi.fn(), fetchSync: vi.fn(), postMessage: vi.fn(), postMessagesRead: vi.fn(), fetchCounts: vi.fn(),
  fetchLikesIfAvailable: vi.fn(async () => null), sendPageHiddenBeacon: vi.fn(), fetchMessages: vi.fn(), deleteChat: vi.fn(), setBlocked: vi.fn(),
}));
vi.mock('../api/socket.js', () => ({ createChatSocket: vi.fn() }));
vi.mock('../api/user.js', () => ({ fetchCurrentUser: vi.fn(async () => null) }));

const api = await import('../api/chats.js');
const { createChatSocket } = await import('../api/socket.js');
const { startRealtime } = await import('./realtime.js');
const { updateThread } = await import('./chat-store.js');
const { mergeStored } = await import('./chat-thread.js');
const { appStore } = await import('./jotai.js');
const { userAtom } = await import('./user.js');
const { chatEntriesAtom, openChatAtom, threadsAtom } = await import('./chats.js');

let socket: FakeSocket;
let stop: () => void;
const unread = () => appStore.get(chatEntriesAtom).get(PEER)?.num_unread_messages;

beforeEach(async () => {
  vi.clearAllMocks();
  appStore.set(userAtom, { id: ME, credits: 10, credits_version: 100, profile: { id: ME, name: 'Me', country: 'NL', status: 'active', main_image: null } } as UserDto);
  appStore.set(threadsAtom, new Map());
  appStore.set(chatEntriesAtom, new Map());
  appStore.set(openChatAtom, null);
  vi.mocked(api.fetchChats).mockResolvedValue({ chats: [entry(message(100, PEER))], counts: COUNTS });
  socket = new FakeSocket(() => undefined);
  vi.mocked(createChatSocket).mockResolvedValue(socket as unknown as ChatSocket);
  stop = startRealtime();
  await flush();
  socket.connect();
  await flush();
});

afterEach(() => stop?.());

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
    updateThread(PEER, (t) => ({ ...mergeStored(t, [message(100, PEER)]), loaded: true }), CONVERSATION);
    appStore.set(openChatAtom, PEER);
    socket.server('message:new', message(101, PEER));
    expect(unread()).toBe(0);
    // Another tab's read mark covers 100; the server counts 101 unread, which this tab reads on screen.
    socket.server('message:read', { conversation: CONVERSATION, reader: ME, message: 100, unread: 1 });
    expect(unread()).toBe(0);
  });
});

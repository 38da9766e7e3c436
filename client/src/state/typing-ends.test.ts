// @vitest-environment jsdom
/** The peer's "typing…" ends when they say so, when their message comes, and when they go offline. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserDto } from '@shared/api/user.js';
import type { ChatSocket } from '../api/socket.js';
import { COUNTS, CONVERSATION, FakeSocket, ME, PEER, entry, flush, message } from './realtime-test-kit.js';

vi.mock('../api/chats.js', () => ({
  fetchChats: vi.fn(), fetchSync: vi.fn(), postMessage: vi.fn(), postMessagesRead: vi.fn(), fetchCounts: vi.fn(),
  fetchLikesIfAvailable: vi.fn(async () => null), sendPageHiddenBeacon: vi.fn(), fetchMessages: vi.fn(), deleteChat: vi.fn(), setBlocked: vi.fn(),
}));
vi.mock('../api/socket.js', () => ({ createChatSocket: vi.fn() }));
vi.mock('../api/user.js', () => ({ fetchCurrentUser: vi.fn(async () => null) }));

const api = await import('../api/chats.js');
const { createChatSocket } = await import('../api/socket.js');
const { startRealtime } = await import('./realtime.js');
const { appStore } = await import('./jotai.js');
const { userAtom } = await import('./user.js');
const { chatEntriesAtom, threadsAtom, typingAtom } = await import('./chats.js');

let socket: FakeSocket;
let stop: () => void;

beforeEach(async () => {
  vi.clearAllMocks();
  appStore.set(userAtom, { id: ME, credits: 10, credits_version: 100, profile: { id: ME, name: 'Me', country: 'NL', status: 'active', main_image: null } } as UserDto);
  appStore.set(threadsAtom, new Map());
  appStore.set(chatEntriesAtom, new Map());
  appStore.set(typingAtom, new Map());
  vi.mocked(api.fetchChats).mockResolvedValue({ chats: [entry(message(100, PEER))], counts: COUNTS });
  socket = new FakeSocket(() => undefined);
  vi.mocked(createChatSocket).mockResolvedValue(socket as unknown as ChatSocket);
  stop = startRealtime();
  await flush();
  socket.connect();
  await flush();
  socket.server('typing', { conversation: CONVERSATION, profile: PEER, typing: true });
  expect(appStore.get(typingAtom).has(PEER)).toBe(true);
});

afterEach(() => stop?.());

describe("the peer's typing indicator", () => {
  it('ends at once when the peer stops typing, not seconds later', () => {
    socket.server('typing', { conversation: CONVERSATION, profile: PEER, typing: false });
    expect(appStore.get(typingAtom).has(PEER)).toBe(false);
  });

  it('ends when their message arrives', () => {
    socket.server('message:new', message(101, PEER));
    expect(appStore.get(typingAtom).has(PEER)).toBe(false);
  });

  it('ends when they go offline', () => {
    socket.server('presence', { profile: PEER, online: false, last_seen: new Date().toISOString(), at: Date.now() + 1_000 });
    expect(appStore.get(typingAtom).has(PEER)).toBe(false);
  });

  it("stays when the member's own message arrives (another tab's)", () => {
    socket.server('message:new', message(101, ME));
    expect(appStore.get(typingAtom).has(PEER)).toBe(true);
  });
});

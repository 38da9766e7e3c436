// @vitest-environment jsdom
/** A chat deleted on another device is no longer the one /chats reopens as the last opened. */
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
const { chatEntriesAtom, readLastOpenedChat, rememberOpenedChat, threadsAtom } = await import('./chats.js');

const OTHER = 3;
let stop: () => void;

beforeEach(async () => {
  vi.clearAllMocks();
  localStorage.clear();
  appStore.set(userAtom, { id: ME, credits: 10, credits_version: 100, profile: { id: ME, name: 'Me', country: 'NL', status: 'active', main_image: null } } as UserDto);
  appStore.set(threadsAtom, new Map());
  appStore.set(chatEntriesAtom, new Map());
});

afterEach(() => stop?.());

describe('a chat deleted on another device', () => {
  it('leaves the list and is not reopened as the last opened chat', async () => {
    vi.mocked(api.fetchChats).mockResolvedValue({ chats: [entry(message(100, PEER)), entry(message(90, OTHER, 11), OTHER, 11)], counts: COUNTS });
    const socket = new FakeSocket(() => undefined);
    vi.mocked(createChatSocket).mockResolvedValue(socket as unknown as ChatSocket);
    stop = startRealtime();
    await flush();
    socket.connect();
    await flush();
    rememberOpenedChat(PEER);

    socket.server('chat:removed', { conversation: CONVERSATION });
    expect(appStore.get(chatEntriesAtom).has(PEER)).toBe(false);
    expect(appStore.get(chatEntriesAtom).has(OTHER)).toBe(true);
    expect(readLastOpenedChat()).toBeNull();
  });
});

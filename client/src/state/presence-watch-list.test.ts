// @vitest-environment jsdom
/** The socket is asked for the online state of every chat in a long list (up to 200), and of the profile opened. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserDto } from '@shared/api/user.js';
import type { ChatSocket } from '../api/socket.js';
import { COUNTS, FakeSocket, ME, entry, flush, message } from './realtime-test-kit.js';

vi.mock('../api/chats.js', () => ({
  fetchChats: vi.fn(), fetchSync: vi.fn(), postMessage: vi.fn(), postMessagesRead: vi.fn(), fetchCounts: vi.fn(),
  fetchLikesIfAvailable: vi.fn(async () => null), sendPageHiddenBeacon: vi.fn(), fetchMessages: vi.fn(), deleteChat: vi.fn(), setBlocked: vi.fn(),
}));
vi.mock('../api/socket.js', () => ({ createChatSocket: vi.fn() }));
vi.mock('../api/user.js', () => ({ fetchCurrentUser: vi.fn(async () => null) }));

const api = await import('../api/chats.js');
const { createChatSocket } = await import('../api/socket.js');
const { startRealtime, watchPresence } = await import('./realtime.js');
const { appStore } = await import('./jotai.js');
const { userAtom } = await import('./user.js');
const { chatEntriesAtom, threadsAtom } = await import('./chats.js');

let stop: () => void;

beforeEach(() => {
  vi.clearAllMocks();
  appStore.set(userAtom, { id: ME, credits: 10, credits_version: 100, profile: { id: ME, name: 'Me', country: 'NL', status: 'active', main_image: null } } as UserDto);
  appStore.set(threadsAtom, new Map());
  appStore.set(chatEntriesAtom, new Map());
});

afterEach(() => stop?.());

describe('the presence watch', () => {
  it('names all 40 chats of the list and the profile opened', async () => {
    const chats = Array.from({ length: 40 }, (_, i) => entry(message(1_000 + i, 100 + i, 500 + i), 100 + i, 500 + i));
    vi.mocked(api.fetchChats).mockResolvedValue({ chats, counts: COUNTS });
    const socket = new FakeSocket(() => undefined);
    vi.mocked(createChatSocket).mockResolvedValue(socket as unknown as ChatSocket);
    stop = startRealtime();
    await flush();
    socket.connect();
    await flush();
    socket.emitted = [];
    watchPresence([7]);
    const watched = socket.emitted.filter((e) => e.event === 'presence:watch').map((e) => (e.payload as { profiles: number[] }).profiles);
    expect(watched).toHaveLength(1);
    expect(new Set(watched[0])).toEqual(new Set([7, ...chats.map((c) => c.profile.id)]));
  });
});

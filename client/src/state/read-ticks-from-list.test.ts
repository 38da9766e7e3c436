// @vitest-environment jsdom
/** Read ticks follow a reloaded list when the live 'message:read' was missed. */
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
const { getThread, updateThread } = await import('./chat-store.js');
const { deliveryState, mergeStored } = await import('./chat-thread.js');
const { appStore } = await import('./jotai.js');
const { userAtom } = await import('./user.js');
const { chatEntriesAtom, openChatAtom, threadsAtom } = await import('./chats.js');

let socket: FakeSocket;
let stop: () => void;

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

describe('read ticks', () => {
  it("shows the member's message read when the list after a reconnect says so, the live event having been missed", async () => {
    updateThread(PEER, (t) => ({ ...mergeStored(t, [message(100, PEER), message(106, ME)]), loaded: true }), CONVERSATION);
    const mine = () => getThread(PEER)!.stored.at(-1)!;
    expect(deliveryState(mine(), getThread(PEER)!.peerLastRead)).toBe('sent');
    socket.drop();
    // While the socket was down the peer read 106; its 'message:read' never came.
    socket.respond = (event) => (event === 'catch-up' ? { ok: true, data: { chats: { chats: [{ ...entry(message(106, ME)), peer_last_read: 106 }], counts: COUNTS }, sync: syncPage([]) } } : undefined);
    socket.connect();
    await flush();
    expect(deliveryState(mine(), getThread(PEER)!.peerLastRead)).toBe('read');
  });
});

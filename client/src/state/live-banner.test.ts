// @vitest-environment jsdom
/** The new-message banner: raised by a peer's message that comes live, kept until its own time is up. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserDto } from '@shared/api/user.js';
import type { ChatSocket } from '../api/socket.js';
import { COUNTS, FakeSocket, ME, PEER, entry, flush, message } from './realtime-test-kit.js';

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
const { chatEntriesAtom, threadsAtom } = await import('./chats.js');
const { dismissNotice, messageNoticeAtom, noticeArrival } = await import('./message-notice.js');

let stop: (() => void) | undefined;

beforeEach(() => {
  vi.clearAllMocks();
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  appStore.set(userAtom, { id: ME, credits: 10, credits_version: 100, profile: { id: ME, name: 'Me', country: 'NL', status: 'active', main_image: null } } as UserDto);
  appStore.set(threadsAtom, new Map());
  appStore.set(chatEntriesAtom, new Map());
  appStore.set(messageNoticeAtom, null);
  vi.mocked(api.fetchChats).mockResolvedValue({ chats: [entry(message(100, PEER))], counts: COUNTS });
});

afterEach(() => {
  stop?.();
  stop = undefined;
});

describe('the new-message banner', () => {
  it("is raised by the peer's message that comes over the socket", async () => {
    const socket = new FakeSocket(() => undefined);
    vi.mocked(createChatSocket).mockResolvedValue(socket as unknown as ChatSocket);
    stop = startRealtime();
    await flush();
    socket.connect();
    await flush();
    socket.server('message:new', message(101, PEER));
    expect(appStore.get(messageNoticeAtom)?.id).toBe(101);
  });

  it("stays on the peer's message when the member's own message (from another tab) comes after it", () => {
    noticeArrival(message(101, PEER));
    noticeArrival(message(102, ME));
    expect(appStore.get(messageNoticeAtom)?.id).toBe(101);
  });

  it("an older message's time running out leaves a newer message's banner", () => {
    noticeArrival(message(101, PEER));
    noticeArrival(message(102, PEER));
    dismissNotice(101);
    expect(appStore.get(messageNoticeAtom)?.id).toBe(102);
    dismissNotice(102);
    expect(appStore.get(messageNoticeAtom)).toBeNull();
  });
});

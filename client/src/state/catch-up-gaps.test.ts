// @vitest-environment jsdom
/**
 * A reconnect's catch-up brings every message missed: pages of several messages follow each other
 * from the last one of the page before, and a Redis outage reported while a catch-up runs still
 * sends the next one back to before the outage.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessageDto, SyncResponse } from '@shared/api/chats.js';
import type { UserDto } from '@shared/api/user.js';
import type { ChatSocket } from '../api/socket.js';
import { COUNTS, CONVERSATION, FakeSocket, ME, PEER, entry, message, syncPage, type Responder } from './realtime-test-kit.js';

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
const { mergeStored } = await import('./chat-thread.js');
const { appStore } = await import('./jotai.js');
const { userAtom } = await import('./user.js');
const { chatEntriesAtom, threadsAtom } = await import('./chats.js');

/** The server's database: every message of the member, ascending. */
let stored: MessageDto[];
let socket: FakeSocket;
let stop: () => void;
/** How the server answers now. */
let server: Responder;
const listOfStored = () => ({ chats: [entry(stored.at(-1)!)], counts: COUNTS });
const after = (payload: unknown) => (payload as { after: number }).after;
const storedIds = () => getThread(PEER)!.stored.map((m) => m.id);

beforeEach(async () => {
  vi.clearAllMocks();
  vi.useFakeTimers({ now: 0 });
  appStore.set(userAtom, { id: ME, credits: 10, credits_version: 100, profile: { id: ME, name: 'Me', country: 'NL', status: 'active', main_image: null } } as UserDto);
  appStore.set(threadsAtom, new Map());
  appStore.set(chatEntriesAtom, new Map());
  stored = [message(100, PEER)];
  vi.mocked(api.fetchChats).mockImplementation(async () => listOfStored());
  vi.mocked(api.fetchSync).mockImplementation(async (from) => syncPage(stored.filter((m) => m.id > from)));
  server = (event, payload) => {
    if (event === 'catch-up') return { ok: true, data: { chats: listOfStored(), sync: after(payload) > 0 ? syncPage(stored.filter((m) => m.id > after(payload))) : null } };
    if (event === 'sync') return { ok: true, data: syncPage(stored.filter((m) => m.id > after(payload))) };
    return undefined;
  };
  socket = new FakeSocket((event, payload) => server(event, payload));
  vi.mocked(createChatSocket).mockResolvedValue(socket as unknown as ChatSocket);
  stop = startRealtime();
  await vi.advanceTimersByTimeAsync(10);
  updateThread(PEER, (t) => ({ ...mergeStored(t, [message(100, PEER)]), loaded: true }), CONVERSATION);
  socket.connect();
  await vi.advanceTimersByTimeAsync(10);
});

afterEach(() => {
  stop?.();
  vi.useRealTimers();
});

describe('the catch-up after a time away', () => {
  it('brings a long gap page after page, each from the last message of the page before', async () => {
    socket.drop();
    // Missed while away: 30 messages; the server answers two a page.
    for (let id = 101; id <= 130; id++) stored.push(message(id, PEER));
    const twoAPage = (from: number): SyncResponse => {
      const rest = stored.filter((m) => m.id > from);
      return syncPage(rest.slice(0, 2), rest.length > 2);
    };
    const syncAfters: number[] = [];
    server = (event, payload) => {
      if (event === 'catch-up') return { ok: true, data: { chats: listOfStored(), sync: twoAPage(after(payload)) } };
      if (event !== 'sync') return undefined;
      syncAfters.push(after(payload));
      return { ok: true, data: twoAPage(after(payload)) };
    };
    socket.connect();
    await vi.advanceTimersByTimeAsync(10);

    expect(syncAfters.slice(0, 3)).toEqual([102, 104, 106]);
    expect(storedIds()).toEqual(stored.map((m) => m.id));
  });

  it('a Redis outage reported while a catch-up is running sends the next one back to before the outage', async () => {
    await vi.advanceTimersByTimeAsync(60_000);
    // During an outage: 101 went through Redis and was lost; 102, stored on this node, arrived.
    stored.push(message(101, PEER), message(102, PEER));
    socket.server('message:new', message(102, PEER));
    await vi.advanceTimersByTimeAsync(1_000);

    // A catch-up starts (an invalidate of chats); its answer, read from 102 on, is on its way...
    const answers: Array<(result: unknown) => void> = [];
    const catchUpAfters: number[] = [];
    const fromDatabase = server;
    server = (event, payload) => {
      if (event !== 'catch-up') return fromDatabase(event, payload);
      catchUpAfters.push(after(payload));
      return new Promise((resolve) => answers.push(() => resolve(fromDatabase(event, payload))));
    };
    socket.server('invalidate', { resource: 'chats' });
    await vi.advanceTimersByTimeAsync(10);
    expect(catchUpAfters).toEqual([102]);
    // ...when the node says Redis was down: frames of the last seconds may be lost.
    socket.server('invalidate', { resource: 'chats', down_ms: 5_000 });
    await vi.advanceTimersByTimeAsync(10);
    answers[0]!(undefined);
    await vi.advanceTimersByTimeAsync(10);
    answers[1]?.(undefined);
    await vi.advanceTimersByTimeAsync(10);

    expect(catchUpAfters).toEqual([102, 100]);
    expect(storedIds()).toEqual([100, 101, 102]);
  });
});

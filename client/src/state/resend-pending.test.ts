// @vitest-environment jsdom
/**
 * Sends that got no answer (the network dropped) are sent again with their client id: at the
 * next poll round while the socket stays down, in every chat that has one, and in the order
 * written.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SendMessageInput } from '@shared/api/chats.js';
import type { UserDto } from '@shared/api/user.js';
import { ApiError } from '../api/http.js';
import { COUNTS, CONVERSATION, ME, PEER, entry, message } from './realtime-test-kit.js';

vi.mock('../api/chats.js', () => ({
  fetchChats: vi.fn(), fetchSync: vi.fn(), postMessage: vi.fn(), postMessagesRead: vi.fn(), fetchCounts: vi.fn(),
  fetchLikesIfAvailable: vi.fn(async () => null), sendPageHiddenBeacon: vi.fn(), fetchMessages: vi.fn(), deleteChat: vi.fn(), setBlocked: vi.fn(),
}));
vi.mock('../api/socket.js', () => ({ createChatSocket: vi.fn() }));
vi.mock('../api/user.js', () => ({ fetchCurrentUser: vi.fn(async () => null) }));

const api = await import('../api/chats.js');
const { createChatSocket } = await import('../api/socket.js');
const { startRealtime } = await import('./realtime.js');
const { sendChatMessage } = await import('./chat-actions.js');
const { getThread, updateThread } = await import('./chat-store.js');
const { mergeStored } = await import('./chat-thread.js');
const { appStore } = await import('./jotai.js');
const { userAtom } = await import('./user.js');
const { chatEntriesAtom, threadsAtom } = await import('./chats.js');
const { clearOutboxes } = await import('./outbox.js');

const OTHER = 3;
const OTHER_CONVERSATION = 11;

let stop: () => void;
/** What the server stored, in the order it stored it: [client id, body]. */
let storedOnServer: Array<{ client_id: string; body: string }>;
/** false: a send gets no answer (ApiError 0, as http.ts throws for a network failure) */
let network: boolean;

beforeEach(async () => {
  vi.clearAllMocks();
  vi.useFakeTimers();
  clearOutboxes();
  appStore.set(userAtom, { id: ME, credits: 10, credits_version: 100, profile: { id: ME, name: 'Me', country: 'NL', status: 'active', main_image: null } } as UserDto);
  appStore.set(threadsAtom, new Map());
  appStore.set(chatEntriesAtom, new Map());
  vi.mocked(api.fetchChats).mockResolvedValue({ chats: [entry(message(100, PEER)), entry(message(90, OTHER, OTHER_CONVERSATION), OTHER, OTHER_CONVERSATION)], counts: COUNTS });
  vi.mocked(api.fetchSync).mockResolvedValue({ messages: [], has_more: false, counts: COUNTS, credits: 10, credits_version: 100 });
  storedOnServer = [];
  network = true;
  let nextId = 200;
  vi.mocked(api.postMessage).mockImplementation(async (input: SendMessageInput) => {
    if (!network) throw new ApiError(0, 'try_later', {});
    storedOnServer.push({ client_id: input.client_id, body: input.body ?? '' });
    const conversation = input.profile === OTHER ? OTHER_CONVERSATION : CONVERSATION;
    return { message: { ...message(nextId++, ME, conversation), client_id: input.client_id, body: input.body ?? '' }, credits: 9, credits_version: 101, duplicate: false };
  });
  // The socket's code never loads: the page polls, and sends go over REST.
  vi.mocked(createChatSocket).mockReturnValue(new Promise(() => undefined));
  stop = startRealtime();
  await vi.advanceTimersByTimeAsync(10);
  updateThread(PEER, (t) => ({ ...mergeStored(t, [message(100, PEER)]), loaded: true }), CONVERSATION);
  updateThread(OTHER, (t) => ({ ...mergeStored(t, [message(90, OTHER, OTHER_CONVERSATION)]), loaded: true }), OTHER_CONVERSATION);
});

afterEach(() => {
  stop?.();
  vi.useRealTimers();
});

const pending = (profile: number) => getThread(profile)!.outgoing.filter((m) => m.local === 'pending').map((m) => m.body);

describe('sends that got no answer', () => {
  it('go out with the next poll round while the socket stays down, with their first client id', async () => {
    network = false;
    sendChatMessage(PEER, { kind: 'text', body: 'are you there?' });
    await vi.advanceTimersByTimeAsync(10);
    expect(pending(PEER)).toEqual(['are you there?']);
    const clientId = getThread(PEER)!.outgoing[0]!.client_id;

    network = true;
    await vi.advanceTimersByTimeAsync(5_100);
    expect(pending(PEER)).toEqual([]);
    expect(storedOnServer).toEqual([{ client_id: clientId, body: 'are you there?' }]);
    expect(getThread(PEER)!.stored.map((m) => m.body)).toEqual(['m100', 'are you there?']);
  });

  it('go out in every chat that has one, not only the first', async () => {
    network = false;
    sendChatMessage(PEER, { kind: 'text', body: 'to peer' });
    sendChatMessage(OTHER, { kind: 'text', body: 'to other' });
    await vi.advanceTimersByTimeAsync(10);
    expect([...pending(PEER), ...pending(OTHER)]).toEqual(['to peer', 'to other']);

    network = true;
    await vi.advanceTimersByTimeAsync(5_100);
    expect(pending(PEER)).toEqual([]);
    expect(pending(OTHER)).toEqual([]);
    expect(storedOnServer.map((s) => s.body).sort()).toEqual(['to other', 'to peer']);
  });

  it('hold back the messages written after them: the server stores them in the order written', async () => {
    // The first attempt gets no answer; the network is back for every later one.
    let attempts = 0;
    const answered = vi.mocked(api.postMessage).getMockImplementation()!;
    vi.mocked(api.postMessage).mockImplementation(async (input) => {
      if (attempts++ === 0) throw new ApiError(0, 'try_later', {});
      return answered(input);
    });
    sendChatMessage(PEER, { kind: 'text', body: 'first' });
    sendChatMessage(PEER, { kind: 'text', body: 'second' });
    await vi.advanceTimersByTimeAsync(10);

    expect(storedOnServer.map((s) => s.body)).toEqual(['first', 'second']);
    expect(getThread(PEER)!.stored.map((m) => m.body)).toEqual(['m100', 'first', 'second']);
  });
});

// @vitest-environment jsdom
/**
 * Sends that got no answer (the network dropped) are sent again with their client id: at the
 * next poll round while the socket stays down, in every chat that has one, and in the order
 * written.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SendMessageInput } from '@shared/api/chats.js';
import * as api from '../api/chats.js';
import { ApiError } from '../api/http.js';
import { sendChatMessage } from './chat-actions.js';
import { getThread } from './chat-store.js';
import { CONVERSATION, COUNTS, entry, ME, message, openThreadWith, PEER, startWithoutSocket, useRealtimeHarness } from './realtime-test-kit.js';

vi.mock('../api/chats.js', async () => (await import('./realtime-test-mocks.js')).chatsApiMock());
vi.mock('../api/socket.js', async () => (await import('./realtime-test-mocks.js')).socketApiMock());
vi.mock('../api/user.js', async () => (await import('./realtime-test-mocks.js')).userApiMock());

useRealtimeHarness();

const OTHER = 3;
const OTHER_CONVERSATION = 11;

/** What the server stored, in the order it stored it: [client id, body]. */
let storedOnServer: Array<{ client_id: string; body: string }>;
/** false: a send gets no answer (ApiError 0, as http.ts throws for a network failure) */
let network: boolean;

beforeEach(async () => {
  vi.useFakeTimers();
  vi.mocked(api.fetchChats).mockResolvedValue({ chats: [entry(message(100, PEER)), entry(message(90, OTHER, OTHER_CONVERSATION), OTHER, OTHER_CONVERSATION)], counts: COUNTS });
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
  startWithoutSocket();
  await vi.advanceTimersByTimeAsync(10);
  openThreadWith([message(100, PEER)]);
  openThreadWith([message(90, OTHER, OTHER_CONVERSATION)], OTHER, OTHER_CONVERSATION);
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

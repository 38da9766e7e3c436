// @vitest-environment jsdom
/**
 * Sends over the socket, over REST and from the saved outbox: each message goes out once, in the
 * order written, with its first client id; server errors and lost answers are tried again by
 * themselves, for a while.
 */
import { describe, expect, it, vi } from 'vitest';
import * as api from '../api/chats.js';
import { ApiError } from '../api/http.js';
import { retryChatMessage, sendChatMessage } from './chat-actions.js';
import { getThread } from './chat-store.js';
import { canRetry } from './chat-thread.js';
import { appStore } from './jotai.js';
import { userAtom } from './user.js';
import { chatEntriesAtom, threadsAtom } from './chats.js';
import { loadOutbox, OUTBOX_AUTO_SEND_MS } from './outbox.js';
import { catchUpAnswer, CONVERSATION, COUNTS, entry, flush, ME, message, openThreadWith, PEER, socket, start, startConnected, startConnectedOnFakeTimers, stop, storedAs, storedIds, useRealtimeHarness, type Responder } from './realtime-test-kit.js';

vi.mock('../api/chats.js', async () => (await import('./realtime-test-mocks.js')).chatsApiMock());
vi.mock('../api/socket.js', async () => (await import('./realtime-test-mocks.js')).socketApiMock());
vi.mock('../api/user.js', async () => (await import('./realtime-test-mocks.js')).userApiMock());

useRealtimeHarness();

/** A socket that is alive but answers no command except the presence watch (its check). */
const answersWatch: Responder = (event) => (event === 'presence:watch' ? { ok: true, data: [] } : undefined);

describe('the realtime owner', () => {
  it('sends over REST while disconnected, with a client id the server deduplicates', async () => {
    start(() => undefined);
    await flush();
    openThreadWith([message(100, PEER)]);
    vi.mocked(api.postMessage).mockImplementation(async (input) => ({ message: { ...message(104, ME), client_id: input.client_id }, credits: 9, credits_version: 101, duplicate: false }));
    sendChatMessage(PEER, { kind: 'text', body: 'over rest' });
    await flush();
    expect(storedIds()).toEqual([100, 104]);
    expect(appStore.get(userAtom)!.credits).toBe(9);
    expect(socket.sends()).toEqual([]);
  });

  it('a message too big for one socket frame (a site allowing 5,000 characters, written in emoji) goes over REST while the socket is up; a usual one over the socket', async () => {
    let nextId = 104;
    await startConnected((event, payload) =>
      event === 'message:send' ? { ok: true, data: { message: { ...message(nextId++, ME), client_id: (payload as { client_id: string }).client_id }, credits: 9, credits_version: 101, duplicate: false } } : undefined,
    );
    openThreadWith([message(100, PEER)]);
    vi.mocked(api.postMessage).mockImplementation(async (input) => ({ message: { ...message(nextId++, ME), client_id: input.client_id, body: input.body ?? '' }, credits: 8, credits_version: 102, duplicate: false }));
    // 4,500 emoji are 18,000 bytes of UTF-8: the server would close the socket at every try.
    const long = '\u{1F600}'.repeat(4_500);
    sendChatMessage(PEER, { kind: 'text', body: long });
    await flush();
    expect(api.postMessage).toHaveBeenCalledWith(expect.objectContaining({ body: long }));
    expect(socket.emitted.filter((e) => e.event === 'message:send')).toEqual([]);
    expect(storedIds()).toEqual([100, 104]);

    sendChatMessage(PEER, { kind: 'text', body: '\u{1F600}'.repeat(3_000) });
    await flush();
    expect(socket.emitted.filter((e) => e.event === 'message:send')).toHaveLength(1);
    expect(api.postMessage).toHaveBeenCalledTimes(1);
    expect(storedIds()).toEqual([100, 104, 105]);
  });

  it("a peer's message stored while the socket is down, just before one the member sends over REST, shows with the next poll round", async () => {
    vi.useFakeTimers();
    start(() => undefined);
    await vi.advanceTimersByTimeAsync(10);
    openThreadWith([message(100, PEER)]);
    // The peer wrote 101, which this page, with no socket, has not seen yet; the member's is 102.
    const onServer = [message(101, PEER), message(102, ME)];
    vi.mocked(api.postMessage).mockImplementation(async (input) => ({ message: { ...message(102, ME), client_id: input.client_id }, credits: 9, credits_version: 101, duplicate: false }));
    vi.mocked(api.fetchSync).mockImplementation(async (after) => ({ messages: onServer.filter((m) => m.id > after), has_more: false, counts: COUNTS, credits: 9, credits_version: 101 }));
    sendChatMessage(PEER, { kind: 'text', body: 'over rest' });
    await vi.advanceTimersByTimeAsync(10);
    expect(storedIds()).toEqual([100, 102]);

    await vi.advanceTimersByTimeAsync(5_000);
    expect(api.fetchSync).toHaveBeenCalledWith(100);
    expect(storedIds()).toEqual([100, 101, 102]);
  });

  it('a message written while older ones wait for the network goes out after them: the peer reads them in the order written', async () => {
    start(() => undefined);
    await flush();
    openThreadWith([message(100, PEER)]);
    let nextId = 104;
    let network = false;
    vi.mocked(api.postMessage).mockImplementation(async (input) => {
      if (!network) throw new ApiError(0, 'try_later', {});
      return { message: { ...message(nextId++, ME), client_id: input.client_id, body: input.body ?? '' }, credits: 9, credits_version: 101, duplicate: false };
    });
    sendChatMessage(PEER, { kind: 'text', body: 'first' });
    await flush();
    expect(getThread(PEER)!.outgoing.map((m) => m.local)).toEqual(['pending']);

    // The network is back before the next poll round; the member writes again.
    network = true;
    sendChatMessage(PEER, { kind: 'text', body: 'second' });
    await flush();
    expect(getThread(PEER)!.stored.map((m) => m.body)).toEqual(['m100', 'first', 'second']);
    expect(getThread(PEER)!.outgoing).toEqual([]);
  });

  it('a message the member sent becomes the list entry\'s preview, over the socket and over REST', async () => {
    let nextId = 104;
    await startConnected((event, payload) =>
      event === 'message:send' ? { ok: true, data: { message: { ...message(nextId++, ME), client_id: (payload as { client_id: string }).client_id }, credits: 9, credits_version: 101, duplicate: false } } : undefined,
    );
    openThreadWith([message(100, PEER)]);
    appStore.set(chatEntriesAtom, new Map([[PEER, entry(message(100, PEER))]]));
    sendChatMessage(PEER, { kind: 'text', body: 'over the socket' });
    await flush();
    expect(appStore.get(chatEntriesAtom).get(PEER)?.last_message).toMatchObject({ id: 104, sender: ME });

    socket.drop();
    vi.mocked(api.postMessage).mockImplementation(async (input) => ({ message: { ...message(105, ME), client_id: input.client_id }, credits: 8, credits_version: 102, duplicate: false }));
    sendChatMessage(PEER, { kind: 'text', body: 'over rest' });
    await flush();
    expect(appStore.get(chatEntriesAtom).get(PEER)?.last_message).toMatchObject({ id: 105, sender: ME });
    // One's own messages are never unread.
    expect(appStore.get(chatEntriesAtom).get(PEER)?.num_unread_messages).toBe(0);
  });

  it('a message written offline survives a reload: it comes back pending and goes out with its first client id', async () => {
    let sentOverSocket: string | null = null;
    const respond: Responder = (event, payload) => {
      if (event === 'message:send') {
        sentOverSocket = (payload as { client_id: string }).client_id;
        return { ok: true, data: { message: { ...message(104, ME), client_id: sentOverSocket }, credits: 9, credits_version: 101, duplicate: false } };
      }
      return event === 'catch-up' ? { ok: true, data: catchUpAnswer({ messages: [], has_more: false, counts: COUNTS, credits: 10, credits_version: 100 }) } : undefined;
    };
    start(respond);
    await flush();
    openThreadWith([message(100, PEER)]);
    vi.mocked(api.postMessage).mockRejectedValue(new ApiError(0, 'try_later', {}));
    sendChatMessage(PEER, { kind: 'text', body: 'written on the train' });
    await flush();
    const written = getThread(PEER)!.outgoing[0]!;
    expect(loadOutbox(ME).map((e) => [e.profile, e.message.client_id, e.message.local])).toEqual([[PEER, written.client_id, 'pending']]);

    // The page is closed and opened again: a new store, the same device.
    stop();
    appStore.set(threadsAtom, new Map());
    start(respond);
    await flush();
    expect(getThread(PEER)!.outgoing.map((m) => [m.client_id, m.body, m.local])).toEqual([[written.client_id, 'written on the train', 'pending']]);
    socket.connect();
    await flush();
    expect(sentOverSocket).toBe(written.client_id);
    expect(getThread(PEER)!.outgoing).toEqual([]);
    // Stored: nothing is left to keep.
    expect(loadOutbox(ME)).toEqual([]);
  });

  it('a message pending for over a day comes back as not sent, with Retry, instead of going out by itself', () => {
    const old = new Date(Date.now() - OUTBOX_AUTO_SEND_MS - 60_000).toISOString();
    const pending = { key: `${ME}:c1`, id: null, conversation: CONVERSATION, sender: ME, client_id: 'client-old-1', kind: 'text', body: 'late', gift_id: null, created_at: old, local: 'pending', failure: null };
    localStorage.setItem(`chat-outbox:${ME}`, JSON.stringify([{ profile: PEER, message: pending }, { profile: PEER, message: { broken: true } }]));
    expect(loadOutbox(ME).map((e) => [e.message.client_id, e.message.local, e.message.failure])).toEqual([['client-old-1', 'failed', { code: 'network' }]]);
  });

  it('a message pending for over a day in a tab that stayed open is not sent by itself when the network is back; Retry sends it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const stored = message(103, ME);
    start((event, payload) => {
      if (event === 'message:send') return { ok: true, data: { message: { ...stored, client_id: (payload as { client_id: string }).client_id }, credits: 9, credits_version: 101, duplicate: false } };
      if (event === 'catch-up') return { ok: true, data: catchUpAnswer({ messages: [], has_more: false, counts: COUNTS, credits: 10, credits_version: 100 }) };
      return undefined;
    });
    await flush();
    openThreadWith([message(100, PEER)]);
    // Written in a tunnel: no socket, REST gets no answer.
    vi.mocked(api.postMessage).mockRejectedValue(new ApiError(0, 'try_later', {}));
    sendChatMessage(PEER, { kind: 'text', body: 'See you at 8 tonight?' });
    await flush();
    expect(getThread(PEER)!.outgoing[0]!.local).toBe('pending');

    // The laptop closed with the tab open, for a day and a bit; then a network.
    vi.setSystemTime(Date.now() + OUTBOX_AUTO_SEND_MS + 60_000);
    socket.connect();
    await flush();
    expect(socket.emitted.filter((e) => e.event === 'message:send')).toEqual([]);
    expect(getThread(PEER)!.outgoing[0]).toMatchObject({ local: 'failed', failure: { code: 'network' } });

    // The member's Retry: it goes now.
    retryChatMessage(PEER, getThread(PEER)!.outgoing[0]!.key);
    await flush();
    expect(socket.emitted.filter((e) => e.event === 'message:send')).toHaveLength(1);
    expect(getThread(PEER)!.outgoing).toEqual([]);
  });

  it("a send the server fails with its own error goes again by itself, pending all along, with the same client id", async () => {
    let attempts = 0;
    await startConnectedOnFakeTimers((event, payload) => {
      if (event !== 'message:send') return undefined;
      attempts += 1;
      if (attempts <= 2) return { ok: false, error: 'generic', message: 'Something went wrong' };
      const stored = { ...message(105, ME), client_id: (payload as { client_id: string }).client_id };
      return { ok: true, data: { message: stored, credits: 9, credits_version: 101, duplicate: false } };
    });
    sendChatMessage(PEER, { kind: 'text', body: 'busy server' });
    await vi.advanceTimersByTimeAsync(10);
    expect(getThread(PEER)!.outgoing[0]).toMatchObject({ local: 'pending', failure: null });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(socket.sends()).toHaveLength(2);
    expect(getThread(PEER)!.outgoing[0]).toMatchObject({ local: 'pending', failure: null });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(storedIds()).toEqual([100, 105]);
    expect(getThread(PEER)!.outgoing).toEqual([]);
    expect(new Set(socket.sends().map((s) => s.client_id)).size).toBe(1);
  });

  it('a send the server keeps failing with its own error shows not sent, with Retry, after 3 more tries', async () => {
    await startConnectedOnFakeTimers((event) => (event === 'message:send' ? { ok: false, error: 'generic', message: 'Something went wrong' } : undefined));
    sendChatMessage(PEER, { kind: 'text', body: 'broken server' });
    await vi.advanceTimersByTimeAsync(2_000 + 5_000 + 14_000);
    expect(socket.sends()).toHaveLength(3);
    expect(getThread(PEER)!.outgoing[0]).toMatchObject({ local: 'pending' });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(socket.sends()).toHaveLength(4);
    expect(getThread(PEER)!.outgoing[0]).toMatchObject({ local: 'failed', failure: { code: 'generic' } });
    expect(canRetry(getThread(PEER)!.outgoing[0]!.failure)).toBe(true);
    // Not sent is the member's to retry: nothing goes by itself any more.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(socket.sends()).toHaveLength(4);
  });

  it('a REST fallback the server fails with a 500 while the socket stays up goes again by itself', async () => {
    // The socket answers (its check after the lost ack too): only that ack was lost.
    await startConnectedOnFakeTimers(answersWatch);
    vi.mocked(api.postMessage)
      .mockRejectedValueOnce(new ApiError(500, 'generic', {}))
      .mockImplementation(storedAs(105));
    sendChatMessage(PEER, { kind: 'text', body: 'rest after a lost ack' });
    await vi.advanceTimersByTimeAsync(10);
    expect(getThread(PEER)!.outgoing[0]).toMatchObject({ local: 'pending' });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(storedIds()).toEqual([100, 105]);
  });

  it("a send whose REST fallback gets no answer while the socket stays up goes again 30 s later; the proxy's 502 counts as no answer", async () => {
    // The socket answers (its check after the lost ack too): only that ack was lost.
    await startConnectedOnFakeTimers(answersWatch);
    vi.mocked(api.postMessage)
      .mockRejectedValueOnce(new ApiError(502, 'generic', {}))
      .mockImplementation(storedAs(105));
    sendChatMessage(PEER, { kind: 'text', body: 'servers away' });
    await vi.advanceTimersByTimeAsync(29_000);
    expect(getThread(PEER)!.outgoing[0]).toMatchObject({ local: 'pending', failure: null });
    await vi.advanceTimersByTimeAsync(1_100);
    expect(storedIds()).toEqual([100, 105]);
  });

  it("a send a CDN answers 429 (slow down, Retry-After) stays pending and goes again by itself, not 'Not sent'", async () => {
    // A proxy's page, not the server's refusal (it names no code: the server limits no sends).
    // It showed "Not sent" and "An error has occurred." at once, for the member to press Retry.
    // The socket answers (its check after the lost ack too): only that ack was lost.
    await startConnectedOnFakeTimers(answersWatch);
    vi.mocked(api.postMessage)
      .mockRejectedValueOnce(new ApiError(429, 'generic', {}))
      .mockImplementation(storedAs(105));
    sendChatMessage(PEER, { kind: 'text', body: 'through a busy CDN' });
    await vi.advanceTimersByTimeAsync(29_000);
    expect(getThread(PEER)!.outgoing[0]).toMatchObject({ local: 'pending', failure: null });
    await vi.advanceTimersByTimeAsync(1_100);
    expect(storedIds()).toEqual([100, 105]);
  });

  it('an ack that never comes falls back to REST with the same client id', async () => {
    await startConnected(() => undefined);
    openThreadWith([message(100, PEER)]);
    vi.mocked(api.postMessage).mockImplementation(async (input) => ({ message: { ...message(105, ME), client_id: input.client_id }, credits: 9, credits_version: 101, duplicate: true }));
    sendChatMessage(PEER, { kind: 'text', body: 'lost ack' });
    await flush();
    expect(socket.sends()).toHaveLength(1);
    expect(vi.mocked(api.postMessage).mock.calls[0]![0].client_id).toBe(socket.sends()[0]!.client_id);
    expect(storedIds()).toEqual([100, 105]);
  });

  it('a socket that let an ack time out is asked once, and replaced (with a catch-up) when it does not answer: its connection died silently', async () => {
    let catchUps = 0;
    let alive = false;
    await startConnected((event) => {
      if (event === 'catch-up') catchUps++;
      if (event === 'presence:watch' && alive) return { ok: true, data: [] };
      return undefined;
    });
    openThreadWith([message(100, PEER)]);
    vi.mocked(api.postMessage).mockImplementation(async (input) => ({ message: { ...message(105, ME), client_id: input.client_id }, credits: 9, credits_version: 101, duplicate: false }));
    const before = catchUps;
    const watches = () => socket.emitted.filter((e) => e.event === 'presence:watch').length;
    const watchedBefore = watches();
    sendChatMessage(PEER, { kind: 'text', body: 'into a dead connection' });
    await flush();
    expect(storedIds()).toEqual([100, 105]);
    expect(watches()).toBeGreaterThan(watchedBefore);
    expect(socket.connected).toBe(true);
    expect(catchUps).toBe(before + 1);
    // A socket that answers the check stays.
    alive = true;
    const connectedBefore = catchUps;
    sendChatMessage(PEER, { kind: 'text', body: 'ack lost, connection fine' });
    await flush();
    expect(catchUps).toBe(connectedBefore);
  });
});

/** Found by a review of the client's realtime state (session 42); each failed before its fix. */
describe('list entries, counts and the outbox against live frames', () => {
  it('a message written offline, brought back by a reload and then stored, leaves the saved outbox (not "Not sent" a day later)', async () => {
    // What the earlier page (now closed) saved: one message written offline.
    const writtenAt = new Date(Date.now() - 60_000).toISOString();
    const saved = { key: `${ME}:client-offline-1`, id: null, conversation: CONVERSATION, sender: ME, client_id: 'client-offline-1', kind: 'text', body: 'written on the train', gift_id: null, created_at: writtenAt, local: 'pending', failure: null };
    localStorage.setItem(`chat-outbox:${ME}`, JSON.stringify([{ profile: PEER, message: saved }]));
    // The reloaded page (a fresh module: beforeEach's clearOutboxes() forgot what any page wrote).
    await startConnected((event, payload) => {
      if (event === 'message:send') return { ok: true, data: { message: { ...message(104, ME), client_id: (payload as { client_id: string }).client_id }, credits: 9, credits_version: 101, duplicate: false } };
      return event === 'catch-up' ? { ok: true, data: catchUpAnswer({ messages: [], has_more: false, counts: COUNTS, credits: 10, credits_version: 100 }) } : undefined;
    });
    expect(socket.sends().map((s) => s.client_id)).toEqual(['client-offline-1']);
    expect(getThread(PEER)!.outgoing).toEqual([]);
    // Stored: nothing is left to keep. (Still kept, it comes back pending at every reload, and after
    // a day as "Not sent" with Retry, though the peer has it.)
    expect(loadOutbox(ME, Date.now() + OUTBOX_AUTO_SEND_MS)).toEqual([]);
  });
});

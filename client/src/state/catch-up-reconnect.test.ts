// @vitest-environment jsdom
/**
 * A reconnect, or the server's invalidate, catches up from the database in one command (the list and
 * the missed messages), over REST when the socket does not answer, and again when an outage was reported.
 */
import { describe, expect, it, vi } from 'vitest';
import type { ChatsResponse, SyncResponse } from '@shared/api/chats.js';
import type { CatchUpResponse } from '@shared/realtime.js';
import * as api from '../api/chats.js';
import { ApiError } from '../api/http.js';
import { sendChatMessage } from './chat-actions.js';
import { getThread, updateThread } from './chat-store.js';
import { appStore } from './jotai.js';
import { userAtom } from './user.js';
import { countsAtom } from './counts.js';
import { chatEntriesAtom, connectionAtom, openChatAtom, presenceAtom } from './chats.js';
import { catchUpAnswer, COUNTS, entry, flush, ME, message, openThreadWith, PEER, socket, start, startConnected, startWithHeldCatchUps, storedIds, useRealtimeHarness } from './realtime-test-kit.js';

vi.mock('../api/chats.js', async () => (await import('./realtime-test-mocks.js')).chatsApiMock());
vi.mock('../api/socket.js', async () => (await import('./realtime-test-mocks.js')).socketApiMock());
vi.mock('../api/user.js', async () => (await import('./realtime-test-mocks.js')).userApiMock());

useRealtimeHarness();

describe('the realtime owner', () => {
  it('on reconnect catches up from the database and re-sends unacknowledged messages with the same client id', async () => {
    const stored = message(103, ME);
    const missedCounts = { ...COUNTS, total_unread: 2, badge: 2 };
    // Missed while away: two pages of messages after the newest id held (100).
    const syncPages: Record<number, SyncResponse> = {
      100: { messages: [message(101, PEER)], has_more: true, counts: missedCounts, credits: 10, credits_version: 100 },
      101: { messages: [message(102, PEER)], has_more: false, counts: missedCounts, credits: 10, credits_version: 100 },
    };
    const listed = entry(message(102, PEER));
    start((event, payload) => {
      if (event === 'message:send') return { ok: true, data: { message: { ...stored, client_id: (payload as { client_id: string }).client_id }, credits: 9, credits_version: 101, duplicate: false } };
      const after = (payload as { after: number }).after;
      // One command answers the list and the first page; `sync` the pages after it.
      if (event === 'catch-up') {
        const chats = { chats: [{ ...listed, num_unread_messages: 2, profile: { ...listed.profile, online: true } }], counts: missedCounts };
        return { ok: true, data: { chats, sync: syncPages[after] } };
      }
      if (event === 'sync') return { ok: true, data: syncPages[after] };
      return undefined;
    });
    await flush();
    openThreadWith([message(100, PEER)]);
    expect(api.fetchChats).toHaveBeenCalledTimes(1); // the first load, before the socket exists

    // Written while there is no socket: REST is tried, the network is down, it stays pending.
    vi.mocked(api.postMessage).mockRejectedValue(new ApiError(0, 'try_later', {}));
    sendChatMessage(PEER, { kind: 'text', body: 'hello' });
    await flush();
    const pending = getThread(PEER)!.outgoing[0]!;
    expect(pending.local).toBe('pending');
    expect(vi.mocked(api.postMessage).mock.calls[0]![0].client_id).toBe(pending.client_id);

    // Held from before the drop: the peer was offline. They came online while this tab was away.
    appStore.set(presenceAtom, new Map([[PEER, { online: false, last_seen: null }]]));
    socket.connect();
    await flush();

    expect(socket.emitted.filter((e) => e.event === 'catch-up').map((e) => e.payload)).toEqual([{ after: 100 }]);
    expect(socket.emitted.filter((e) => e.event === 'chats')).toEqual([]);
    expect(api.fetchChats).toHaveBeenCalledTimes(1);
    expect(appStore.get(chatEntriesAtom).get(PEER)?.num_unread_messages).toBe(2);
    // The socket's list watched its profiles and read their state: no presence:watch of its own,
    // and the state it read replaces the one held.
    expect(socket.emitted.filter((e) => e.event === 'presence:watch')).toEqual([]);
    expect(appStore.get(presenceAtom).get(PEER)).toEqual({ online: true, last_seen: null });
    const syncs = socket.emitted.filter((e) => e.event === 'sync').map((e) => e.payload);
    expect(syncs).toEqual([{ after: 101 }]);
    expect(api.fetchSync).not.toHaveBeenCalled();
    expect(socket.sends().map((s) => s.client_id)).toEqual([pending.client_id]);
    expect(storedIds()).toEqual([100, 101, 102, 103]);
    expect(getThread(PEER)!.outgoing).toEqual([]);
    expect(appStore.get(countsAtom).total_unread).toBe(2);
    expect(appStore.get(userAtom)?.credits).toBe(9);
    expect(appStore.get(connectionAtom)).toBe('online');

    // The same message arriving again from the room is not shown twice.
    socket.server('message:new', { ...stored, client_id: pending.client_id });
    expect(storedIds()).toEqual([100, 101, 102, 103]);
  });

  it('on reconnect one command brings the list and the missed messages, a chat started meanwhile included, each counted once', async () => {
    // While away: PEER wrote 102, and member 3 opened conversation 11 with 101.
    const NEWCOMER = 3;
    const opener = { ...message(101, NEWCOMER), conversation: 11 };
    const base = entry(opener);
    const newcomerEntry = { ...base, conversation: 11, num_unread_messages: 1, profile: { ...base.profile, id: NEWCOMER, name: 'Newcomer' } };
    const counts = { ...COUNTS, total_unread: 2, badge: 2 };
    start((event) => {
      if (event !== 'catch-up') return undefined;
      const chats = { chats: [{ ...entry(message(102, PEER)), num_unread_messages: 1 }, newcomerEntry], counts };
      return { ok: true, data: { chats, sync: { messages: [opener, message(102, PEER)], has_more: false, counts, credits: 10, credits_version: 100 } } };
    });
    await flush();
    openThreadWith([message(100, PEER)]);
    socket.connect();
    await flush();

    // No list reload for the unknown conversation, no second page: one command.
    expect(socket.emitted.map((e) => e.event)).toEqual(['catch-up']);
    expect(api.fetchChats).toHaveBeenCalledTimes(1);
    expect(storedIds()).toEqual([100, 102]);
    const entries = appStore.get(chatEntriesAtom);
    expect(entries.get(PEER)?.num_unread_messages).toBe(1);
    expect(entries.get(NEWCOMER)?.num_unread_messages).toBe(1);
    expect(entries.get(NEWCOMER)?.last_message?.id).toBe(101);
    expect(appStore.get(countsAtom).total_unread).toBe(2);
  });

  it("the member's first message to someone, sent in another tab, reaches this tab's open chat with them also when the list could not be reloaded at once", async () => {
    // This tab shows the empty chat with member 3; another tab of the member sends the first message, 201 in the new conversation 11.
    const NEWCOMER = 3;
    const first = { ...message(201, ME), conversation: 11 };
    const base = entry(first);
    const newcomerEntry = { ...base, conversation: 11, profile: { ...base.profile, id: NEWCOMER, name: 'Newcomer' } };
    let listReachable = false;
    await startConnected((event) => {
      if (event === 'catch-up') {
        const chats = { chats: listReachable ? [entry(message(100, PEER)), newcomerEntry] : [entry(message(100, PEER))], counts: COUNTS };
        return { ok: true, data: { chats, sync: { messages: [], has_more: false, counts: COUNTS, credits: 10, credits_version: 100 } } };
      }
      return undefined;
    });
    updateThread(NEWCOMER, (t) => ({ ...t, loaded: true }));
    appStore.set(openChatAtom, NEWCOMER);
    // The list reload its conversation calls for fails: the socket does not answer, REST does not get through.
    vi.mocked(api.fetchChats).mockRejectedValue(new Error('network'));
    socket.server('message:new', first);
    await flush();
    expect(getThread(NEWCOMER)!.stored).toEqual([]);

    // The next list that loads (here a catch-up) has the conversation: the message shows in the open chat.
    listReachable = true;
    socket.server('invalidate', { resource: 'chats' });
    await flush();
    expect(appStore.get(chatEntriesAtom).get(NEWCOMER)?.last_message?.id).toBe(201);
    expect(getThread(NEWCOMER)!.stored.map((m) => m.id)).toEqual([201]);
  });

  it("a list asked for before the member's first message to someone arrived does not drop it: the reload it called for places it", async () => {
    const NEWCOMER = 3;
    const first = { ...message(201, ME), conversation: 11 };
    const base = entry(first);
    const newcomerEntry = { ...base, conversation: 11, profile: { ...base.profile, id: NEWCOMER, name: 'Newcomer' } };
    const { held, hold } = await startWithHeldCatchUps(catchUpAnswer({ messages: [], has_more: false, counts: COUNTS, credits: 10, credits_version: 100 }));
    updateThread(NEWCOMER, (t) => ({ ...t, loaded: true }));
    appStore.set(openChatAtom, NEWCOMER);
    // A catch-up whose list the server read before the conversation existed is on its way.
    hold();
    socket.server('invalidate', { resource: 'chats' });
    await flush();
    // The message comes; the reload it calls for goes over REST and waits too.
    let answerReload!: (list: ChatsResponse) => void;
    vi.mocked(api.fetchChats).mockReturnValue(new Promise((resolve) => (answerReload = resolve)));
    socket.server('message:new', first);
    await flush();
    // The older list lands first, without the conversation; then the reload's, with it.
    held[0]!(catchUpAnswer({ messages: [], has_more: false, counts: COUNTS, credits: 10, credits_version: 100 }));
    await flush();
    answerReload({ chats: [entry(message(100, PEER)), newcomerEntry], counts: COUNTS });
    await flush();
    expect(getThread(NEWCOMER)!.stored.map((m) => m.id)).toEqual([201]);
  });

  it('a message stored by another node between the list and the messages of a catch-up is counted on top of the list', async () => {
    const counts = { ...COUNTS, total_unread: 1, badge: 1 };
    start((event) => {
      if (event !== 'catch-up') return undefined;
      // The list was read before 102 was stored elsewhere, the messages after it.
      const chats = { chats: [{ ...entry(message(101, PEER)), num_unread_messages: 1 }], counts };
      return { ok: true, data: { chats, sync: { messages: [message(101, PEER), message(102, PEER)], has_more: false, counts, credits: 10, credits_version: 100 } } };
    });
    await flush();
    openThreadWith([message(100, PEER)]);
    socket.connect();
    await flush();

    expect(storedIds()).toEqual([100, 101, 102]);
    expect(appStore.get(chatEntriesAtom).get(PEER)).toMatchObject({ num_unread_messages: 2, last_message: { id: 102 } });
  });

  it('catches up over REST when the socket does not answer the catch-up command', async () => {
    start(() => undefined);
    await flush();
    openThreadWith([message(100, PEER)]);
    vi.mocked(api.fetchSync).mockResolvedValueOnce({ messages: [message(101, PEER)], has_more: false, counts: { ...COUNTS, total_unread: 1, badge: 1 }, credits: 10, credits_version: 100 });
    socket.connect();
    await flush();

    expect(socket.emitted.filter((e) => e.event === 'catch-up').map((e) => e.payload)).toEqual([{ after: 100 }]);
    // A socket that left catch-up unanswered is not asked again, command by command.
    expect(socket.emitted.filter((e) => e.event === 'sync' || e.event === 'chats')).toEqual([]);
    expect(vi.mocked(api.fetchSync).mock.calls.map((c) => c[0])).toEqual([100]);
    expect(storedIds()).toEqual([100, 101]);
    // The list came over REST: once at start, once now; then the client asks the socket to watch
    // the listed profiles itself.
    expect(api.fetchChats).toHaveBeenCalledTimes(2);
    expect(socket.emitted.filter((e) => e.event === 'presence:watch').map((e) => e.payload)).toEqual([{ profiles: [PEER] }]);
  });

  it('after being away, shows the balance that another tab or device left, with the messages it sent meanwhile', async () => {
    // While this tab had no socket, the member's other device sent 101 and paid for it: the
    // message:new that carried the balance went to rooms this tab was not in.
    start((event) => (event === 'catch-up' ? { ok: true, data: catchUpAnswer({ messages: [message(101, ME)], has_more: false, counts: COUNTS, credits: 7, credits_version: 105 }) } : undefined));
    await flush();
    openThreadWith([message(100, PEER)]);
    expect(appStore.get(userAtom)?.credits).toBe(10);
    socket.connect();
    await flush();

    expect(storedIds()).toEqual([100, 101]);
    expect(appStore.get(userAtom)?.credits).toBe(7);
  });

  it('after being away, a member who held no message gets their first message sent elsewhere, and the balance it left', async () => {
    // No chat yet, so nothing to catch up from: the catch-up answers the list alone (sync: null).
    // Meanwhile the member's phone started the chat the page shows, and paid for it.
    vi.mocked(api.fetchChats).mockResolvedValue({ chats: [], counts: COUNTS });
    let list: ChatsResponse = { chats: [], counts: COUNTS };
    const first = message(100, ME);
    await startConnected((event, payload) => {
      if (event === 'catch-up') return { ok: true, data: { chats: list, sync: null } };
      const after = (payload as { after: number }).after;
      return event === 'sync' ? { ok: true, data: { messages: after < 100 ? [first] : [], has_more: false, counts: COUNTS, credits: 9, credits_version: 101 } } : undefined;
    });
    updateThread(PEER, (t) => ({ ...t, loaded: true }), null);
    socket.drop();
    list = { chats: [entry(first)], counts: COUNTS };
    socket.connect();
    await flush();

    expect(storedIds()).toEqual([100]);
    expect(appStore.get(userAtom)?.credits).toBe(9);
  });

  it('after a Redis outage, catches up from what it held before the outage began, not from a later message that came meanwhile', async () => {
    vi.useFakeTimers();
    const afters: number[] = [];
    start((event, payload) => {
      if (event === 'catch-up') afters.push((payload as { after: number }).after);
      return undefined;
    });
    await vi.advanceTimersByTimeAsync(10);
    socket.connect();
    await vi.advanceTimersByTimeAsync(10);
    socket.server('message:new', message(101, PEER));
    await vi.advanceTimersByTimeAsync(90_000);
    // During the outage: 102 went through Redis and was lost; 105, sent on this node, arrived.
    socket.server('message:new', message(105, PEER));
    await vi.advanceTimersByTimeAsync(1_000);
    socket.server('invalidate', { resource: 'chats', down_ms: 10_000 });
    await vi.advanceTimersByTimeAsync(10);
    expect(afters.at(-1)).toBe(101);
  });

  it('an invalidate that comes while a catch-up is running brings one more catch-up after it, which shows the message the first could not see', async () => {
    const answers: Array<(result: { ok: true; data: CatchUpResponse }) => void> = [];
    start((event) => (event === 'catch-up' ? new Promise((resolve) => answers.push(resolve)) : undefined));
    await flush();
    openThreadWith([message(100, PEER)]);
    socket.connect();
    await flush();
    expect(answers).toHaveLength(1);
    // Another node could not publish 101 to this member until now; this catch-up read before it was stored.
    socket.server('invalidate', { resource: 'chats', down_ms: 2_000 });
    await flush();
    answers[0]!({ ok: true, data: catchUpAnswer({ messages: [], has_more: false, counts: COUNTS, credits: 10, credits_version: 100 }) });
    await flush();
    expect(answers).toHaveLength(2);
    answers[1]!({ ok: true, data: catchUpAnswer({ messages: [message(101, PEER)], has_more: false, counts: COUNTS, credits: 10, credits_version: 100 }) });
    await flush();
    expect(storedIds()).toEqual([100, 101]);
    expect(answers).toHaveLength(2);
  });
});

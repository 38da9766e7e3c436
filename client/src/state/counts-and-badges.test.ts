// @vitest-environment jsdom
/**
 * The nav badge, each chat's unread badge and the balance against live frames, read marks and
 * answers that cross on their way: older figures never put newer ones back.
 */
import { describe, expect, it, vi } from 'vitest';
import type { ChatEntryDto, CountsDto, SyncResponse } from '@shared/api/chats.js';
import * as api from '../api/chats.js';
import { fetchCurrentUser } from '../api/user.js';
import { markChatRead } from './chat-actions.js';
import { getThread, updateThread } from './chat-store.js';
import { appStore } from './jotai.js';
import { userAtom } from './user.js';
import { countsAtom } from './counts.js';
import { chatEntriesAtom, openChatAtom, unreadElsewhereAtom } from './chats.js';
import { catchUpAnswer, CONVERSATION, COUNTS, entry, flush, ME, message, openThreadWith, PEER, socket, startConnected, startWithHeldCatchUps, stop, storedIds, useRealtimeHarness } from './realtime-test-kit.js';

vi.mock('../api/chats.js', async () => (await import('./realtime-test-mocks.js')).chatsApiMock());
vi.mock('../api/socket.js', async () => (await import('./realtime-test-mocks.js')).socketApiMock());
vi.mock('../api/user.js', async () => (await import('./realtime-test-mocks.js')).userApiMock());

useRealtimeHarness();

describe('the realtime owner', () => {
  it('a new message brings its counts along: the message shows and the badge moves at once', async () => {
    await startConnected(() => undefined);
    openThreadWith([message(100, PEER)]);
    socket.server('message:new', message(101, PEER), { counts: { total_unread: 4, total_new_likes: 1, badge: 5, version: 40 } });
    expect(storedIds()).toEqual([100, 101]);
    expect(appStore.get(countsAtom)).toEqual({ total_unread: 4, total_new_likes: 1, badge: 5, version: 40 });
    // An echo to the sender's other tabs brings their balance, not counts: the badge stays.
    socket.server('message:new', message(102, ME), { credits: 7, credits_version: 101 });
    expect(storedIds()).toEqual([100, 101, 102]);
    expect(appStore.get(countsAtom).badge).toBe(5);
    expect(appStore.get(userAtom)!.credits).toBe(7);
  });

  it('a read mark confirmed before a new log-in in the tab does not make the chat on screen count its arriving messages', async () => {
    // A conversation has two members: the one logged in before in this tab had read it through 200.
    await startConnected(() => undefined);
    openThreadWith([message(100, PEER)]);
    socket.server('message:read', { conversation: CONVERSATION, reader: ME, message: 200, unread: 0 });
    stop();

    await startConnected(() => undefined);
    openThreadWith([message(100, PEER)]);
    updateThread(PEER, (t) => ({ ...t, openedReadMark: 100, openedNewest: 100 }));
    appStore.set(openChatAtom, PEER);
    socket.server('message:new', message(101, PEER), { counts: { total_unread: 3, total_new_likes: 1, badge: 4, version: 60 } });
    expect(appStore.get(countsAtom)).toMatchObject({ total_unread: 2, badge: 3 });
  });

  it('a message into the chat on screen does not raise the badge while its read mark is on its way', async () => {
    let answerRead: (counts: CountsDto) => void = () => undefined;
    await startConnected((event) => (event === 'message:read' ? new Promise((resolve) => (answerRead = (counts) => resolve({ ok: true, data: counts }))) : undefined));
    openThreadWith([message(100, PEER)]);
    updateThread(PEER, (t) => ({ ...t, openedReadMark: 100, openedNewest: 100 }));
    appStore.set(openChatAtom, PEER);
    // The server counts 101 unread until the read mark comes: 2 elsewhere, and this one.
    socket.server('message:new', message(101, PEER), { counts: { total_unread: 3, total_new_likes: 1, badge: 4, version: 60 } });
    expect(appStore.get(countsAtom)).toMatchObject({ total_unread: 2, badge: 3 });
    void markChatRead(PEER);
    await flush();
    // A like meanwhile: its counts still count 101.
    socket.server('counts', { total_unread: 3, total_new_likes: 2, badge: 5, version: 61 });
    expect(appStore.get(countsAtom)).toMatchObject({ total_unread: 2, badge: 4 });
    // The read mark's answer: the server has it read now.
    answerRead({ total_unread: 2, total_new_likes: 2, badge: 4, version: 62 });
    await flush();
    expect(appStore.get(countsAtom)).toMatchObject({ total_unread: 2, badge: 4, version: 62 });
    // Off screen (the page hidden), a message counts at once.
    appStore.set(openChatAtom, null);
    socket.server('message:new', message(102, PEER), { counts: { total_unread: 3, total_new_likes: 2, badge: 5, version: 63 } });
    expect(appStore.get(countsAtom)).toMatchObject({ total_unread: 3, badge: 5 });
  });

  it('counts older than the ones shown do not put the badge back, whichever road they came by (frames crossing between nodes, a late poll)', async () => {
    await startConnected(() => undefined);
    openThreadWith([message(100, PEER)]);
    socket.server('message:new', message(102, PEER), { counts: { total_unread: 3, total_new_likes: 0, badge: 3, version: 52 } });
    // Stored before 102 on another node, relayed through Redis, here after it: its figures are older.
    socket.server('message:new', message(101, PEER), { counts: { total_unread: 2, total_new_likes: 0, badge: 2, version: 50 } });
    expect(storedIds()).toEqual([100, 101, 102]);
    expect(appStore.get(countsAtom).badge).toBe(3);
    // A read mark made in another tab on another node before 102 arrived: older too.
    socket.server('counts', { total_unread: 0, total_new_likes: 0, badge: 0, version: 51 });
    expect(appStore.get(countsAtom).badge).toBe(3);
    // An answer read before 102 was stored, arriving after its frame.
    vi.mocked(api.fetchCounts).mockResolvedValueOnce({ total_unread: 2, total_new_likes: 1, badge: 3, version: 49 });
    socket.server('invalidate', { resource: 'likes' });
    await flush();
    expect(appStore.get(countsAtom)).toMatchObject({ total_unread: 3, total_new_likes: 0, version: 52 });
    // Later counts, by any road, are shown; equal versions hold equal figures.
    socket.server('counts', { total_unread: 0, total_new_likes: 0, badge: 0, version: 53 });
    expect(appStore.get(countsAtom).badge).toBe(0);
    socket.server('message:new', message(103, PEER), { counts: { total_unread: 1, total_new_likes: 0, badge: 1, version: 54 } });
    expect(appStore.get(countsAtom).badge).toBe(1);
  });

  it('keeps the later balance when an older one arrives after it, by any road', async () => {
    // With Redis, the echo of a send made on another node can arrive after a fresher answer.
    await startConnected((event) => (event === 'catch-up' ? { ok: true, data: catchUpAnswer({ messages: [], has_more: false, counts: COUNTS, credits: 7, credits_version: 105 }) } : undefined));
    expect(appStore.get(userAtom)!.credits).toBe(7);
    socket.server('message:new', message(101, ME), { credits: 9, credits_version: 103 });
    expect(appStore.get(userAtom)!.credits).toBe(7);
    socket.server('message:new', message(102, ME), { credits: 6, credits_version: 106 });
    expect(appStore.get(userAtom)!.credits).toBe(6);
    // A poll of the account that was answered before that last send: the shown balance stays.
    vi.mocked(fetchCurrentUser).mockResolvedValueOnce({ ...appStore.get(userAtom)!, credits: 7, credits_version: 105, paid_user: true });
    vi.useFakeTimers();
    socket.drop();
    await vi.advanceTimersByTimeAsync(5_100);
    expect(vi.mocked(fetchCurrentUser)).toHaveBeenCalled();
    expect(appStore.get(userAtom)).toMatchObject({ credits: 6, credits_version: 106, paid_user: true });
  });

  it('shows a balance that comes without a version (a server of before versions, during a deploy) as it comes', async () => {
    await startConnected(() => undefined);
    socket.server('message:new', message(101, ME), { credits: 4 });
    expect(appStore.get(userAtom)).toMatchObject({ credits: 4, credits_version: 100 });
    socket.server('message:new', message(102, ME), { credits: 3, credits_version: 101 });
    expect(appStore.get(userAtom)).toMatchObject({ credits: 3, credits_version: 101 });
  });

  it('applies counts, read receipts and removals pushed by the server', async () => {
    await startConnected(() => undefined);
    openThreadWith([message(100, PEER), message(106, ME)]);
    socket.server('counts', { total_unread: 3, total_new_likes: 2, badge: 5, version: 7 });
    socket.server('message:read', { conversation: CONVERSATION, reader: PEER, message: 106 });
    expect(appStore.get(countsAtom).badge).toBe(5);
    expect(getThread(PEER)!.peerLastRead).toBe(106);
    socket.server('chat:removed', { conversation: CONVERSATION });
    expect(appStore.get(chatEntriesAtom).has(PEER)).toBe(false);
  });

  it('the back arrow counts the unread of the other chats only: a message in the chat on screen never moves it', async () => {
    const OTHER = 3;
    const otherEntry: ChatEntryDto = { ...entry(message(90, OTHER)), conversation: CONVERSATION + 1, profile: { ...entry(message(90, OTHER)).profile, id: OTHER, name: 'Other' } };
    await startConnected((event) =>
      event === 'catch-up' ? { ok: true, data: { chats: { chats: [entry(message(100, PEER)), otherEntry], counts: COUNTS }, sync: { messages: [], has_more: false, counts: COUNTS, credits: 10, credits_version: 100 } } } : undefined,
    );
    openThreadWith([message(100, PEER)]);
    appStore.set(openChatAtom, PEER);
    const seen: number[] = [];
    const unsubscribe = appStore.sub(unreadElsewhereAtom, () => seen.push(appStore.get(unreadElsewhereAtom)));
    // The server's total counts the open chat's message until its read mark comes back.
    socket.server('message:new', message(101, PEER), { counts: { ...COUNTS, total_unread: 1, badge: 1, version: 1 } });
    socket.server('message:new', { ...message(102, OTHER), conversation: CONVERSATION + 1 }, { counts: { ...COUNTS, total_unread: 2, badge: 2, version: 2 } });
    unsubscribe();
    expect(appStore.get(unreadElsewhereAtom)).toBe(1);
    expect(seen).toEqual([1]);
    // Leaving the chat: the list shows what is unread everywhere.
    appStore.set(openChatAtom, null);
    expect(appStore.get(unreadElsewhereAtom)).toBe(1);
  });

  it('a chat read in another tab loses its unread badge here too, down to what is still unread', async () => {
    await startConnected(() => undefined);
    appStore.set(chatEntriesAtom, new Map([[PEER, { ...entry(message(103, PEER)), num_unread_messages: 3 }]]));
    socket.server('message:read', { conversation: CONVERSATION, reader: ME, message: 102, unread: 1 });
    expect(appStore.get(chatEntriesAtom).get(PEER)?.num_unread_messages).toBe(1);
    socket.server('message:read', { conversation: CONVERSATION, reader: ME, message: 103, unread: 0 });
    expect(appStore.get(chatEntriesAtom).get(PEER)?.num_unread_messages).toBe(0);
    // The peer reading does not touch our own unread.
    appStore.set(chatEntriesAtom, new Map([[PEER, { ...entry(message(104, PEER)), num_unread_messages: 1 }]]));
    socket.server('message:read', { conversation: CONVERSATION, reader: PEER, message: 103 });
    expect(appStore.get(chatEntriesAtom).get(PEER)?.num_unread_messages).toBe(1);
  });

  it("opening a chat that shows no message yet counts unread ones (all past a free member's history cut) reads them all", async () => {
    const counts = { total_unread: 3, total_new_likes: 0, badge: 3, version: 5 };
    const afterRead = { ...COUNTS, version: 6 };
    await startConnected((event) => (event === 'message:read' ? { ok: true, data: afterRead } : undefined));
    appStore.set(countsAtom, counts);
    appStore.set(chatEntriesAtom, new Map([[PEER, { ...entry(message(100, PEER)), last_message: null, num_unread_messages: 3 }]]));
    openThreadWith([]);

    await markChatRead(PEER);
    // The mark goes without a message id: the server reads through the newest it holds.
    expect(socket.emitted.filter((e) => e.event === 'message:read').map((e) => e.payload)).toEqual([{ conversation: CONVERSATION }]);
    expect(appStore.get(chatEntriesAtom).get(PEER)?.num_unread_messages).toBe(0);
    expect(appStore.get(countsAtom)).toEqual(afterRead);
    // Once read, opening it again sends nothing more.
    await markChatRead(PEER);
    expect(socket.emitted.filter((e) => e.event === 'message:read')).toHaveLength(1);
  });
});

/** Found by a review of the client's realtime state (session 42); each failed before its fix. */
describe('list entries, counts and the outbox against live frames', () => {
  it('a live message that arrives while a catch-up answer is on its way is not undone by the older list of that answer', async () => {
    const { held, hold } = await startWithHeldCatchUps(catchUpAnswer({ messages: [], has_more: false, counts: COUNTS, credits: 10, credits_version: 100 }));
    expect(appStore.get(chatEntriesAtom).get(PEER)?.last_message?.id).toBe(100);
    // A block elsewhere, or another node back after an outage: the server asks for a catch-up.
    hold();
    socket.server('invalidate', { resource: 'chats' });
    await flush();
    expect(held).toHaveLength(1);
    // The server read the list and the page (newest 100), then the peer wrote 101, whose frame comes first.
    socket.server('message:new', message(101, PEER), { counts: { ...COUNTS, total_unread: 1, badge: 1, version: 5 } });
    expect(appStore.get(chatEntriesAtom).get(PEER)).toMatchObject({ last_message: { id: 101 }, num_unread_messages: 1 });
    held[0]!(catchUpAnswer({ messages: [], has_more: false, counts: { ...COUNTS, version: 4 }, credits: 10, credits_version: 100 }));
    await flush();
    // The nav badge still says 1 (counts are versioned) ...
    expect(appStore.get(countsAtom).total_unread).toBe(1);
    // ... and the chat's entry should too, with 101 as its preview.
    expect(appStore.get(chatEntriesAtom).get(PEER)).toMatchObject({ last_message: { id: 101 }, num_unread_messages: 1 });
  });

  it('two messages whose frames cross (the later one first) both count in the chat entry\'s unread badge', async () => {
    await startConnected((event) =>
      event === 'catch-up' ? { ok: true, data: catchUpAnswer({ messages: [], has_more: false, counts: COUNTS, credits: 10, credits_version: 100 }) } : undefined,
    );
    // 102 from this node, 101 stored earlier on another node and relayed through Redis after it.
    socket.server('message:new', message(102, PEER), { counts: { ...COUNTS, total_unread: 2, badge: 2, version: 52 } });
    socket.server('message:new', message(101, PEER), { counts: { ...COUNTS, total_unread: 1, badge: 1, version: 50 } });
    expect(appStore.get(countsAtom).total_unread).toBe(2);
    expect(appStore.get(chatEntriesAtom).get(PEER)?.num_unread_messages).toBe(2);
  });

  it('a read in another tab whose frame comes before the message it covers leaves the chat with nothing unread', async () => {
    await startConnected((event) =>
      event === 'catch-up' ? { ok: true, data: catchUpAnswer({ messages: [], has_more: false, counts: COUNTS, credits: 10, credits_version: 100 }) } : undefined,
    );
    // The read went through this node, the message's frame through another, later.
    socket.server('message:read', { conversation: CONVERSATION, reader: ME, message: 101, unread: 0 });
    socket.server('message:new', message(101, PEER), { counts: { ...COUNTS, version: 6 } });
    expect(appStore.get(chatEntriesAtom).get(PEER)).toMatchObject({ last_message: { id: 101 }, num_unread_messages: 0 });
    // A later message counts.
    socket.server('message:new', message(102, PEER), { counts: { ...COUNTS, total_unread: 1, badge: 1, version: 7 } });
    expect(appStore.get(chatEntriesAtom).get(PEER)?.num_unread_messages).toBe(1);
  });

  it('a list read before the member read the chat in another tab does not bring its unread badge back', async () => {
    const unreadList = { chats: [{ ...entry(message(100, PEER)), num_unread_messages: 1 }], counts: { ...COUNTS, total_unread: 1, badge: 1, version: 3 } };
    const sync: SyncResponse = { messages: [], has_more: false, counts: unreadList.counts, credits: 10, credits_version: 100 };
    const { held, hold } = await startWithHeldCatchUps({ chats: unreadList, sync });
    expect(appStore.get(chatEntriesAtom).get(PEER)?.num_unread_messages).toBe(1);
    hold();
    socket.server('invalidate', { resource: 'chats' });
    await flush();
    socket.server('message:read', { conversation: CONVERSATION, reader: ME, message: 100, unread: 0 });
    expect(appStore.get(chatEntriesAtom).get(PEER)?.num_unread_messages).toBe(0);
    // The answer was read before that mark.
    held[0]!({ chats: unreadList, sync });
    await flush();
    expect(appStore.get(chatEntriesAtom).get(PEER)?.num_unread_messages).toBe(0);
  });
});

// @vitest-environment jsdom
/**
 * Deleting a chat, here or on another device: what the delete takes along (draft, outbox), what
 * brings the chat back, and the chat on screen leaving it.
 */
import { describe, expect, it, vi } from 'vitest';
import type { ChatEntryDto } from '@shared/api/chats.js';
import * as api from '../api/chats.js';
import { ApiError } from '../api/http.js';
import { removeChat, sendChatMessage } from './chat-actions.js';
import { getThread } from './chat-store.js';
import { appStore } from './jotai.js';
import { chatDraftsAtom, draftOf, saveDraft } from './chat-drafts.js';
import { countsAtom } from './counts.js';
import { chatEntriesAtom, connectionAtom, openChatAtom } from './chats.js';
import { loadOutbox } from './outbox.js';
import { CONVERSATION, COUNTS, entry, flush, ME, message, openThreadWith, PEER, socket, start, startConnected, storedIds, useRealtimeHarness } from './realtime-test-kit.js';

vi.mock('../api/chats.js', async () => (await import('./realtime-test-mocks.js')).chatsApiMock());
vi.mock('../api/socket.js', async () => (await import('./realtime-test-mocks.js')).socketApiMock());
vi.mock('../api/user.js', async () => (await import('./realtime-test-mocks.js')).userApiMock());

useRealtimeHarness();

describe('the realtime owner', () => {
  it('a list loaded while a delete is in flight does not bring the deleted chat back; a refused delete does', async () => {
    start(() => undefined);
    await flush();
    expect(appStore.get(chatEntriesAtom).has(PEER)).toBe(true);
    let refuse!: (error: Error) => void;
    vi.mocked(api.deleteChat).mockReturnValue(new Promise((_, reject) => (refuse = reject)));

    const removal = removeChat(PEER);
    expect(appStore.get(chatEntriesAtom).has(PEER)).toBe(false);
    // A reconnect's catch-up reloads the list while the server has not answered the delete yet.
    socket.connect();
    await flush();
    expect(api.fetchChats).toHaveBeenCalledTimes(2);
    expect(appStore.get(chatEntriesAtom).has(PEER)).toBe(false);

    refuse(new ApiError(500, 'generic', {}));
    expect(await removal).toBe(false);
    expect(appStore.get(chatEntriesAtom).has(PEER)).toBe(true);
  });

  it('a delete that fails (offline) leaves the chat as it was: its unsent message and its draft are still there', async () => {
    start(() => undefined);
    await flush();
    openThreadWith([message(100, PEER)]);
    vi.mocked(api.postMessage).mockRejectedValue(new ApiError(0, 'try_later', {}));
    sendChatMessage(PEER, { kind: 'text', body: 'written on the train' });
    saveDraft(ME, PEER, 'half-written');
    await flush();
    const written = getThread(PEER)!.outgoing[0]!;
    vi.mocked(api.deleteChat).mockRejectedValue(new ApiError(0, 'try_later', {}));

    expect(await removeChat(PEER)).toBe(false);
    expect(appStore.get(chatEntriesAtom).has(PEER)).toBe(true);
    expect(getThread(PEER)?.outgoing.map((m) => [m.client_id, m.local])).toEqual([[written.client_id, 'pending']]);
    expect(loadOutbox(ME).map((e) => e.message.client_id)).toEqual([written.client_id]);
    expect(draftOf(ME, PEER)).toBe('half-written');
  });

  it('a message the peer sends just after the delete was stored, arriving before its answer, brings the chat back here too', async () => {
    // The server after the delete and the peer's new message: the chat is listed with only that one.
    const back = { ...entry(message(105, PEER)), num_unread_messages: 1, visible_after: 100 };
    const withMessage = { total_unread: 1, total_new_likes: 0, badge: 1, version: 30 };
    let listed: ChatEntryDto[] = [entry(message(100, PEER))];
    await startConnected((event) => (event === 'chats' ? { ok: true, data: { chats: listed, counts: withMessage } } : undefined));
    appStore.set(chatEntriesAtom, new Map([[PEER, entry(message(100, PEER))]]));
    let answer!: () => void;
    vi.mocked(api.deleteChat).mockReturnValue(new Promise((resolve) => (answer = () => resolve({ removed: [CONVERSATION], kept: [], counts: { ...COUNTS, version: 20 } }))));

    const removal = removeChat(PEER);
    // Stored after the delete, so the delete removed the chat and the message brought it back;
    // its frame comes while the delete's answer is still on its way.
    listed = [back];
    socket.server('chat:removed', { conversation: CONVERSATION });
    socket.server('message:new', message(105, PEER), { counts: withMessage });
    await flush();
    answer();
    expect(await removal).toBe(true);
    await flush();
    // The badge counts the new message: the list shows where it is.
    expect(appStore.get(countsAtom).total_unread).toBe(1);
    expect(appStore.get(chatEntriesAtom).get(PEER)?.last_message?.id).toBe(105);
  });

  it("a deleted chat leaves no unsent message of a tab closed since in the outbox: the next page load does not send it and bring the chat back", async () => {
    await startConnected(() => undefined);
    // Written offline in a tab that was closed before it went out; this tab started before it.
    const left = {
      key: 'closed-tab', client_id: 'closedtab12345678', sender: ME, kind: 'text', body: 'from the closed tab', gift_id: null,
      created_at: new Date(Date.now() - 60_000).toISOString(), id: null, conversation: CONVERSATION, local: 'pending', failure: null,
    };
    localStorage.setItem(`chat-outbox:${ME}`, JSON.stringify([{ profile: PEER, message: left }]));
    vi.mocked(api.deleteChat).mockResolvedValue({ removed: [CONVERSATION], kept: [], counts: COUNTS });

    expect(await removeChat(PEER)).toBe(true);
    expect(loadOutbox(ME)).toEqual([]);
  });

  it('deletes up to the newest message it shows; a chat the server kept (a message came meanwhile) comes back', async () => {
    await startConnected(() => undefined);
    openThreadWith([message(100, PEER), message(104, PEER)]);
    const kept = { ...entry(message(107, PEER)), num_unread_messages: 1, visible_after: 104 };
    vi.mocked(api.fetchChats).mockResolvedValue({ chats: [kept], counts: COUNTS });
    vi.mocked(api.deleteChat).mockResolvedValue({ removed: [], kept: [CONVERSATION], counts: COUNTS });

    expect(await removeChat(PEER)).toBe(true);
    expect(api.deleteChat).toHaveBeenCalledWith({ profile: PEER, up_to: 104 });
    expect(appStore.get(chatEntriesAtom).get(PEER)?.last_message?.id).toBe(107);
  });

  it('deletes a chat that shows no message (all past the history cut) up to none shown, not up to everything stored', async () => {
    await startConnected(() => undefined);
    // The list shows the free member's old chat without a message; opened, it holds none either.
    appStore.set(chatEntriesAtom, new Map([[PEER, { ...entry(message(100, PEER)), last_message: null }]]));
    openThreadWith([]);
    vi.mocked(api.deleteChat).mockResolvedValue({ removed: [CONVERSATION], kept: [], counts: COUNTS });

    expect(await removeChat(PEER)).toBe(true);
    // Without up_to the server hid everything stored, also a message that came as it was pressed.
    expect(api.deleteChat).toHaveBeenCalledWith({ profile: PEER, up_to: 0 });
  });

  it("a deleted chat's draft goes with it, deleted here or in another tab: a revived chat says no 'Draft: …'", async () => {
    await startConnected(() => undefined);
    saveDraft(ME, PEER, 'half-written');
    socket.server('chat:removed', { conversation: CONVERSATION });
    expect(draftOf(ME, PEER)).toBe('');
    expect(appStore.get(chatDraftsAtom).has(PEER)).toBe(false);

    socket.server('invalidate', { resource: 'chats' });
    await flush();
    expect(appStore.get(chatEntriesAtom).has(PEER)).toBe(true);
    saveDraft(ME, PEER, 'written again');
    vi.mocked(api.deleteChat).mockResolvedValue({ removed: [CONVERSATION], kept: [], counts: COUNTS });
    expect(await removeChat(PEER)).toBe(true);
    expect(draftOf(ME, PEER)).toBe('');
  });

  /**
   * The chat with PEER is open (shown or, with `hidden`, in a hidden page) when the socket drops;
   * meanwhile it is deleted on another device, so the catch-up's list lacks it and the server has
   * nothing of it left to show. Resolves once the reconnect's catch-up ran.
   */
  async function deletedElsewhereWhileOffline(shown: boolean): Promise<void> {
    let listed: ChatEntryDto[] = [entry(message(100, PEER))];
    await startConnected((event) =>
      event === 'catch-up' ? { ok: true, data: { chats: { chats: listed, counts: COUNTS }, sync: { messages: [], has_more: false, counts: COUNTS, credits: 10, credits_version: 100 } } } : undefined,
    );
    openThreadWith([message(100, PEER)]);
    // A hidden page has no chat on screen.
    appStore.set(openChatAtom, shown ? PEER : null);
    socket.drop();
    listed = [];
    vi.mocked(api.fetchMessages).mockResolvedValue({ conversation: CONVERSATION, messages: [], has_more: false, history_cut: false, peer_last_read: 0, last_read: 0, profile: entry(message(100, PEER)).profile, blocked_by_me: false, blocked_me: false, conversation_limit_reached: false });
    socket.connect();
    await flush();
  }

  it('the chat on screen, deleted on another device while this one was offline, leaves the screen at the reconnect', async () => {
    await deletedElsewhereWhileOffline(true);
    expect(getThread(PEER)).toBeUndefined();
    expect(appStore.get(chatEntriesAtom).has(PEER)).toBe(false);
  });

  it('the chat on screen, deleted on another device while this one polls (no socket), leaves the screen at the next poll round', async () => {
    vi.useFakeTimers();
    start(() => undefined);
    await vi.advanceTimersByTimeAsync(10);
    openThreadWith([message(100, PEER)]);
    appStore.set(openChatAtom, PEER);
    await vi.advanceTimersByTimeAsync(5_200);
    expect(appStore.get(connectionAtom)).toBe('polling');
    expect(getThread(PEER)).toBeDefined();

    // Deleted on the phone: the next round's list no longer has it, and it holds nothing to show.
    vi.mocked(api.fetchChats).mockResolvedValue({ chats: [], counts: COUNTS });
    vi.mocked(api.fetchMessages).mockResolvedValue({ conversation: CONVERSATION, messages: [], has_more: false, history_cut: false, peer_last_read: 0, last_read: 0, profile: entry(message(100, PEER)).profile, blocked_by_me: false, blocked_me: false, conversation_limit_reached: false });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(appStore.get(chatEntriesAtom).has(PEER)).toBe(false);
    expect(getThread(PEER)).toBeUndefined();
  });

  it('a chat deleted elsewhere while this page was hidden and offline leaves the screen once the page is shown again', async () => {
    await deletedElsewhereWhileOffline(false);
    expect(getThread(PEER)).toBeDefined();
    // Shown again: the same check the reconnect would have made.
    appStore.set(openChatAtom, PEER);
    await flush();
    expect(getThread(PEER)).toBeUndefined();
  });

  it('a chat deleted in another tab while this one was offline, and back with a later message, shows only what came after the deletion', async () => {
    let listed: ChatEntryDto[] = [entry(message(101, ME))];
    await startConnected((event) =>
      event === 'catch-up' ? { ok: true, data: { chats: { chats: listed, counts: COUNTS }, sync: { messages: [], has_more: false, counts: COUNTS, credits: 10, credits_version: 100 } } } : undefined,
    );
    openThreadWith([message(100, PEER), message(101, ME)]);
    socket.drop();
    // Deleted up to 101 elsewhere; this tab's pending message then went out and revived the chat.
    listed = [{ ...entry(message(102, ME)), visible_after: 101 }];
    socket.connect();
    await flush();
    expect(storedIds()).toEqual([]);
    expect(getThread(PEER)!.hasMoreBefore).toBe(false);
    socket.server('message:new', message(102, ME));
    expect(storedIds()).toEqual([102]);
  });

  it('the chat on screen, absent from the list but with messages to show, stays', async () => {
    await startConnected((event) =>
      event === 'catch-up' ? { ok: true, data: { chats: { chats: [], counts: COUNTS }, sync: { messages: [], has_more: false, counts: COUNTS, credits: 10, credits_version: 100 } } } : undefined,
    );
    vi.mocked(api.fetchMessages).mockResolvedValue({ conversation: CONVERSATION, messages: [message(100, PEER)], has_more: false, history_cut: false, peer_last_read: 0, last_read: 0, profile: entry(message(100, PEER)).profile, blocked_by_me: false, blocked_me: false, conversation_limit_reached: false });
    openThreadWith([message(100, PEER)]);
    appStore.set(openChatAtom, PEER);
    socket.drop();
    socket.connect();
    await flush();
    expect(getThread(PEER)?.stored.map((m) => m.id)).toEqual([100]);
  });
});

/** Found by a review of the client's realtime state (session 42); each failed before its fix. */
describe('list entries, counts and the outbox against live frames', () => {
  it('a chat with unread messages deleted while the socket is down leaves the nav badge and title at once, as its answer says', async () => {
    start(() => undefined);
    await flush();
    // Polling: the socket is down, the list came over REST with 3 unread in this chat.
    appStore.set(chatEntriesAtom, new Map([[PEER, { ...entry(message(103, PEER)), num_unread_messages: 3 }]]));
    appStore.set(countsAtom, { total_unread: 3, total_new_likes: 0, badge: 3, version: 5 });
    vi.mocked(api.deleteChat).mockResolvedValue({ removed: [CONVERSATION], kept: [], counts: { total_unread: 0, total_new_likes: 0, badge: 0, version: 6 } });
    expect(await removeChat(PEER)).toBe(true);
    await flush();
    expect(appStore.get(chatEntriesAtom).has(PEER)).toBe(false);
    // No 'counts' frame comes without a socket; the DELETE's answer carries them.
    expect(appStore.get(countsAtom)).toMatchObject({ total_unread: 0, badge: 0 });
  });
});

// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatEntryDto, ChatsResponse, CountsDto, MessageDto, SyncResponse } from '@shared/api/chats.js';
import type { UserDto } from '@shared/api/user.js';
import type { CatchUpResponse } from '@shared/realtime.js';
import { ApiError } from '../api/http.js';
import type { ChatSocket } from '../api/socket.js';

vi.mock('../api/chats.js', () => ({
  fetchChats: vi.fn(), fetchSync: vi.fn(), postMessage: vi.fn(), postMessagesRead: vi.fn(), fetchCounts: vi.fn(),
  fetchLikesIfAvailable: vi.fn(async () => null), sendPageHiddenBeacon: vi.fn(), fetchMessages: vi.fn(), deleteChat: vi.fn(), setBlocked: vi.fn(),
}));
vi.mock('../api/socket.js', () => ({ createChatSocket: vi.fn() }));
vi.mock('../api/user.js', () => ({ fetchCurrentUser: vi.fn(async () => null) }));

const api = await import('../api/chats.js');
const { createChatSocket } = await import('../api/socket.js');
const { fetchCurrentUser } = await import('../api/user.js');
const { startRealtime, watchPresence } = await import('./realtime.js');
const { markChatRead, removeChat, retryChatMessage, sendChatMessage } = await import('./chat-actions.js');
const { updateThread, getThread } = await import('./chat-store.js');
const { canRetry, mergeStored } = await import('./chat-thread.js');
const { appStore } = await import('./jotai.js');
const { userAtom } = await import('./user.js');
const { chatDraftsAtom, draftOf, saveDraft } = await import('./chat-drafts.js');
const { countsAtom } = await import('./counts.js');
const { chatEntriesAtom, connectionAtom, openChatAtom, presenceAtom, threadMetaAtom, threadsAtom, typingAtom, unreadElsewhereAtom } = await import('./chats.js');
const { clearOutboxes, loadOutbox, OUTBOX_AUTO_SEND_MS } = await import('./outbox.js');
const { messageNoticeAtom } = await import('./message-notice.js');

const ME = 1;
const PEER = 2;
const CONVERSATION = 10;
const COUNTS: CountsDto = { total_unread: 0, total_new_likes: 0, badge: 0, version: 0 };

type Responder = (event: string, payload: unknown) => unknown;

/** A stand-in for the Socket.IO client: records what the owner emits, lets the test play the server. */
class FakeSocket {
  connected = false;
  emitted: Array<{ event: string; payload: unknown }> = [];
  private handlers = new Map<string, Array<(...args: unknown[]) => void>>();
  constructor(private respond: Responder) {}
  /** Socket.IO's Manager, whose 'packet' and 'ping' say when the server was last heard */
  private managerHandlers = new Map<string, Array<() => void>>();
  io = {
    on: (event: string, handler: () => void) => {
      this.managerHandlers.set(event, [...(this.managerHandlers.get(event) ?? []), handler]);
      return this.io;
    },
  };
  private manager(event: 'packet' | 'ping') {
    for (const handler of this.managerHandlers.get(event) ?? []) handler();
  }
  /** Engine.IO's ping from the server (every 25 s): nothing else arrives on a quiet connection */
  ping() {
    this.manager('ping');
  }
  on(event: string, handler: (...args: unknown[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  emit(event: string, payload: unknown) {
    this.emitted.push({ event, payload });
  }
  timeout() {
    return {
      emit: (event: string, payload: unknown, callback: (error: Error | null, result?: unknown) => void) => {
        this.emitted.push({ event, payload });
        const answer = (result: unknown) => {
          if (result === undefined) return callback(new Error('operation has timed out'));
          this.manager('packet');
          callback(null, result);
        };
        const result = this.respond(event, payload);
        // A promise is an answer still on its way (the server has not replied yet).
        if (result instanceof Promise) void result.then(answer);
        else answer(result);
      },
    };
  }
  close() {
    this.connected = false;
  }
  server(event: string, ...args: unknown[]) {
    if (event !== 'connect' && event !== 'disconnect' && event !== 'connect_error') this.manager('packet');
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }
  /** false: the network is down, and an attempt to connect fails */
  reachable = true;
  /** Socket.IO's: false once the server refused the handshake, after which it tries no more */
  active = true;
  /** refuse the next handshakes as the server's middleware does (too_many_sockets) */
  refusing = false;
  connect() {
    if (!this.reachable) return this.server('connect_error', new Error('xhr poll error'));
    this.active = true;
    if (this.refusing) {
      this.active = false;
      return this.server('connect_error', new Error('too_many_sockets'));
    }
    this.connected = true;
    this.server('connect');
  }
  drop() {
    this.connected = false;
    this.server('disconnect');
  }
  /** bumped when the owner closes the socket: a handshake under way then never completes */
  private attempt = 0;
  disconnect() {
    this.attempt++;
    // Socket.IO says 'disconnect' only for a socket that was connected.
    if (this.connected) this.drop();
    return this;
  }
  /** A handshake sent while the network was there: it completes unless the owner closes the socket first. */
  handshakeUnderWay() {
    const mine = this.attempt;
    return () => {
      if (mine !== this.attempt) return;
      this.connected = true;
      this.server('connect');
    };
  }
  sends() {
    return this.emitted.filter((e) => e.event === 'message:send').map((e) => e.payload as { client_id: string });
  }
}

function message(id: number, sender: number, clientId = `client-${id}-xx`): MessageDto {
  return { id, conversation: CONVERSATION, sender, client_id: clientId, kind: 'text', body: `m${id}`, gift_id: null, created_at: new Date(2025, 0, 1, 0, 0, id).toISOString() };
}

function entry(last: MessageDto): ChatEntryDto {
  return {
    conversation: CONVERSATION,
    profile: { id: PEER, name: 'Peer', age: 30, country: 'NL', main_image: null, can_receive_replies: true, online: false, last_seen: null },
    num_unread_messages: 0, last_message: last, peer_last_read: 0, blocked_by_me: false, blocked_me: false, visible_after: 0,
  };
}

const flush = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
};

let socket: FakeSocket;
let stop: () => void;

function start(respond: Responder) {
  socket = new FakeSocket(respond);
  vi.mocked(createChatSocket).mockResolvedValue(socket as unknown as ChatSocket);
  stop = startRealtime();
}

/** start(), then the socket connects and the owner has handled it. */
async function startConnected(respond: Responder) {
  start(respond);
  await flush();
  socket.connect();
  await flush();
}

/**
 * startConnected() under fake timers, with the thread open: what the owner does later (a send
 * tried again, a poll round) happens as the test moves the clock.
 */
async function startConnectedOnFakeTimers(respond: Responder) {
  vi.useFakeTimers();
  start(respond);
  await vi.advanceTimersByTimeAsync(10);
  socket.connect();
  await vi.advanceTimersByTimeAsync(10);
  openThreadWith([message(100, PEER)]);
}

/** A REST send's answer: the message stored as `id` with the client id it was sent with. */
const storedAs = (id: number) => async (input: { client_id: string }) => ({ message: { ...message(id, ME), client_id: input.client_id }, credits: 9, credits_version: 101, duplicate: false });

function openThreadWith(messages: MessageDto[]) {
  updateThread(PEER, (t) => ({ ...mergeStored(t, messages), loaded: true }), CONVERSATION);
}

/** A catch-up answer whose list is the one the client loaded at start (newest message 100). */
function catchUpAnswer(sync: SyncResponse): CatchUpResponse {
  return { chats: { chats: [entry(message(100, PEER))], counts: sync.counts }, sync };
}

const storedIds = () => getThread(PEER)!.stored.map((m) => m.id);

beforeEach(() => {
  vi.clearAllMocks();
  clearOutboxes();
  appStore.set(userAtom, { id: ME, credits: 10, credits_version: 100, profile: { id: ME, name: 'Me', country: 'NL', status: 'active', main_image: null } } as UserDto);
  appStore.set(threadsAtom, new Map());
  appStore.set(chatEntriesAtom, new Map());
  appStore.set(threadMetaAtom, new Map());
  appStore.set(openChatAtom, null);
  appStore.set(countsAtom, COUNTS);
  vi.mocked(api.fetchChats).mockResolvedValue({ chats: [entry(message(100, PEER))], counts: COUNTS } satisfies ChatsResponse);
  vi.mocked(api.fetchSync).mockResolvedValue({ messages: [], has_more: false, counts: COUNTS, credits: 10, credits_version: 100 });
});

afterEach(() => {
  stop?.();
  vi.useRealTimers();
});

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

  it('a failed attempt to bring the socket back does not turn "updates delayed" into "offline" while polling reaches the server', async () => {
    vi.useFakeTimers();
    start(() => undefined);
    await vi.advanceTimersByTimeAsync(10);
    socket.server('connect_error', new Error('xhr poll error'));
    await vi.advanceTimersByTimeAsync(5_100);
    expect(appStore.get(connectionAtom)).toBe('polling');
    // Socket.IO tries again every few seconds, long before the next round.
    socket.server('connect_error', new Error('xhr poll error'));
    expect(appStore.get(connectionAtom)).toBe('polling');
    // A live socket that drops has not been through a poll round: offline until one answers.
    socket.connect();
    socket.drop();
    expect(appStore.get(connectionAtom)).toBe('offline');
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

  it('a refusal for credits shows the balance the server gave, over the socket and over REST', async () => {
    // This tab believes in 10 credits; another device spent them.
    await startConnected((event) => (event === 'message:send' ? { ok: false, error: 'insufficient_credits', message: 'no', details: { credits: 0, credits_version: 102, needed: 1 } } : undefined));
    openThreadWith([message(100, PEER)]);
    sendChatMessage(PEER, { kind: 'text', body: 'over the socket' });
    await flush();
    expect(getThread(PEER)!.outgoing[0]!.failure).toEqual({ code: 'insufficient_credits', needed: 1 });
    expect(appStore.get(userAtom)!.credits).toBe(0);

    appStore.set(userAtom, { ...appStore.get(userAtom)!, credits: 10 });
    socket.drop();
    vi.mocked(api.postMessage).mockRejectedValue(new ApiError(402, 'insufficient_credits', { error: 'insufficient_credits', credits: 2, credits_version: 103, needed: 3 }));
    sendChatMessage(PEER, { kind: 'gift', body: '', giftId: 'rose' });
    await flush();
    expect(getThread(PEER)!.outgoing[1]!.failure).toEqual({ code: 'insufficient_credits', needed: 3 });
    expect(appStore.get(userAtom)!.credits).toBe(2);
  });

  it('a socket the server closed (her session replaced by a log-in in another tab) connects again at once', async () => {
    // Socket.IO does not reconnect after a server's close: the tab said "Offline" for 5 s, until
    // the poll round, with the network and the member's new session both fine.
    await startConnected(() => undefined);
    socket.connected = false;
    socket.server('disconnect', 'io server disconnect');
    await flush();
    expect(appStore.get(connectionAtom)).toBe('online');
  });

  it('a handshake refused for the session asks REST at once, whose 403 ends the session in the tab', async () => {
    // Back online after her session ended (and another member logged in on the browser), the tab
    // waited for its next poll round, up to a minute, showing her chats.
    start(() => undefined);
    await flush();
    vi.mocked(api.fetchChats).mockClear();
    socket.server('connect_error', new Error('authentication_required'));
    await flush();
    expect(api.fetchChats).toHaveBeenCalledTimes(1);
  });

  it('a send refused because the session ended stays pending, saved, to go out once the member is back', async () => {
    // The tab loads the log-in page (session-ended.ts); the message was kept as "Not sent",
    // "Please log in to continue", and after logging back in it waited there for a Retry.
    start(() => undefined);
    await flush();
    openThreadWith([message(100, PEER)]);
    vi.mocked(api.postMessage).mockRejectedValue(new ApiError(403, 'authentication_required', { error: 'authentication_required', authentication_required: true }));
    sendChatMessage(PEER, { kind: 'text', body: 'written as the session ended' });
    await flush();
    expect(getThread(PEER)!.outgoing[0]!.local).toBe('pending');
    expect(loadOutbox(ME).map((e) => e.message.local)).toEqual(['pending']);
  });

  it('a refusal for the conversation limit closes the chat not begun yet, as opening it at the limit does', async () => {
    // The member's other tab started her 2nd conversation after this chat was opened: its box was
    // left open, and every further message was refused again.
    await startConnected((event) => (event === 'message:send' ? { ok: false, error: 'conversation_limit', message: 'no', details: { limit: 2, premium_required: true } } : undefined));
    updateThread(PEER, (t) => ({ ...t, loaded: true }), null);
    const profile = entry(message(100, PEER)).profile;
    appStore.set(threadMetaAtom, new Map([[PEER, { profile, blocked_by_me: false, blocked_me: false, conversation_limit_reached: false }]]));
    sendChatMessage(PEER, { kind: 'text', body: 'a third conversation' });
    await flush();

    expect(getThread(PEER)!.outgoing[0]!.failure).toEqual({ code: 'conversation_limit' });
    expect(appStore.get(threadMetaAtom).get(PEER)?.conversation_limit_reached).toBe(true);
  });

  it('a refusal for a block or an unconfirmed peer closes the chat, until a list says otherwise', async () => {
    // The notice above the box comes from this state, so it goes when the cause goes.
    let refusal = 'blocked';
    await startConnected((event) => (event === 'message:send' ? { ok: false, error: refusal, message: 'no' } : undefined));
    openThreadWith([message(100, PEER)]);
    const profile = entry(message(100, PEER)).profile;
    appStore.set(threadMetaAtom, new Map([[PEER, { profile, blocked_by_me: false, blocked_me: false, conversation_limit_reached: false }]]));
    sendChatMessage(PEER, { kind: 'text', body: 'blocked meanwhile' });
    await flush();
    expect(appStore.get(threadMetaAtom).get(PEER)?.blocked_me).toBe(true);
    refusal = 'recipient_unconfirmed';
    appStore.set(threadMetaAtom, new Map([[PEER, { profile, blocked_by_me: false, blocked_me: false, conversation_limit_reached: false }]]));
    sendChatMessage(PEER, { kind: 'text', body: 'unconfirmed meanwhile' });
    await flush();
    expect(appStore.get(threadMetaAtom).get(PEER)?.profile.can_receive_replies).toBe(false);
    expect(getThread(PEER)!.outgoing.map((m) => m.failure?.code)).toEqual(['blocked', 'recipient_unconfirmed']);
  });

  it('marks a refused message failed with the reason, and does not re-send it on reconnect', async () => {
    await startConnected((event) => (event === 'message:send' ? { ok: false, error: 'conversation_limit', message: 'limit' } : undefined));
    openThreadWith([message(100, PEER)]);
    sendChatMessage(PEER, { kind: 'text', body: 'hi' });
    await flush();
    const failed = getThread(PEER)!.outgoing[0]!;
    expect(failed.local).toBe('failed');
    expect(failed.failure).toEqual({ code: 'conversation_limit' });
    socket.drop();
    socket.connect();
    await flush();
    expect(socket.sends()).toHaveLength(1);
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
    await startConnectedOnFakeTimers(() => undefined);
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
    await startConnectedOnFakeTimers(() => undefined);
    vi.mocked(api.postMessage)
      .mockRejectedValueOnce(new ApiError(502, 'generic', {}))
      .mockImplementation(storedAs(105));
    sendChatMessage(PEER, { kind: 'text', body: 'servers away' });
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

  it('polls user, sync and chats while the socket is down and stops once it connects', async () => {
    vi.useFakeTimers();
    start(() => undefined);
    await vi.advanceTimersByTimeAsync(10);
    const rounds = () => vi.mocked(fetchCurrentUser).mock.calls.length;
    await vi.advanceTimersByTimeAsync(4_900);
    expect(rounds()).toBe(0);
    await vi.advanceTimersByTimeAsync(200);
    expect(rounds()).toBe(1);
    expect(api.fetchSync).toHaveBeenCalledWith(100);
    expect(api.fetchLikesIfAvailable).toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(rounds()).toBe(2);
    socket.connect();
    await vi.advanceTimersByTimeAsync(300_000);
    expect(rounds()).toBe(2);
  });

  describe('the banner for what a poll round brings', () => {
    /** The server holds `messages` after what the tab holds; REST brings them at the next round. */
    function onServer(messages: MessageDto[]) {
      vi.mocked(api.fetchSync).mockImplementation(async (after) => ({ messages: messages.filter((m) => m.id > after), has_more: false, counts: COUNTS, credits: 10, credits_version: 100 }));
      vi.mocked(api.fetchChats).mockResolvedValue({ chats: [entry(messages.at(-1)!)], counts: COUNTS });
    }

    beforeEach(() => appStore.set(messageNoticeAtom, null));

    it("announces the round's newest peer message while the socket is down, as one that came live", async () => {
      await startConnectedOnFakeTimers(() => undefined);
      socket.reachable = false;
      socket.drop();
      onServer([message(101, PEER), message(102, PEER), message(103, ME)]);
      await vi.advanceTimersByTimeAsync(5_100);
      expect(storedIds()).toEqual([100, 101, 102, 103]);
      expect(appStore.get(messageNoticeAtom)?.id).toBe(102);

      // The next round, a minute on, announces what came since.
      appStore.set(messageNoticeAtom, null);
      onServer([message(101, PEER), message(102, PEER), message(103, ME), message(104, PEER)]);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(appStore.get(messageNoticeAtom)?.id).toBe(104);
    });

    it('announces what the first round brings when the socket never connected, the list having loaded a round before', async () => {
      vi.useFakeTimers();
      start(() => undefined);
      socket.reachable = false;
      socket.connect();
      await vi.advanceTimersByTimeAsync(10);
      openThreadWith([message(100, PEER)]);
      onServer([message(101, PEER)]);
      await vi.advanceTimersByTimeAsync(5_100);
      expect(storedIds()).toEqual([100, 101]);
      expect(appStore.get(messageNoticeAtom)?.id).toBe(101);
    });

    it('announces nothing from a round after the device slept, whose messages are many and old', async () => {
      await startConnectedOnFakeTimers(() => undefined);
      socket.reachable = false;
      socket.drop();
      await vi.advanceTimersByTimeAsync(5_100);
      // The phone sleeps for an hour: its clock moves on, its timers wait.
      vi.setSystemTime(Date.now() + 3_600_000);
      onServer([message(101, PEER), message(102, PEER)]);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(storedIds()).toEqual([100, 101, 102]);
      expect(appStore.get(messageNoticeAtom)).toBeNull();
    });
  });

  it('a socket whose code failed to load as the page started is tried again at the next poll round', async () => {
    vi.useFakeTimers();
    socket = new FakeSocket(() => undefined);
    vi.mocked(createChatSocket)
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module: /assets/socket.io-client.js'))
      .mockResolvedValue(socket as unknown as ChatSocket);
    stop = startRealtime();
    await vi.advanceTimersByTimeAsync(10);
    expect(createChatSocket).toHaveBeenCalledTimes(1);
    // The first poll round reaches the server: the socket is loaded again, and the tab goes live.
    await vi.advanceTimersByTimeAsync(5_100);
    expect(createChatSocket).toHaveBeenCalledTimes(2);
    socket.connect();
    await vi.advanceTimersByTimeAsync(10);
    expect(appStore.get(connectionAtom)).toBe('online');
  });

  it('a handshake the server refused (the member\'s other tabs hold every place) is tried again at each poll round, and the tab goes live once one is free', async () => {
    vi.useFakeTimers();
    start(() => undefined);
    await vi.advanceTimersByTimeAsync(10);
    socket.refusing = true;
    socket.connect();
    expect(socket.active).toBe(false);
    expect(appStore.get(connectionAtom)).toBe('polling');
    // Still refused at the first round: the tab keeps polling.
    await vi.advanceTimersByTimeAsync(5_100);
    expect(appStore.get(connectionAtom)).toBe('polling');
    // Another tab closed: the next round's attempt gets in.
    socket.refusing = false;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(socket.connected).toBe(true);
    expect(appStore.get(connectionAtom)).toBe('online');
  });

  it('while polling reaches the server the connection reads as polling, not offline; a failed round or the browser going offline says offline', async () => {
    vi.useFakeTimers();
    start(() => undefined);
    await vi.advanceTimersByTimeAsync(10);
    socket.server('connect_error', new Error('xhr poll error'));
    // The list loaded over REST at start: the chat works, only later, from the first moment.
    expect(appStore.get(connectionAtom)).toBe('polling');
    await vi.advanceTimersByTimeAsync(5_100);
    expect(appStore.get(connectionAtom)).toBe('polling');
    // Socket.IO tries again and fails: still polling.
    socket.server('connect_error', new Error('xhr poll error'));
    expect(appStore.get(connectionAtom)).toBe('polling');
    vi.mocked(api.fetchChats).mockRejectedValueOnce(new ApiError(0, 'try_later', {}));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(appStore.get(connectionAtom)).toBe('offline');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(appStore.get(connectionAtom)).toBe('polling');
    socket.reachable = false;
    window.dispatchEvent(new Event('offline'));
    expect(appStore.get(connectionAtom)).toBe('offline');
    socket.reachable = true;
    socket.connect();
    expect(appStore.get(connectionAtom)).toBe('online');
  });

  it('the browser going offline while the socket is still connecting says offline at once', async () => {
    start(() => undefined);
    await flush();
    expect(appStore.get(connectionAtom)).toBe('connecting');
    socket.reachable = false;
    window.dispatchEvent(new Event('offline'));
    expect(appStore.get(connectionAtom)).toBe('offline');
  });

  it('a handshake already under way when the browser goes offline does not bring "online" back on a dead network', async () => {
    start(() => undefined);
    await flush();
    // Chromium lets a WebSocket opened before the network went complete its handshake after it
    // (seen in session 34; a CI run once showed the chat online for 30 s with the phone offline).
    const completes = socket.handshakeUnderWay();
    socket.reachable = false;
    window.dispatchEvent(new Event('offline'));
    completes();
    await flush();
    expect(socket.connected).toBe(false);
    expect(appStore.get(connectionAtom)).toBe('offline');
    // The attempt is made again, and gets through once the network is back.
    socket.reachable = true;
    socket.connect();
    await flush();
    expect(appStore.get(connectionAtom)).toBe('online');
  });

  it('when neither the socket nor the first list gets through it says offline, and polling once a round does; a socket that drops later says offline until a round gets through', async () => {
    vi.useFakeTimers();
    vi.mocked(api.fetchChats).mockRejectedValueOnce(new ApiError(0, 'try_later', {}));
    start(() => undefined);
    await vi.advanceTimersByTimeAsync(10);
    socket.server('connect_error', new Error('xhr poll error'));
    expect(appStore.get(connectionAtom)).toBe('offline');
    await vi.advanceTimersByTimeAsync(5_100);
    expect(appStore.get(connectionAtom)).toBe('polling');
    // Connected, then dropped: what REST did before says nothing of now.
    socket.connect();
    expect(appStore.get(connectionAtom)).toBe('online');
    socket.server('disconnect', 'transport close');
    expect(appStore.get(connectionAtom)).toBe('offline');
  });

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

  it('shows the peer typing until a few seconds after their last typing event, also when no stop comes (a block drops it)', async () => {
    vi.useFakeTimers();
    start(() => undefined);
    await vi.advanceTimersByTimeAsync(10);
    socket.connect();
    socket.server('typing', { conversation: CONVERSATION, profile: PEER, typing: true });
    expect(appStore.get(typingAtom).has(PEER)).toBe(true);
    // Still typing: each event holds it six seconds from then.
    await vi.advanceTimersByTimeAsync(3_000);
    socket.server('typing', { conversation: CONVERSATION, profile: PEER, typing: true });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(appStore.get(typingAtom).has(PEER)).toBe(true);
    await vi.advanceTimersByTimeAsync(1_100);
    expect(appStore.get(typingAtom).has(PEER)).toBe(false);
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

  it('tells the server when the page is hidden (the beacon), not when it shows, and no more once stopped', async () => {
    await startConnected(() => undefined);
    const setVisibility = (state: 'hidden' | 'visible') => {
      Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    };
    try {
      setVisibility('hidden');
      expect(api.sendPageHiddenBeacon).toHaveBeenCalledTimes(1);
      setVisibility('visible');
      expect(api.sendPageHiddenBeacon).toHaveBeenCalledTimes(1);
      stop();
      setVisibility('hidden');
      expect(api.sendPageHiddenBeacon).toHaveBeenCalledTimes(1);
    } finally {
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    }
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

  it('the browser going offline shows the connection as offline at once and drops the socket, which reconnects with a catch-up', async () => {
    let catchUps = 0;
    await startConnected((event) => {
      if (event === 'catch-up') catchUps++;
      return undefined;
    });
    expect(appStore.get(connectionAtom)).toBe('online');
    const before = catchUps;
    socket.reachable = false;
    window.dispatchEvent(new Event('offline'));
    expect(appStore.get(connectionAtom)).toBe('offline');
    expect(socket.connected).toBe(false);
    // Socket.IO's reconnection gets through once the network is back: caught up from the database.
    socket.reachable = true;
    socket.connect();
    await flush();
    expect(appStore.get(connectionAtom)).toBe('online');
    expect(catchUps).toBe(before + 1);
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

  it('a block hides the peer\'s presence also when the list after it comes over REST (the socket left the catch-up unanswered)', async () => {
    await startConnected(() => undefined);
    socket.server('presence', { profile: PEER, online: true, last_seen: null, at: 5 });
    expect(appStore.get(presenceAtom).get(PEER)).toMatchObject({ online: true });

    // The peer blocks the member: the list says so, with no presence, and the server watches them no more.
    vi.mocked(api.fetchChats).mockResolvedValue({ chats: [{ ...entry(message(100, PEER)), blocked_me: true }], counts: COUNTS });
    socket.server('invalidate', { resource: 'chats' });
    await flush();
    expect(appStore.get(presenceAtom).get(PEER)).toMatchObject({ online: false, last_seen: null });
  });

  it('a block or unblock by the other member closes or opens the composer of a chat already open', async () => {
    let blockedMe = true;
    await startConnected((event) => {
      if (event !== 'catch-up') return undefined;
      const chats = { chats: [{ ...entry(message(100, PEER)), blocked_me: blockedMe }], counts: COUNTS };
      return { ok: true, data: { chats, sync: { messages: [], has_more: false, counts: COUNTS, credits: 10, credits_version: 100 } } };
    });
    const opened = entry(message(100, PEER));
    appStore.set(threadMetaAtom, new Map([[PEER, { profile: opened.profile, blocked_by_me: false, blocked_me: false, conversation_limit_reached: false }]]));
    socket.server('invalidate', { resource: 'chats' });
    await flush();
    expect(appStore.get(threadMetaAtom).get(PEER)).toMatchObject({ blocked_me: true, blocked_by_me: false });
    blockedMe = false;
    socket.server('invalidate', { resource: 'chats' });
    await flush();
    expect(appStore.get(threadMetaAtom).get(PEER)).toMatchObject({ blocked_me: false });
  });
});

/**
 * Message ids follow commit order, but frames from different nodes can cross: a message another
 * node stored just before one that arrived may still be on its way (a busy event loop, a publish
 * through Redis) when the connection drops, and its frame is lost with it.
 */
describe('the catch-up when frames crossed on their way', () => {
  /** The database as the server reads it: catch-up and sync answer from it for any `after`. */
  let stored: MessageDto[];
  let catchUpAfters: number[];
  /** how the server answers now */
  let server: Responder;
  const page = (after: number): SyncResponse => ({ messages: stored.filter((m) => m.id > after), has_more: false, counts: COUNTS, credits: 10, credits_version: 100 });
  const listOfStored = (): ChatsResponse => ({ chats: stored.length > 0 ? [entry(stored.at(-1)!)] : [], counts: COUNTS });
  const answerFromDatabase: Responder = (event, payload) => {
    const after = (payload as { after: number }).after;
    if (event === 'catch-up') {
      catchUpAfters.push(after);
      return { ok: true, data: { chats: listOfStored(), sync: after > 0 ? page(after) : null } };
    }
    if (event === 'sync') return { ok: true, data: page(after) };
    return undefined;
  };

  /** Started and connected at 0 s, holding 100 in an open chat. */
  async function connectedHolding100() {
    vi.useFakeTimers({ now: 0 });
    stored = [message(100, PEER)];
    catchUpAfters = [];
    vi.mocked(api.fetchChats).mockImplementation(async () => listOfStored());
    vi.mocked(api.fetchSync).mockImplementation(async (after) => page(after));
    server = answerFromDatabase;
    start((event, payload) => server(event, payload));
    await vi.advanceTimersByTimeAsync(10);
    openThreadWith([message(100, PEER)]);
    socket.connect();
    await vi.advanceTimersByTimeAsync(10);
  }

  /** 101 is stored on one node, 102 on another just after; only 102's frame gets here. */
  function crossedFrames(first: number, second: number) {
    stored.push(message(first, PEER), message(second, PEER));
    socket.server('message:new', message(second, PEER));
  }

  it('a message stored just before one that arrived, its frame still on its way when the connection dropped, shows after the reconnect', async () => {
    await connectedHolding100();
    await vi.advanceTimersByTimeAsync(5_000);
    crossedFrames(101, 102);
    await vi.advanceTimersByTimeAsync(200);
    socket.drop();
    await vi.advanceTimersByTimeAsync(1_000);
    socket.connect();
    await vi.advanceTimersByTimeAsync(10);

    expect(storedIds()).toEqual([100, 101, 102]);
  });

  it('polling while the socket stays down brings it too', async () => {
    await connectedHolding100();
    await vi.advanceTimersByTimeAsync(5_000);
    crossedFrames(101, 102);
    await vi.advanceTimersByTimeAsync(200);
    socket.reachable = false;
    socket.drop();
    await vi.advanceTimersByTimeAsync(6_000);

    expect(api.fetchSync).toHaveBeenCalled();
    expect(storedIds()).toEqual([100, 101, 102]);
  });

  it('asks again only for what came in the last 30 s the connection was heard alive: older messages are not fetched twice', async () => {
    await connectedHolding100();
    stored.push(message(101, PEER));
    socket.server('message:new', message(101, PEER));
    // A quiet minute: the server's pings are all that comes.
    for (let s = 25; s <= 50; s += 25) {
      await vi.advanceTimersByTimeAsync(25_000);
      socket.ping();
    }
    await vi.advanceTimersByTimeAsync(10_000);
    crossedFrames(102, 103);
    await vi.advanceTimersByTimeAsync(200);
    socket.drop();
    socket.connect();
    await vi.advanceTimersByTimeAsync(10);

    expect(catchUpAfters.at(-1)).toBe(101);
    expect(storedIds()).toEqual([100, 101, 102, 103]);
  });

  it('a connection that died silently counts from when it was last heard, not from when its end was noticed (45 s later)', async () => {
    await connectedHolding100();
    stored.push(message(101, PEER));
    socket.server('message:new', message(101, PEER));
    await vi.advanceTimersByTimeAsync(25_000);
    socket.ping();
    await vi.advanceTimersByTimeAsync(25_000);
    socket.ping();
    await vi.advanceTimersByTimeAsync(2_000);
    crossedFrames(102, 103);
    // The network is gone at once; Socket.IO says so when the next ping fails to come.
    await vi.advanceTimersByTimeAsync(45_000);
    socket.drop();
    socket.connect();
    await vi.advanceTimersByTimeAsync(10);

    expect(catchUpAfters.at(-1)).toBe(101);
    expect(storedIds()).toEqual([100, 101, 102, 103]);
  });

  it('frames of a connection whose own catch-up never completed do not count: a message stored before it joined came neither way', async () => {
    await connectedHolding100();
    socket.drop();
    // Stored while the socket was down; the catch-up that would bring it gets no answer (the
    // server is overloaded), nor does the REST sync it falls back to.
    stored.push(message(101, PEER));
    server = (event, payload) => (event === 'catch-up' ? new Promise((timedOut) => setTimeout(timedOut, 10_000)) : answerFromDatabase(event, payload));
    vi.mocked(api.fetchSync).mockRejectedValueOnce(new ApiError(503, 'try_later', {}));
    socket.connect();
    await vi.advanceTimersByTimeAsync(11_000);
    stored.push(message(102, PEER));
    socket.server('message:new', message(102, PEER));
    for (let s = 25; s <= 50; s += 25) {
      await vi.advanceTimersByTimeAsync(25_000);
      socket.ping();
    }
    socket.drop();
    server = answerFromDatabase;
    socket.connect();
    await vi.advanceTimersByTimeAsync(10);

    expect(storedIds()).toEqual([100, 101, 102]);
  });

  it('a member who held no message when the page loaded gets it too', async () => {
    vi.useFakeTimers({ now: 0 });
    stored = [];
    catchUpAfters = [];
    vi.mocked(api.fetchChats).mockImplementation(async () => listOfStored());
    server = answerFromDatabase;
    start((event, payload) => server(event, payload));
    await vi.advanceTimersByTimeAsync(10);
    socket.connect();
    await vi.advanceTimersByTimeAsync(10);
    // The peer's first message opens the chat, and the member opens it.
    stored.push(message(100, PEER));
    socket.server('message:new', message(100, PEER));
    await vi.advanceTimersByTimeAsync(10);
    openThreadWith([message(100, PEER)]);
    await vi.advanceTimersByTimeAsync(5_000);
    crossedFrames(101, 102);
    await vi.advanceTimersByTimeAsync(200);
    socket.drop();
    socket.connect();
    await vi.advanceTimersByTimeAsync(10);

    expect(storedIds()).toEqual([100, 101, 102]);
  });

  it('pages of a long catch-up follow each other, whatever arrives live between them', async () => {
    await connectedHolding100();
    socket.drop();
    // Missed while away: 101-103, a page each; 500 is stored and arrives live during the second page.
    stored.push(message(101, PEER), message(102, PEER), message(103, PEER));
    const syncAfters: number[] = [];
    const onePage = (after: number): SyncResponse => ({ ...page(after), messages: page(after).messages.slice(0, 1), has_more: page(after).messages.length > 1 });
    server = (event, payload) => {
      const after = (payload as { after: number }).after;
      if (event === 'catch-up') return { ok: true, data: { chats: listOfStored(), sync: onePage(after) } };
      if (event !== 'sync') return undefined;
      syncAfters.push(after);
      const answer = onePage(after);
      if (after === 101) {
        stored.push(message(500, PEER));
        socket.server('message:new', message(500, PEER));
      }
      return { ok: true, data: answer };
    };
    socket.connect();
    await vi.advanceTimersByTimeAsync(10);

    expect(syncAfters).toEqual([101, 102, 103]);
    expect(storedIds()).toEqual([100, 101, 102, 103, 500]);
  });

  it('a catch-up stopped at its page limit goes on from its last page at the next one, not from a message that came live meanwhile', async () => {
    await connectedHolding100();
    socket.drop();
    // Missed while away: 40 messages, and the server answers one a page.
    for (let id = 101; id <= 140; id++) stored.push(message(id, PEER));
    const onePage = (after: number): SyncResponse => ({ ...page(after), messages: page(after).messages.slice(0, 1), has_more: page(after).messages.length > 1 });
    server = (event, payload) => {
      const after = (payload as { after: number }).after;
      if (event === 'sync') return { ok: true, data: onePage(after) };
      if (event !== 'catch-up') return undefined;
      catchUpAfters.push(after);
      return { ok: true, data: { chats: listOfStored(), sync: onePage(after) } };
    };
    socket.connect();
    await vi.advanceTimersByTimeAsync(10);
    expect(storedIds().at(-1)).toBe(121);
    stored.push(message(500, PEER));
    socket.server('message:new', message(500, PEER));
    socket.server('invalidate', { resource: 'chats' });
    await vi.advanceTimersByTimeAsync(10);

    expect(catchUpAfters.at(-1)).toBe(121);
    expect(storedIds()).toEqual(stored.map((m) => m.id));
  });

  it('after a Redis outage, a message whose frame was due just before the outage began shows too', async () => {
    await connectedHolding100();
    await vi.advanceTimersByTimeAsync(5_000);
    // 101 came late, into the outage, and was lost there; the node says so 55 s later.
    crossedFrames(101, 102);
    await vi.advanceTimersByTimeAsync(55_000);
    socket.server('invalidate', { resource: 'chats', down_ms: 10_000 });
    await vi.advanceTimersByTimeAsync(10);

    expect(storedIds()).toEqual([100, 101, 102]);
  });
});

/**
 * Connected, `first` answering the catch-up. After `hold()` each catch-up waits until the test
 * answers it from `held`: a list read now and answered after the frames that come meanwhile.
 */
async function startWithHeldCatchUps(first: CatchUpResponse) {
  const held: Array<(data: CatchUpResponse) => void> = [];
  let holding = false;
  await startConnected((event) => {
    if (event !== 'catch-up') return undefined;
    if (holding) return new Promise((resolve) => held.push((data) => resolve({ ok: true, data })));
    return { ok: true, data: first };
  });
  return { held, hold: () => void (holding = true) };
}

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

  it('keeps the presence of an open profile the list does not show live after a catch-up replaces the socket’s watch list', async () => {
    // A peer whose chat is past the newest 200 listed (or deleted): its profile page is open.
    const OTHER = 3;
    // The server as documented: `catch-up` and `chats` make the listed profiles the socket's whole
    // watch list, `presence:watch` the profiles it names; events reach only the watched profiles.
    let watched = new Set<number>();
    await startConnected((event, payload) => {
      if (event === 'catch-up') {
        watched = new Set([PEER]);
        return { ok: true, data: catchUpAnswer({ messages: [], has_more: false, counts: COUNTS, credits: 10, credits_version: 100 }) };
      }
      if (event === 'presence:watch') {
        const { profiles } = payload as { profiles: number[] };
        watched = new Set(profiles);
        return { ok: true, data: profiles.map((profile) => ({ profile, online: false, last_seen: null, at: 1 })) };
      }
      return { ok: true, data: null };
    });
    const announce = (online: boolean, at: number) => {
      if (watched.has(OTHER)) socket.server('presence', { profile: OTHER, online, last_seen: online ? null : '2026-11-30T12:00:00.000Z', at });
    };

    watchPresence([OTHER]); // ProfileViewPage, or openChat
    await flush();
    announce(true, 2);
    expect(appStore.get(presenceAtom).get(OTHER)).toMatchObject({ online: true });

    // Any catch-up (a reconnect, an `invalidate` of chats) lists the newest chats only.
    socket.server('invalidate', { resource: 'chats' });
    await flush();
    announce(false, 3);
    await flush();
    expect(appStore.get(presenceAtom).get(OTHER)).toMatchObject({ online: false, last_seen: '2026-11-30T12:00:00.000Z' });
  });
});

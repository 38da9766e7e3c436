// @vitest-environment jsdom
/**
 * A reconnect's catch-up brings every message missed, read from the server's database: messages
 * whose frames crossed on their way and were lost with the connection, long gaps page after page,
 * and what an outage reported while a catch-up runs may have lost.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatsResponse, MessageDto, SyncResponse } from '@shared/api/chats.js';
import * as api from '../api/chats.js';
import { ApiError } from '../api/http.js';
import { COUNTS, entry, message, openThreadWith, PEER, socket, start, storedIds, syncPage, useRealtimeHarness, type Responder } from './realtime-test-kit.js';

vi.mock('../api/chats.js', async () => (await import('./realtime-test-mocks.js')).chatsApiMock());
vi.mock('../api/socket.js', async () => (await import('./realtime-test-mocks.js')).socketApiMock());
vi.mock('../api/user.js', async () => (await import('./realtime-test-mocks.js')).userApiMock());

useRealtimeHarness();

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

const after = (payload: unknown) => (payload as { after: number }).after;

/**
 * Message ids follow commit order, but frames from different nodes can cross: a message another
 * node stored just before one that arrived may still be on its way (a busy event loop, a publish
 * through Redis) when the connection drops, and its frame is lost with it.
 */
describe('the catch-up when frames crossed on their way', () => {
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

  it('after a Redis outage, the message lost in it shows also when the device clock was set forward meanwhile', async () => {
    await connectedHolding100();
    await vi.advanceTimersByTimeAsync(5_000);
    crossedFrames(101, 102);
    await vi.advanceTimersByTimeAsync(55_000);
    // The phone takes the network's time: its clock jumps an hour ahead, no time passes.
    vi.setSystemTime(Date.now() + 3_600_000);
    socket.server('invalidate', { resource: 'chats', down_ms: 10_000 });
    await vi.advanceTimersByTimeAsync(10);

    expect(storedIds()).toEqual([100, 101, 102]);
  });
});

describe('the catch-up after a time away', () => {
  beforeEach(connectedHolding100);

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

/**
 * The harness of the realtime owner's tests (imported by *.test.ts files only): starts the owner
 * on a FakeSocket the test plays the server on, opens a thread, and resets the store between tests.
 * It re-exports realtime-test-fakes.ts, so a test file imports everything from here.
 *
 * It imports the owner and the API modules it talks to, so a test file that uses it must mock those
 * first, with the three lines realtime-test-mocks.ts shows (vi.mock is hoisted above the imports).
 */
import { afterEach, beforeEach, vi } from 'vitest';
import type { ChatsResponse, MessageDto } from '@shared/api/chats.js';
import type { UserDto } from '@shared/api/user.js';
import type { CatchUpResponse } from '@shared/realtime.js';
import * as api from '../api/chats.js';
import { createChatSocket, type ChatSocket } from '../api/socket.js';
import { startRealtime } from './realtime.js';
import { getThread, updateThread } from './chat-store.js';
import { mergeStored } from './chat-thread.js';
import { appStore } from './jotai.js';
import { userAtom } from './user.js';
import { countsAtom } from './counts.js';
import { chatEntriesAtom, openChatAtom, threadMetaAtom, threadsAtom, typingAtom } from './chats.js';
import { clearOutboxes } from './outbox.js';
import { messageNoticeAtom } from './message-notice.js';
import { CONVERSATION, COUNTS, FakeSocket, ME, PEER, entry, flush, message, syncPage, type Responder } from './realtime-test-fakes.js';

export * from './realtime-test-fakes.js';

if (!vi.isMockFunction(api.fetchChats) || !vi.isMockFunction(createChatSocket)) {
  throw new Error('realtime-test-kit: mock ../api/chats.js, ../api/socket.js and ../api/user.js in the test file (see realtime-test-mocks.ts)');
}

/** The socket of the owner the test started last. */
export let socket: FakeSocket;
let stopOwner: (() => void) | undefined;

/** Stops the owner the test started (its socket, poller and listeners); nothing if none runs. */
export function stop(): void {
  stopOwner?.();
  stopOwner = undefined;
}

/** Starts the owner; its socket, once its code has loaded, is a FakeSocket answering with `respond`. */
export function start(respond: Responder): void {
  socket = new FakeSocket(respond);
  vi.mocked(createChatSocket).mockResolvedValue(socket as unknown as ChatSocket);
  stopOwner = startRealtime();
}

/** start(), then the socket connects and the owner has handled it. */
export async function startConnected(respond: Responder): Promise<void> {
  start(respond);
  await flush();
  socket.connect();
  await flush();
}

/**
 * startConnected() under fake timers, with the thread open: what the owner does later (a send
 * tried again, a poll round) happens as the test moves the clock.
 */
export async function startConnectedOnFakeTimers(respond: Responder): Promise<void> {
  vi.useFakeTimers();
  start(respond);
  await vi.advanceTimersByTimeAsync(10);
  socket.connect();
  await vi.advanceTimersByTimeAsync(10);
  openThreadWith([message(100, PEER)]);
}

/** Starts the owner with a socket whose code never loads: the page polls, and sends go over REST. */
export function startWithoutSocket(): void {
  vi.mocked(createChatSocket).mockReturnValue(new Promise(() => undefined));
  stopOwner = startRealtime();
}

/**
 * Connected, `first` answering the catch-up. After `hold()` each catch-up waits until the test
 * answers it from `held`: a list read now and answered after the frames that come meanwhile.
 */
export async function startWithHeldCatchUps(first: CatchUpResponse) {
  const held: Array<(data: CatchUpResponse) => void> = [];
  let holding = false;
  await startConnected((event) => {
    if (event !== 'catch-up') return undefined;
    if (holding) return new Promise((resolve) => held.push((data) => resolve({ ok: true, data })));
    return { ok: true, data: first };
  });
  return { held, hold: () => void (holding = true) };
}

/** The chat with `profile` is loaded, holding `messages`. */
export function openThreadWith(messages: MessageDto[], profile = PEER, conversation = CONVERSATION): void {
  updateThread(profile, (t) => ({ ...mergeStored(t, messages), loaded: true }), conversation);
}

/** The ids of the messages the chat with PEER holds as stored. */
export const storedIds = () => getThread(PEER)!.stored.map((m) => m.id);

/** A REST send's answer: the message stored as `id` with the client id it was sent with. */
export const storedAs = (id: number) => async (input: { client_id: string }) => ({ message: { ...message(id, ME), client_id: input.client_id }, credits: 9, credits_version: 101, duplicate: false });

/**
 * Before each test: no mock calls, no outbox, the member signed in with 10 credits, nothing held,
 * nothing open; the list answers the chat with PEER (newest message 100), sync answers nothing new.
 */
function resetRealtimeState(): void {
  vi.clearAllMocks();
  clearOutboxes();
  appStore.set(userAtom, { id: ME, credits: 10, credits_version: 100, profile: { id: ME, name: 'Me', country: 'NL', status: 'active', main_image: null } } as UserDto);
  appStore.set(threadsAtom, new Map());
  appStore.set(chatEntriesAtom, new Map());
  appStore.set(threadMetaAtom, new Map());
  appStore.set(openChatAtom, null);
  appStore.set(countsAtom, COUNTS);
  appStore.set(typingAtom, new Map());
  appStore.set(messageNoticeAtom, null);
  vi.mocked(api.fetchChats).mockResolvedValue({ chats: [entry(message(100, PEER))], counts: COUNTS } satisfies ChatsResponse);
  vi.mocked(api.fetchSync).mockResolvedValue(syncPage([]));
}

/** After each test: the owner stopped, real timers back. */
function stopRealtime(): void {
  stop();
  vi.useRealTimers();
}

/** Registers resetRealtimeState before and stopRealtime after each test of the file. */
export function useRealtimeHarness(): void {
  beforeEach(resetRealtimeState);
  afterEach(stopRealtime);
}

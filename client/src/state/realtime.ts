/**
 * The one owner of the socket. It connects lazily, turns server events into atom writes, catches
 * up from the database on every (re)connect (the list and the messages after the newest id held,
 * re-send unacknowledged messages with their client ids), and polls REST while the socket is
 * down. Components never see the socket: they call state/chat-actions.ts, which asks this module
 * for a transport. Correctness never rests on Socket.IO connection-state recovery.
 *
 * Its parts: where the next catch-up starts (catch-up-mark.ts), the sends (realtime-sends.ts), the
 * socket's commands with their acks (socket-commands.ts), the presence watch list
 * (presence-watch.ts), peers shown typing (typing-shown.ts) and the outbox kept across pages
 * (keep-outbox.ts).
 */
import type { ChatsResponse, MessageDto, SyncResponse } from '@shared/api/chats.js';
import { ApiError } from '../api/http.js';
import { fetchChats, fetchCounts, fetchLikesIfAvailable, fetchMessages, fetchSync, postMessagesRead, sendPageHiddenBeacon } from '../api/chats.js';
import { createChatSocket, type ChatSocket } from '../api/socket.js';
import { fetchCurrentUser } from '../api/user.js';
import { appStore } from './jotai.js';
import { userAtom } from './user.js';
import { createFallbackPoller, pollIntervalMs, readPollOverride, type FallbackPoller } from './chat-poller.js';
import { applyChats, applyMessages, applyReadEvent, confirmRead, forgetConfirmedReads, getThread, selfId, removeConversation, setCounts, setCredits, takePresence, withLaterCredits } from './chat-store.js';
import { chatEntriesAtom, connectionAtom, openChatAtom, pushSubscribedAtom } from './chats.js';
import * as mark from './catch-up-mark.js';
import { keepOutboxOf } from './keep-outbox.js';
import { noticeArrival, noticeNewestArrival } from './message-notice.js';
import { forgetWatched, socketAnswers, watchAfterList, watchPresenceOn } from './presence-watch.js';
import { createSends } from './realtime-sends.js';
import { catchUpOverSocket, chatsOverSocket, readMarkOverSocket, syncOverSocket } from './socket-commands.js';
import { showTyping, stopTypingOf } from './typing-shown.js';

const SYNC_PAGE_LIMIT = 20;

let socket: ChatSocket | null = null;
let poller: FallbackPoller | null = null;
/** The member's messages on their way: over the socket while it is connected, else REST. */
const sends = createSends(() => socket, show, checkSocket);
let stopped = true;
/** Bumped on every start, so a socket that connects after a quick stop/start (StrictMode) is dropped. */
let generation = 0;
/**
 * When the server was last heard on the socket (any packet, or Engine.IO's ping): alive until then.
 * On performance.now() for the catch-up mark (catch-up-mark.ts: a device clock set forward must not
 * move it), and on the device's clock for upToDateAt (a sleep must count).
 */
let lastHeardAt = 0;
let lastHeardWallAt = 0;
/** Counts the socket's connections; `caughtUpConnection` is the last one whose catch-up completed. */
let connection = 0;
let caughtUpConnection = -1;
let catchUpRunning: Promise<void> | null = null;
/**
 * A reason to catch up came while one was running (an `invalidate` from a node that could not
 * publish to this member until now, a reconnect): the running one may have read the database
 * before the message that reason is about was stored, so another runs once it ends.
 */
let catchUpAgain = false;
/**
 * REST reached the server while the socket was down (a list loaded over REST, or a poll round
 * went through): then the bar says that updates come late, not "Offline", even before the first
 * poll round (a flaky-network audit saw "Offline" for the first seconds of a chat that had just
 * loaded). Cleared when the socket connects (it then knows nothing of REST), by a failed round and
 * by the browser's offline event.
 */
let restReached = false;
/** A catch-up ran while no chat was on screen (the page hidden): the chat shown next is checked then. */
let openChatUnchecked = false;
/** A catch-up began on this page: the next ones are after a time away (a reconnect, an invalidate). */
let caughtUpBefore = false;
/**
 * When this tab last held every message: the server last heard on a socket whose catch-up had
 * completed, or the end of a poll round that reached the server; null when not known. A poll
 * round announces its newest message (message-notice.ts) only when that was a round ago: after
 * a sleep or a long time away a round brings many, and old. The device's clock: a sleep counts
 * here, and performance.now() does not move during one on every system.
 */
let upToDateAt: number | null = null;
/** How long a poll round waits for the next (60 s, or 300 s with push). */
let roundInterval: () => number = () => 60_000;

export function isSocketOnline(): boolean {
  return socket?.connected === true;
}

function pollOverride(): number | null {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem('debug-poll-ms');
  } catch {
    stored = null;
  }
  const automated = typeof navigator !== 'undefined' && navigator.webdriver === true;
  return readPollOverride(!import.meta.env.PROD || automated, location.search, stored);
}

/** Starts the realtime owner; returns the stop function (called on log-out / unmount). */
export function startRealtime(): () => void {
  stopped = false;
  restReached = false;
  catchUpAgain = false;
  mark.forgetHeld();
  forgetWatched();
  forgetConfirmedReads();
  awaitingList = [];
  listsAsked = 0;
  lastHeardAt = 0;
  lastHeardWallAt = 0;
  caughtUpConnection = -1;
  caughtUpBefore = false;
  upToDateAt = null;
  const mine = ++generation;
  const timers = { setTimeout: (fn: () => void, ms: number) => window.setTimeout(fn, ms), clearTimeout: (h: unknown) => window.clearTimeout(h as number) };
  sends.start(timers);
  const override = pollOverride();
  roundInterval = () => pollIntervalMs(appStore.get(pushSubscribedAtom), override);
  poller = createFallbackPoller({
    timers: { ...timers, now: () => Date.now() },
    startDelayMs: override === null ? 5_000 : Math.min(5_000, override),
    intervalMs: roundInterval,
    poll: pollRound,
  });
  poller.mount();
  const keepOutbox = keepOutboxOf(selfId());
  void refreshChats();
  openSocket(mine);
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') sendPageHiddenBeacon();
    else checkSocket();
  };
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('offline', onBrowserOffline);
  window.addEventListener('online', onBrowserOnline);
  openChatUnchecked = false;
  const checkShownChat = appStore.sub(openChatAtom, () => {
    if (openChatUnchecked && appStore.get(openChatAtom) !== null) void closeOpenChatIfRemoved();
  });
  return () => {
    stopped = true;
    keepOutbox();
    checkShownChat();
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('offline', onBrowserOffline);
    window.removeEventListener('online', onBrowserOnline);
    poller?.stop();
    poller = null;
    sends.stop();
    socket?.close();
    socket = null;
    // After the close: a connected socket says 'disconnect' as it closes, which arms a grace
    // (socketDown) that would otherwise turn the next owner's tab to "Offline".
    clearTimeout(graceTimer);
    appStore.set(connectionAtom, 'connecting');
  };
}

/**
 * The browser says the network is gone. A socket on a dead network notices only when its pings go
 * unanswered (about 45 s with the server's defaults), and meanwhile the member's messages sat with a
 * clock and no word why. The socket is dropped at once: the offline bar shows, sends wait in the
 * outbox, and Socket.IO's reconnection (with its backoff) brings it back with a catch-up once the
 * network returns. A false alarm costs one reconnect.
 * A socket still connecting is restarted too: Chromium lets a WebSocket whose handshake was sent
 * before the network went complete it afterwards, and the page then said "online" on a dead
 * network until pings timed out.
 */
function onBrowserOffline(): void {
  restReached = false;
  socket?.disconnect();
  // Said here, after the disconnect, whatever the socket was doing: the network is gone, so no
  // grace (socketDown) and none of "connecting" (a page that has just loaded).
  appStore.set(connectionAtom, 'offline');
  socket?.connect();
}

/** How long a socket that may be dead has to answer before it is replaced. */
export const SOCKET_CHECK_MS = 5_000;

/**
 * A socket whose connection died without a close reaching this device (the network changed under
 * a locked phone or an open chat, a NAT forgot the connection) still says it is connected, and
 * Socket.IO notices only when the server's ping fails to come: up to 45 s after the last one,
 * with the chat showing "online" and the peer's messages going nowhere. So it is asked once (the
 * presence watch again, which also brings the peers' online state up to date) when there is
 * reason to doubt it: the page is shown again, or a send's ack did not come (`suspect`, that
 * socket). No answer within SOCKET_CHECK_MS and it is replaced, with a catch-up. An e2e audit
 * with the connection silently dropped saw the peer's message 23 s late after a 20 s lock, and
 * 35 s late after a send whose ack never came (it went over REST), all the while "online".
 */
function checkSocket(suspect?: ChatSocket): void {
  const s = socket;
  if (stopped || !s?.connected || (suspect !== undefined && suspect !== s)) return;
  const mine = connection;
  void socketAnswers(s, SOCKET_CHECK_MS).then((answered) => {
    if (answered || stopped || s !== socket || mine !== connection || !s.connected) return;
    s.disconnect();
    s.connect();
  });
}

/**
 * The browser says the network is back (a phone off a lift, wifi to cellular). A socket that is
 * down connects at once: left to Socket.IO it waited for its back-off (up to 7.5 s), and an
 * attempt that went out while the network was down (the one onBrowserOffline starts) hung until
 * its 20 s connect timeout: the chat said "updates delayed" and the peer's messages came by the
 * next poll round or that late reconnect (an e2e audit saw the socket back 14 s after the network).
 * A connected socket is left alone.
 */
function onBrowserOnline(): void {
  if (!socket || socket.connected || stopped) return;
  socket.disconnect();
  socket.connect();
}

/**
 * How long a live socket that dropped, on a network the browser still calls up, has to come back
 * before the tab says "Offline". A phone or laptop waking from sleep finds its socket timed out
 * and has a new one within a second (Socket.IO's first retry waits 0.5-1.5 s): the bar flashed
 * "Offline, reconnecting…" for 0.7-0.95 s on every wake, and the peer's green dot went grey with
 * it, for a connection nobody could have used meanwhile. Sends of that moment wait with their
 * clock, as they would have anyway.
 */
export const RECONNECT_GRACE_MS = 3_000;
let graceTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * The socket dropped (`live`), or an attempt to bring it back failed. While polling reaches the
 * server the bar keeps saying that updates come late: Socket.IO tries again every few seconds, and
 * each failed attempt used to turn the bar to "Offline" until the next round (up to a minute),
 * while messages came in and went out over REST all along. A live socket that drops is given
 * RECONNECT_GRACE_MS ("connecting", which shows nothing); a failed attempt, a failed round or the
 * browser's offline event says offline at once.
 */
function socketDown(live: boolean): void {
  poller?.setConnected(false);
  const shown = appStore.get(connectionAtom);
  if (shown === 'polling') return;
  if (restReached) {
    appStore.set(connectionAtom, 'polling');
    return;
  }
  if (!live || shown !== 'online' || navigator.onLine === false) {
    appStore.set(connectionAtom, 'offline');
    return;
  }
  appStore.set(connectionAtom, 'connecting');
  clearTimeout(graceTimer);
  graceTimer = setTimeout(() => {
    if (!stopped && appStore.get(connectionAtom) === 'connecting') appStore.set(connectionAtom, restReached ? 'polling' : 'offline');
  }, RECONNECT_GRACE_MS);
}

function wireSocket(s: ChatSocket): void {
  const heard = () => {
    lastHeardAt = performance.now();
    lastHeardWallAt = Date.now();
  };
  // The Manager's: every packet the server sends, and its pings on a quiet connection.
  s.io.on('packet', heard);
  s.io.on('ping', heard);
  s.on('connect', () => {
    connection++;
    heard();
    restReached = false;
    appStore.set(connectionAtom, 'online');
    poller?.setConnected(true);
    void catchUp();
  });
  s.on('disconnect', (reason) => {
    // A connection whose own catch-up never completed proves nothing (catch-up-mark.ts).
    mark.resumeAfterLoss(caughtUpConnection === connection ? lastHeardAt : null);
    upToDateAt = caughtUpConnection === connection ? lastHeardWallAt : null;
    socketDown(true);
    // Closed by the server, which Socket.IO does not retry: the session was replaced (a log-in in
    // another tab of this browser) or ended. One attempt now: a new session of this member is live
    // again at once (it said "Offline" until the poll round, 5 s on); an ended one is refused, and
    // the poll round's first call takes the tab to the log-in page.
    if (reason === 'io server disconnect' && !stopped) s.connect();
  });
  s.on('connect_error', (error) => {
    socketDown(false);
    // The session is gone, or is another member's (the page names its own: api/http.ts). Asked
    // over REST now, whose 403 takes the tab to the log-in page: the next poll round could be a
    // minute away, with her chats on screen.
    if (error.message === 'authentication_required' && !stopped) void refreshChats(false);
  });
  // A new message carries what it changed for this member (counts to the recipient, the balance
  // to the sender's other tabs): the message and the badge or balance change together.
  s.on('message:new', (message, effects) => {
    receive([message]);
    noticeArrival(message);
    if (effects?.counts) setCounts(effects.counts);
    if (effects?.credits !== undefined) setCredits(effects.credits, effects.credits_version);
  });
  s.on('message:read', ({ conversation, reader, message, unread }) => applyReadEvent(conversation, reader, message, unread));
  s.on('chat:removed', ({ conversation }) => removeConversation(conversation));
  s.on('counts', setCounts);
  s.on('typing', ({ profile, typing }) => showTyping(profile, typing));
  s.on('presence', ({ profile, online, last_seen, at }) => {
    if (!takePresence([[profile, { online, last_seen, at }]]).get(profile)!.online) stopTypingOf([profile]);
  });
  s.on('invalidate', ({ resource, down_ms }) => {
    if (resource === 'chats') {
      if (down_ms !== undefined) mark.rewindForOutage(down_ms);
      void catchUp();
    }
    if (resource === 'user') void refreshUser();
    if (resource === 'likes') void fetchCounts().then(setCounts).catch(() => undefined);
  });
}

/** Applies stored messages from the event stream (socket, sync), and holds them. */
function receive(messages: readonly MessageDto[]): void {
  for (const message of messages) mark.hold(message.id);
  show(messages);
}

/**
 * Messages in a conversation no list loaded so far has shown (a chat started elsewhere: the
 * member's first message from another tab, whose conversation this one cannot tell), waiting for
 * the next list load to say whose chat they are. Before, they waited only for the reload they
 * called for, and were lost to this tab when it failed: they were held, so no catch-up brought
 * them again, and the chat open with that member stayed empty until opened anew.
 */
let awaitingList: Array<{ message: MessageDto; since: number }> = [];
/** A bound for a tab whose list does not load for a long time: the newest are kept. */
const AWAITING_LIST_MAX = 200;
/**
 * List loads begun so far, each numbered: only a list asked for after a message arrived can say
 * its conversation is not the member's (deleted meanwhile, or hidden); one asked for before may
 * predate the conversation.
 */
let listsAsked = 0;

/** Applies stored messages; a conversation the client does not know yet reloads the list first. */
function show(messages: readonly MessageDto[]): void {
  // A peer's message ends their typing indicator.
  stopTypingOf(messages.map((message) => message.sender));

  const unknown = applyMessages(messages);
  if (unknown.length === 0) return;
  const waiting = new Set(awaitingList.map((w) => w.message.id));
  const arrived = unknown.filter((m) => !waiting.has(m.id)).map((message) => ({ message, since: listsAsked }));
  awaitingList = [...awaitingList, ...arrived].slice(-AWAITING_LIST_MAX);
  void refreshChats();
}

/**
 * Reloads the conversation list (when it is stale: a failed delete, a message in a conversation it
 * does not list): over the socket when it is up and `trySocket`, else REST. False when the server
 * could not be reached.
 */
export async function refreshChats(trySocket = true): Promise<boolean> {
  try {
    const asked = ++listsAsked;
    const overSocket = trySocket && socket?.connected ? await chatsOverSocket(socket) : null;
    const response = overSocket ?? (await fetchChats());
    if (!stopped) applyList(response, overSocket !== null, asked);
    if (!stopped && overSocket === null && !socket?.connected) restReachedNow();
    return true;
  } catch {
    // the next catch-up or poll round retries
    return false;
  }
}

/**
 * Shows a loaded list. The socket's answer (`overSocket`) also made the listed profiles this
 * socket's presence watch list; after a REST load the client asks for that itself (presence-watch.ts).
 */
function applyList(response: ChatsResponse, overSocket: boolean, asked: number): void {
  applyChats(response, { livePresence: overSocket });
  // Messages that waited for a list go where it says. One whose conversation a list asked for
  // after it arrived does not show either (deleted meanwhile, or hidden) has nowhere to go.
  if (awaitingList.length > 0) {
    const unplaced = new Set(applyMessages(awaitingList.map((w) => w.message)).map((m) => m.id));
    awaitingList = awaitingList.filter((w) => unplaced.has(w.message.id) && w.since >= asked);
  }
  // First load: the list's newest message is where catch-up starts (nothing older is held).
  if (!mark.holdsAny()) {
    mark.holdFirstList(Math.max(0, ...response.chats.map((c) => c.last_message?.id ?? 0)));
    upToDateAt ??= Date.now();
  }
  watchAfterList(socket, response, overSocket);
}

async function refreshUser(): Promise<void> {
  try {
    const user = await fetchCurrentUser();
    if (user && !stopped) appStore.set(userAtom, withLaterCredits(user));
  } catch {
    // keep what is shown
  }
}

/**
 * Everything missed since `from`: loops while the server says there is more, each page after the
 * last one (not after newestHeld: a frame that arrives meanwhile is newer than the pages still to
 * come). `first` is the page the catch-up command brought for `from`. Over the socket when it is
 * up and `trySocket` (cheap for the server when every member reconnects at once), else REST.
 * True when the last page came; at the page limit the next catch-up goes on from there.
 */
async function syncFrom(start: mark.CatchUpStart, trySocket: boolean, first?: SyncResponse, brought?: MessageDto[]): Promise<boolean> {
  let after = start.from;
  for (let page = first ? -1 : 0; page < SYNC_PAGE_LIMIT; page++) {
    const response = first && page < 0 ? first : ((trySocket && socket?.connected ? await syncOverSocket(socket, after) : null) ?? (await fetchSync(after)));
    if (stopped) return false;
    applySyncPage(response, after);
    brought?.push(...response.messages);
    if (!response.has_more || response.messages.length === 0) return true;
    after = response.messages.at(-1)!.id;
  }
  mark.stoppedAtPageLimit(start, after);
  return false;
}

/**
 * Everything missed, from where the next catch-up starts; afterwards catch-ups start from the
 * newest id held again, unless a reason to go back came meanwhile. Nothing for a member who holds
 * no message yet. The messages it shows go into `brought`; true when it brought all there were.
 */
async function syncFromDatabase(trySocket = true, brought?: MessageDto[]): Promise<boolean> {
  const start = mark.catchUpStart();
  if (start.from === 0 && !start.fromNothing) return true;
  const whole = await syncFrom(start, trySocket, undefined, brought);
  if (whole) mark.caughtUp(start);
  return whole;
}

/** Shows one page of missed messages, read after `after`. */
function applySyncPage(response: SyncResponse, after: number): void {
  setCounts(response.counts);
  // Sends made elsewhere while this tab was away told their balance to the rooms it was not in.
  setCredits(response.credits, response.credits_version);
  if (response.messages.length > 0) {
    receive(response.messages);
    mark.readPage(after, response.messages.at(-1)!.id);
  }
}

/**
 * On every (re)connect: the list and the messages missed, then the sends that were never
 * acknowledged. Over the socket one `catch-up` command answers both (a round trip, and for the
 * server a command, less per member when everyone reconnects after a restart); further pages come
 * from `sync`. Without the socket's answer, both over REST at once.
 */
function catchUp(): Promise<void> {
  if (catchUpRunning) {
    catchUpAgain = true;
    return catchUpRunning;
  }
  catchUpRunning = (async () => {
    try {
      const mine = connection;
      const start = mark.catchUpStart();
      const away = caughtUpBefore;
      caughtUpBefore = true;
      const asked = ++listsAsked;
      const answer = socket?.connected ? await catchUpOverSocket(socket, start.from) : null;
      if (stopped) return;
      let complete: boolean;
      // A socket that left catch-up unanswered would leave `sync` and `chats` so too: straight to REST.
      if (!answer) {
        const nothingToSync = start.from === 0 && !start.fromNothing;
        const [synced, listed] = await Promise.all([nothingToSync || syncFrom(start, false), refreshChats(false)]);
        // With nothing held, the list is where later catch-ups start: without it nothing is complete.
        complete = synced && (listed || !nothingToSync);
      } else {
        // The list first: read in the same pass as the messages, its entries already count them,
        // so the messages after it only fill the threads (and none is in an unknown conversation).
        // One another node stored in between is newer than the list, and counted on top of it.
        applyList(answer.chats, true, asked);
        if (answer.sync) complete = await syncFrom(start, true, answer.sync);
        else complete = !start.fromNothing || (await syncFrom(start, true));
      }
      // Holding no message, the catch-up asks for the list alone (nothing to sync from), and no
      // sync page brings the balance. Back from a time away with a list that now holds messages
      // (the member's first, sent from another tab or device), they are asked for as well: the
      // chat on screen said "Start your conversation" over them, and the balance was the one
      // from before they were paid for. Not at the page's first catch-up: it loads what is held.
      if (away && start.from === 0 && !start.fromNothing && mark.holdsAny()) complete = (await syncFrom({ ...start, fromNothing: true }, answer !== null)) && complete;
      if (complete && !stopped) {
        mark.caughtUp(start);
        // From here on this connection's frames count when it is lost (resumeAfterLoss).
        if (start.whole && mine === connection && socket?.connected) caughtUpConnection = mine;
      }
      await sends.resendPending();
      await closeOpenChatIfRemoved();
    } catch {
      // the socket stays up; the next invalidate, reconnect or poll round retries
    } finally {
      catchUpRunning = null;
      if (catchUpAgain && !stopped) {
        catchUpAgain = false;
        void catchUp();
      }
    }
  })();
  return catchUpRunning;
}

/**
 * A chat deleted on another device while this one was away misses its 'chat:removed' and is simply
 * not in the list the catch-up brought. When it is the chat on screen, the server says whether it
 * is gone for this member (no message left to show, or no such conversation), and then it leaves
 * the screen as the live event would have made it. A chat on screen that is absent from the list
 * for another reason (deleted here and opened again from the profile, so nothing shows) is left.
 */
async function closeOpenChatIfRemoved(): Promise<void> {
  const profile = appStore.get(openChatAtom);
  // A hidden page has no chat on screen: the check waits until one is shown again.
  openChatUnchecked = profile === null;
  if (profile === null || appStore.get(chatEntriesAtom).has(profile)) return;
  const thread = getThread(profile);
  const conversation = thread?.conversation ?? null;
  if (conversation === null || thread!.stored.length === 0) return;
  try {
    if ((await fetchMessages({ conversation, limit: 1 })).messages.length > 0) return;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) return;
  }
  // A message in it may have brought it back to the list meanwhile.
  if (!appStore.get(chatEntriesAtom).has(profile)) removeConversation(conversation);
}

/** Whether the socket's code (a lazy chunk, socket.io-client) is being loaded. */
let socketLoading = false;

/**
 * Creates the socket. Its code comes as a chunk of its own: when that load fails (a network blip
 * as the page starts), the next poll round that reaches the server tries again; before, the tab
 * polled for as long as it lived.
 */
function openSocket(mine: number): void {
  socketLoading = true;
  createChatSocket()
    .then(
      (created) => {
        if (stopped || mine !== generation) {
          created.close();
          return;
        }
        socket = created;
        wireSocket(created);
      },
      () => undefined, // tried again at the next poll round
    )
    .finally(() => {
      if (mine === generation) socketLoading = false;
    });
}

/** One fallback round while the socket is down (spec: user, chats and likes; plus catch-up). */
async function pollRound(): Promise<void> {
  const since = upToDateAt;
  const brought: MessageDto[] = [];
  await refreshUser();
  const whole = await syncFromDatabase(true, brought).catch(() => false);
  const reached = await refreshChats();
  // After the list, which a new chat's banner waits for.
  if (reached && !stopped) announceRound(since, brought, whole);
  await fetchLikesIfAvailable().catch(() => null);
  await sends.resendPending();
  // No 'chat:removed' reaches a tab that polls: a chat deleted on another device stayed on screen,
  // with its history, for as long as the socket stayed down. The round's list says so, as a
  // reconnect's catch-up does.
  if (reached && !stopped) await closeOpenChatIfRemoved();
  // Still no socket, but REST answers: the chat works, only later. Saying "offline" there was
  // wrong (messages came in and went out all along); the bar says updates are delayed instead.
  if (!stopped && !socket?.connected) {
    restReached = reached;
    appStore.set(connectionAtom, reached ? 'polling' : 'offline');
  }
  // A handshake the server refused (too_many_sockets: the member's other tabs hold every place)
  // is not tried again by Socket.IO: try at each round, so the tab is live again once one closes.
  if (!stopped && socket && !socket.active && reached) socket.connect();
  if (!stopped && !socket && !socketLoading && reached) openSocket(generation);
}

/**
 * A member whose socket is down (a flaky phone network) hears of a message a round late, but
 * hears of it: the round's newest is announced as one that came live, when this tab held every
 * message a round ago (see upToDateAt).
 */
function announceRound(since: number | null, brought: readonly MessageDto[], whole: boolean): void {
  const now = Date.now();
  if (since !== null && now - since <= 2 * roundInterval()) noticeNewestArrival(brought);
  upToDateAt = whole ? now : null;
}

/** A REST answer while the socket is down: the chat works, only later (see restReached). */
function restReachedNow(): void {
  restReached = true;
  if (appStore.get(connectionAtom) === 'offline') appStore.set(connectionAtom, 'polling');
}

/**
 * Marks a conversation read up to `message` (left out: through its newest message stored): socket
 * ack or REST; the answer carries the counts.
 */
export async function sendReadMark(conversation: number, message?: number): Promise<void> {
  if (socket?.connected) {
    const counts = await readMarkOverSocket(socket, conversation, message);
    if (counts) {
      if (message !== undefined) confirmRead(conversation, message);
      return setCounts(counts);
    }
  }
  const response = await postMessagesRead(conversation, message);
  if (message !== undefined) confirmRead(conversation, message);
  setCounts(response.counts);
}

export function sendTyping(conversation: number, typing: boolean): boolean {
  if (!socket?.connected) return false;
  socket.emit('typing', { conversation, typing });
  return true;
}

/** Asks for the online state of the listed profiles and of `extra` (presence-watch.ts). */
export function watchPresence(extra?: number[]): void {
  watchPresenceOn(socket, extra);
}

/** Sends the thread's pending messages, in the order they were written (realtime-sends.ts). */
export function deliver(profile: number): Promise<void> {
  return sends.deliver(profile);
}

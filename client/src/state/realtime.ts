/**
 * The one owner of the socket. It connects lazily, turns server events into atom writes, catches
 * up from the database on every (re)connect (the list and the messages after the newest id held,
 * re-send unacknowledged messages with their client ids), and polls REST while the socket is
 * down. Components never see the socket: they call state/chat-actions.ts, which asks this module
 * for a transport. Correctness never rests on Socket.IO connection-state recovery.
 */
import type { ChatsResponse, CountsDto, MessageDto, SendMessageInput, SyncResponse } from '@shared/api/chats.js';
import type { CatchUpResponse } from '@shared/realtime.js';
import { ICEBREAKERS } from '@shared/rules/chat-icebreakers.js';
import { ApiError } from '../api/http.js';
import { fetchChats, fetchCounts, fetchLikesIfAvailable, fetchMessages, fetchSync, postMessage, postMessagesRead, sendPageHiddenBeacon } from '../api/chats.js';
import { createChatSocket, type ChatSocket } from '../api/socket.js';
import { fetchCurrentUser } from '../api/user.js';
import { appStore } from './jotai.js';
import { userAtom } from './user.js';
import { createFallbackPoller, pollIntervalMs, readPollOverride, type FallbackPoller } from './chat-poller.js';
import { markFailed, mergeStored, removeOutgoing, restoreOutgoing, type ChatMessage, type SendFailure } from './chat-thread.js';
import { loadOutbox, outboxOf, saveOutbox, waitedTooLong, watchOtherTabs } from './outbox.js';
import { learnFromRefusal } from './refusal-causes.js';
import { createSendRetries, type SendOutcome, type SendRetries } from './send-retries.js';
import { applyChats, applyMessages, applyOwnStored, applyReadEvent, confirmRead, getThread, selfId, removeConversation, setCounts, setCredits, takePresence, updateThread, withLaterCredits } from './chat-store.js';
import { chatEntriesAtom, connectionAtom, openChatAtom, pushSubscribedAtom, threadsAtom, typingAtom } from './chats.js';

const ACK_TIMEOUT_MS = 10_000;
const SYNC_PAGE_LIMIT = 20;
const TYPING_SHOWN_MS = 6_000;
const PRESENCE_WATCH_MAX = 200;

let socket: ChatSocket | null = null;
let poller: FallbackPoller | null = null;
/** sends the server did not settle, tried again by this tab (send-retries.ts) */
let sendRetries: SendRetries | null = null;
let stopped = true;
/** Bumped on every start, so a socket that connects after a quick stop/start (StrictMode) is dropped. */
let generation = 0;
/**
 * Newest message id applied from the event stream (socket, sync) or the first list: where the next
 * catch-up starts unless resumeFrom says otherwise.
 */
let newestHeld = 0;
/**
 * When newestHeld moved, over the last HELD_HISTORY_MS (the first entry may be older: it is what
 * was held when the window begins). After a Redis outage, catch-up starts from what was held
 * before the outage began: during it, frames relayed through Redis were lost while later ones
 * from this node still arrived and moved newestHeld past them. After a lost connection it starts
 * from what was held LATE_FRAME_MARGIN_MS before the server was last heard (resumeAfterLoss).
 */
const heldHistory: Array<{ at: number; id: number }> = [];
const HELD_HISTORY_MS = 15 * 60_000;
/** The outage is measured by the node from when it noticed it; frames may have been lost a little before. */
const OUTAGE_MARGIN_MS = 30_000;
/**
 * How late a message's frame may come after the frame of a later id. Ids follow commit order, but
 * each node publishes its own commits: one stored on a node whose event loop is busy (a turn of
 * 9.8 s was measured once, 10,000 catch-ups arriving together) reaches the member after a later
 * one from another node, or from the member's own node, which needs no Redis. A connection lost
 * in between loses the earlier frame, and a catch-up after the later id skips it. The group
 * commit's wait comes before the id is given, and a publish Redis does not take is lost, not
 * delayed (the publisher fails fast; an outage has its own rewind). Three times the longest turn
 * measured.
 */
export const LATE_FRAME_MARGIN_MS = 30_000;
/**
 * Every message this member may see with an id up to this one is held. Moved by pages of messages
 * read from such a point (a database read misses none before its newest), by the first list, and
 * when a connection is lost, to what was held LATE_FRAME_MARGIN_MS before it was last heard.
 */
let heldThrough = 0;
/**
 * Where the next catch-up or poll round starts when newestHeld may be past a gap (a lost
 * connection, a Redis outage, a catch-up that stopped at its page limit); null: from newestHeld.
 * `resumeVersion`, bumped by each reason, tells a catch-up that ends later that it does not cover it.
 */
let resumeFrom: number | null = null;
let resumeVersion = 0;
/** When the server was last heard on the socket (any packet, or Engine.IO's ping): alive until then. */
let lastHeardAt = 0;
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
  newestHeld = 0;
  watchedBeyondList = [];
  awaitingList = [];
  listsAsked = 0;
  heldHistory.length = 0;
  heldThrough = 0;
  resumeFrom = null;
  lastHeardAt = 0;
  caughtUpConnection = -1;
  caughtUpBefore = false;
  const mine = ++generation;
  const timers = { setTimeout: (fn: () => void, ms: number) => window.setTimeout(fn, ms), clearTimeout: (h: unknown) => window.clearTimeout(h as number) };
  sendRetries = createSendRetries((profile) => void deliver(profile), timers);
  const override = pollOverride();
  poller = createFallbackPoller({
    timers: { ...timers, now: () => Date.now() },
    startDelayMs: override === null ? 5_000 : Math.min(5_000, override),
    intervalMs: () => pollIntervalMs(appStore.get(pushSubscribedAtom), override),
    poll: pollRound,
  });
  poller.mount();
  const keepOutbox = keepOutboxOf(selfId());
  void refreshChats();
  openSocket(mine);
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') sendPageHiddenBeacon();
  };
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('offline', onBrowserOffline);
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
    poller?.stop();
    poller = null;
    sendRetries?.stop();
    sendRetries = null;
    socket?.close();
    socket = null;
    appStore.set(connectionAtom, 'connecting');
  };
}

/**
 * Brings back the member's unsent messages of an earlier page (pending ones go out with the next
 * catch-up or poll round, with their first client id) and saves them whenever they change.
 * Returns the unsubscribe.
 */
function keepOutboxOf(userId: number | null): () => void {
  if (userId === null) return () => undefined;
  for (const { profile, message } of loadOutbox(userId)) updateThread(profile, (t) => restoreOutgoing(t, message), message.conversation);
  // Recorded at once as what this page holds: saveOutbox skips writing an empty outbox over a key
  // the page never wrote, so a restored message sent later stayed stored, pending at every reload.
  saveOutbox(userId, outboxOf(appStore.get(threadsAtom).values()));
  const unsubscribe = appStore.sub(threadsAtom, () => saveOutbox(userId, outboxOf(appStore.get(threadsAtom).values())));
  // Refused messages another tab is done with (removed, or retried and stored, whose stored copy
  // comes as the frame of one's own message does). Pending ones stay: they go out from here too,
  // under the same client id, and the server stores them once.
  const unwatch = watchOtherTabs(userId, (keys) => {
    for (const thread of appStore.get(threadsAtom).values()) {
      for (const message of thread.outgoing) if (message.local === 'failed' && keys.has(message.key)) updateThread(thread.profile, (t) => removeOutgoing(t, message.key));
    }
  });
  return () => {
    unsubscribe();
    unwatch();
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
  // Polling, or still connecting (a page that has just loaded): no 'disconnect' will come to say so.
  if (!socket?.connected) appStore.set(connectionAtom, 'offline');
  socket?.disconnect();
  socket?.connect();
}

/**
 * The socket dropped, or an attempt to bring it back failed. While polling reaches the server the
 * bar keeps saying that updates come late: Socket.IO tries again every few seconds, and each failed
 * attempt used to turn the bar to "Offline" until the next round (up to a minute), while messages
 * came in and went out over REST all along. A failed round or the browser's offline event says
 * offline.
 */
function socketDown(): void {
  if (appStore.get(connectionAtom) !== 'polling') appStore.set(connectionAtom, restReached ? 'polling' : 'offline');
  poller?.setConnected(false);
}

function wireSocket(s: ChatSocket): void {
  const heard = () => {
    lastHeardAt = Date.now();
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
    resumeAfterLoss();
    socketDown();
    // Closed by the server, which Socket.IO does not retry: the session was replaced (a log-in in
    // another tab of this browser) or ended. One attempt now: a new session of this member is live
    // again at once (it said "Offline" until the poll round, 5 s on); an ended one is refused, and
    // the poll round's first call takes the tab to the log-in page.
    if (reason === 'io server disconnect' && !stopped) s.connect();
  });
  s.on('connect_error', (error) => {
    socketDown();
    // The session is gone, or is another member's (the page names its own: api/http.ts). Asked
    // over REST now, whose 403 takes the tab to the log-in page: the next poll round could be a
    // minute away, with her chats on screen.
    if (error.message === 'authentication_required' && !stopped) void refreshChats(false);
  });
  // A new message carries what it changed for this member (counts to the recipient, the balance
  // to the sender's other tabs): the message and the badge or balance change together.
  s.on('message:new', (message, effects) => {
    receive([message]);
    if (effects?.counts) setCounts(effects.counts);
    if (effects?.credits !== undefined) setCredits(effects.credits, effects.credits_version);
  });
  s.on('message:read', ({ conversation, reader, message, unread }) => applyReadEvent(conversation, reader, message, unread));
  s.on('chat:removed', ({ conversation }) => removeConversation(conversation));
  s.on('counts', setCounts);
  s.on('typing', ({ profile, typing }) => {
    const next = new Map(appStore.get(typingAtom));
    if (typing) {
      const until = Date.now() + TYPING_SHOWN_MS;
      next.set(profile, until);
      // The stop may never come (once either member blocks the other the server drops it), and the
      // chat list redraws its times once a minute: it said "typing…" for up to a minute after.
      window.setTimeout(() => endTyping(profile, until), TYPING_SHOWN_MS);
    } else next.delete(profile);
    appStore.set(typingAtom, next);
  });
  s.on('presence', ({ profile, online, last_seen, at }) => {
    if (!takePresence([[profile, { online, last_seen, at }]]).get(profile)!.online) {
      const typing = new Map(appStore.get(typingAtom));
      if (typing.delete(profile)) appStore.set(typingAtom, typing);
    }
  });
  s.on('invalidate', ({ resource, down_ms }) => {
    if (resource === 'chats') {
      if (down_ms !== undefined) rewindForOutage(down_ms);
      void catchUp();
    }
    if (resource === 'user') void refreshUser();
    if (resource === 'likes') void fetchCounts().then(setCounts).catch(() => undefined);
  });
}

/** Ends `profile`'s typing shown until `until`, unless a later typing event renewed it. */
function endTyping(profile: number, until: number): void {
  if (appStore.get(typingAtom).get(profile) !== until) return;
  const next = new Map(appStore.get(typingAtom));
  next.delete(profile);
  appStore.set(typingAtom, next);
}

/** Moves newestHeld up to `id` and notes when (heldHistory). */
function hold(id: number): void {
  if (id <= newestHeld) return;
  newestHeld = id;
  const now = Date.now();
  heldHistory.push({ at: now, id });
  while (heldHistory.length > 1 && heldHistory[1]!.at <= now - HELD_HISTORY_MS) heldHistory.shift();
}

/**
 * After a Redis outage of `downMs`: the next catch-up starts from what was held before it began
 * (messages held already come again and are merged by id), and a frame that was due then may
 * have come late (LATE_FRAME_MARGIN_MS). An outage longer than the history goes back as far as
 * it reaches.
 */
function rewindForOutage(downMs: number): void {
  const before = Date.now() - downMs - OUTAGE_MARGIN_MS - LATE_FRAME_MARGIN_MS;
  const entry = heldHistory.findLast((e) => e.at <= before) ?? heldHistory[0];
  if (entry && entry.id > 0) resumeNoLaterThan(entry.id);
}

/**
 * The connection is lost, and with it any frame still on its way: one for a message stored just
 * before a later one that came (LATE_FRAME_MARGIN_MS). What was held that long before the server
 * was last heard is whole, so the catch-up starts there (the messages after it that are held
 * already come again and are merged by id). Counted from when it was last heard, not from now: a
 * connection that died silently is noticed only when a ping fails to come, up to 45 s later.
 * A connection whose own catch-up never completed proves nothing: a message stored before it
 * joined the member's room reached it neither live nor by that catch-up.
 */
function resumeAfterLoss(): void {
  if (caughtUpConnection === connection) {
    const bound = lastHeardAt - LATE_FRAME_MARGIN_MS;
    heldThrough = Math.max(heldThrough, heldHistory.findLast((e) => e.at <= bound)?.id ?? 0);
  }
  resumeNoLaterThan(heldThrough);
}

/** A reason to go back: a catch-up running now (its read may predate it) leaves resumeFrom set. */
function resumeNoLaterThan(id: number): void {
  resumeVersion++;
  if (id < (resumeFrom ?? newestHeld)) resumeFrom = id;
}

/** Applies stored messages from the event stream (socket, sync), and holds them. */
function receive(messages: readonly MessageDto[]): void {
  for (const message of messages) hold(message.id);
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
  const typing = new Map(appStore.get(typingAtom));
  let typingChanged = false;
  for (const message of messages) typingChanged = typing.delete(message.sender) || typingChanged;
  if (typingChanged) appStore.set(typingAtom, typing);

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
 * socket's presence watch list; after a REST load the client asks for that itself.
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
  if (newestHeld === 0) {
    hold(Math.max(0, ...response.chats.map((c) => c.last_message?.id ?? 0)));
    heldThrough = newestHeld;
  }
  // The socket's list made its newest 200 profiles the whole watch list: a profile on screen
  // beyond them is asked for again.
  const listed = new Set(response.chats.slice(0, PRESENCE_WATCH_MAX).map((c) => c.profile.id));
  if (!overSocket || watchedBeyondList.some((id) => !listed.has(id))) watchPresence();
}

async function refreshUser(): Promise<void> {
  try {
    const user = await fetchCurrentUser();
    if (user && !stopped) appStore.set(userAtom, withLaterCredits(user));
  } catch {
    // keep what is shown
  }
}

/** Where the next catch-up starts, and whether from there it misses nothing before (see heldThrough). */
function catchUpStart(): { from: number; version: number; whole: boolean; fromNothing: boolean } {
  const from = resumeFrom ?? newestHeld;
  // A member who held no message when the page loaded, and holds some now, asks for all of theirs:
  // no more than came since (the catch-up command answers no messages for 0).
  return { from, version: resumeVersion, whole: from <= heldThrough, fromNothing: from === 0 && newestHeld > 0 };
}

/**
 * Everything missed since `from`: loops while the server says there is more, each page after the
 * last one (not after newestHeld: a frame that arrives meanwhile is newer than the pages still to
 * come). `first` is the page the catch-up command brought for `from`. Over the socket when it is
 * up and `trySocket` (cheap for the server when every member reconnects at once), else REST.
 * True when the last page came; at the page limit the next catch-up goes on from there.
 */
async function syncFrom(start: ReturnType<typeof catchUpStart>, trySocket: boolean, first?: SyncResponse): Promise<boolean> {
  let after = start.from;
  for (let page = first ? -1 : 0; page < SYNC_PAGE_LIMIT; page++) {
    const response = first && page < 0 ? first : ((trySocket && socket?.connected ? await syncOverSocket(socket, after) : null) ?? (await fetchSync(after)));
    if (stopped) return false;
    applySyncPage(response, after);
    if (!response.has_more || response.messages.length === 0) return true;
    after = response.messages.at(-1)!.id;
  }
  if (resumeVersion === start.version) resumeFrom = after;
  return false;
}

/**
 * Everything missed, from where the next catch-up starts; afterwards catch-ups start from the
 * newest id held again, unless a reason to go back came meanwhile. Nothing for a member who holds
 * no message yet.
 */
async function syncFromDatabase(trySocket = true): Promise<void> {
  const start = catchUpStart();
  if (start.from === 0 && !start.fromNothing) return;
  if (await syncFrom(start, trySocket)) caughtUp(start);
}

/** A catch-up from `start` got to the end: nothing held is past a gap any more (unless a new reason came). */
function caughtUp(start: ReturnType<typeof catchUpStart>): void {
  if (resumeVersion === start.version) resumeFrom = null;
}

/** Shows one page of missed messages, read after `after`. */
function applySyncPage(response: SyncResponse, after: number): void {
  setCounts(response.counts);
  // Sends made elsewhere while this tab was away told their balance to the rooms it was not in.
  setCredits(response.credits, response.credits_version);
  if (response.messages.length > 0) receive(response.messages);
  // Read from a point with nothing missing before it, the page leaves nothing missing before its newest.
  if (after <= heldThrough && response.messages.length > 0) heldThrough = Math.max(heldThrough, response.messages.at(-1)!.id);
}

/** The socket `sync` command; null when it was not answered, so the caller falls back to REST. */
function syncOverSocket(s: ChatSocket, after: number): Promise<SyncResponse | null> {
  return new Promise((resolve) => {
    s.timeout(ACK_TIMEOUT_MS).emit('sync', { after }, (error, result) => resolve(!error && result?.ok ? result.data : null));
  });
}

/** The socket `catch-up` command; null when it was not answered, so the caller falls back to REST. */
function catchUpOverSocket(s: ChatSocket, after: number): Promise<CatchUpResponse | null> {
  return new Promise((resolve) => {
    s.timeout(ACK_TIMEOUT_MS).emit('catch-up', { after }, (error, result) => resolve(!error && result?.ok ? result.data : null));
  });
}

/** The socket `chats` command; null when it was not answered, so the caller falls back to REST. */
function chatsOverSocket(s: ChatSocket): Promise<ChatsResponse | null> {
  return new Promise((resolve) => {
    s.timeout(ACK_TIMEOUT_MS).emit('chats', {}, (error, result) => resolve(!error && result?.ok ? result.data : null));
  });
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
      const start = catchUpStart();
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
      if (away && start.from === 0 && !start.fromNothing && newestHeld > 0) complete = (await syncFrom({ ...start, fromNothing: true }, answer !== null)) && complete;
      if (complete && !stopped) {
        caughtUp(start);
        // From here on this connection's frames count when it is lost (resumeAfterLoss).
        if (start.whole && mine === connection && socket?.connected) caughtUpConnection = mine;
      }
      await resendPending();
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
  await refreshUser();
  await syncFromDatabase().catch(() => undefined);
  const reached = await refreshChats();
  await fetchLikesIfAvailable().catch(() => null);
  await resendPending();
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

/** A REST answer while the socket is down: the chat works, only later (see restReached). */
function restReachedNow(): void {
  restReached = true;
  if (appStore.get(connectionAtom) === 'offline') appStore.set(connectionAtom, 'polling');
}

async function resendPending(): Promise<void> {
  for (const thread of appStore.get(threadsAtom).values()) {
    if (thread.outgoing.some((m) => m.local === 'pending')) await deliver(thread.profile);
  }
}

/** Per thread: the sending under way, which the next one waits for. */
const sending = new Map<number, Promise<void>>();

/**
 * Sends the thread's pending messages one at a time, in the order they were written. The server
 * numbers messages as they come: sent side by side (a new message while older ones wait for the
 * network, a reconnect's re-send beside a poll round's) a later one was stored first and the peer
 * read them out of order. One that gets no answer ends the run: those after it wait with it for the
 * next reconnect or poll round.
 */
export function deliver(profile: number): Promise<void> {
  const next = (sending.get(profile) ?? Promise.resolve()).then(() => sendInOrder(profile)).catch(() => undefined);
  sending.set(profile, next);
  void next.then(() => sending.get(profile) === next && sending.delete(profile));
  return next;
}

async function sendInOrder(profile: number): Promise<void> {
  const tried = new Set<string>();
  for (;;) {
    const message = getThread(profile)?.outgoing.find((m) => m.local === 'pending' && !tried.has(m.key));
    if (!message) return;
    tried.add(message.key);
    if (waitedTooLong(message, Date.now())) {
      fail(profile, message.key, { code: 'network' });
      continue;
    }
    const outcome = await sendOne(profile, message);
    if (sendRetries?.afterAttempt(profile, message.key, outcome, socket?.connected === true)) fail(profile, message.key, { code: 'generic' });
    if (getThread(profile)?.outgoing.some((m) => m.key === message.key && m.local === 'pending')) return;
  }
}

/**
 * Sends one outgoing message by whichever road is open: the socket with an ack, or REST while
 * disconnected (or when the ack does not come). Same client id every time: stored once.
 */
async function sendOne(profile: number, message: ChatMessage): Promise<SendOutcome> {
  const key = message.key;
  const input: SendMessageInput = { profile, client_id: message.client_id, kind: message.kind, body: message.body };
  if (message.gift_id) input.gift_id = message.gift_id;
  // An icebreaker bubble holds its i18n key as body (like the stored message); the server wants the id.
  if (message.kind === 'icebreaker') input.icebreaker_id = ICEBREAKERS.find((i) => i.key === message.body)?.id ?? message.body;
  if (!socket?.connected) return sendOverRest(profile, key, input);
  const sent = await sendOverSocket(socket, input);
  if (sent === 'timeout') return sendOverRest(profile, key, input);
  if (sent.ok) {
    setCredits(sent.credits, sent.creditsVersion);
    accept(profile, sent.message);
  } else if (sent.error === 'generic') {
    return 'server_error';
  } else {
    refuse(profile, key, sent.error, sent.details);
  }
  return 'settled';
}

type SocketSend =
  | 'timeout'
  | { ok: true; message: MessageDto; credits: number; creditsVersion: number }
  | { ok: false; error: SendFailure['code']; details?: Record<string, unknown> };

function sendOverSocket(s: ChatSocket, input: SendMessageInput): Promise<SocketSend> {
  return new Promise((resolve) => {
    s.timeout(ACK_TIMEOUT_MS).emit('message:send', input, (error, result) => {
      if (error || !result) resolve('timeout');
      else if (result.ok) resolve({ ok: true, message: result.data.message, credits: result.data.credits, creditsVersion: result.data.credits_version });
      else resolve({ ok: false, error: result.error, details: result.details });
    });
  });
}

async function sendOverRest(profile: number, key: string, input: SendMessageInput): Promise<SendOutcome> {
  try {
    const response = await postMessage(input);
    setCredits(response.credits, response.credits_version);
    accept(profile, response.message);
  } catch (error) {
    // No answer at all, or the proxy's word that the servers are away (send-retries.ts).
    if (!(error instanceof ApiError) || error.status === 0 || (error.status >= 502 && error.status <= 504)) return 'unanswered';
    if (error.status >= 500) return 'server_error';
    refuse(profile, key, error.code, error.body);
  }
  return 'settled';
}

/**
 * A send the server refused: the bubble says why. A refusal for credits carries the balance, which
 * replaces the one shown: this tab's figure is stale when another device spent the credits.
 */
function refuse(profile: number, key: string, code: SendFailure['code'], details: Record<string, unknown> = {}): void {
  // The session ended, not the message: the tab goes to the log-in page (session-ended.ts) and
  // the message waits, pending in the outbox, for the member to be back. Marked as not sent, it
  // came back after the log-in with "Please log in to continue" and waited for a Retry.
  if (code === 'authentication_required') return;
  if (code === 'insufficient_credits' && typeof details.credits === 'number') {
    setCredits(details.credits, typeof details.credits_version === 'number' ? details.credits_version : undefined);
  }
  // The limit was reached after this chat was opened (another tab started the member's 2nd
  // conversation), or a block or an unconfirmed peer stands in the way: the chat closes as one
  // opened so does, instead of taking more messages that would each be refused.
  learnFromRefusal(profile, code);
  const needed = typeof details.needed === 'number' ? details.needed : undefined;
  fail(profile, key, needed === undefined ? { code } : { code, needed });
}

function accept(profile: number, message: MessageDto): void {
  updateThread(profile, (t) => mergeStored(t, [message]));
  applyOwnStored(profile, message);
  // Shown, not held: a send's answer is no part of the event stream. A peer's message stored just
  // before it, while this page's socket was down, has not come yet; holding this id made the next
  // catch-up or poll round start after it, and the peer's message never showed.
  show([message]);
}

function fail(profile: number, key: string, failure: SendFailure): void {
  updateThread(profile, (t) => markFailed(t, key, failure));
}

/**
 * Marks a conversation read up to `message` (left out: through its newest message stored): socket
 * ack or REST; the answer carries the counts.
 */
export async function sendReadMark(conversation: number, message?: number): Promise<void> {
  if (socket?.connected) {
    const counts = await new Promise<Parameters<typeof setCounts>[0] | null>((resolve) => {
      socket!.timeout(ACK_TIMEOUT_MS).emit('message:read', message === undefined ? { conversation } : { conversation, message }, (error, result) => {
        resolve(!error && result?.ok ? result.data : null);
      });
    });
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

/**
 * The profiles last watched besides the list (the chat or profile page opened last). Every list
 * over the socket (each reconnect's catch-up, each `invalidate` of chats) replaces the socket's
 * watch list with the listed profiles, and a REST list's watch named the list alone: a chat past
 * the newest 200, a deleted one opened again, or a profile page then kept showing the state of
 * that moment ("Online" for someone long gone). Kept so each later watch names them again.
 */
let watchedBeyondList: number[] = [];

/**
 * Asks for the online state of the profiles in the list, and of `extra` (an opened chat or
 * profile), which later watches keep naming until the next `extra`.
 */
export function watchPresence(extra?: number[]): void {
  if (extra) watchedBeyondList = extra;
  if (!socket?.connected) return;
  const ids = [...new Set([...watchedBeyondList, ...appStore.get(chatEntriesAtom).keys()])].slice(0, PRESENCE_WATCH_MAX);
  if (ids.length === 0) return;
  socket.timeout(ACK_TIMEOUT_MS).emit('presence:watch', { profiles: ids }, (error, result) => {
    if (error || !result?.ok) return;
    takePresence(result.data.map((p) => [p.profile, { online: p.online, last_seen: p.last_seen, at: p.at }]));
  });
}

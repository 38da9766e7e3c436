/**
 * The member's outgoing messages on their way to the server: one thread at a time and in order,
 * over the socket with an ack or over REST, with the tries again of send-retries.ts. What comes
 * back is shown in the thread: stored, or not sent and why.
 */
import type { MessageDto, SendMessageInput } from '@shared/api/chats.js';
import { ICEBREAKERS } from '@shared/rules/chat-icebreakers.js';
import { ApiError } from '../api/http.js';
import { postMessage } from '../api/chats.js';
import type { ChatSocket } from '../api/socket.js';
import { appStore } from './jotai.js';
import { markFailed, mergeStored, type ChatMessage, type SendFailure } from './chat-thread.js';
import { waitedTooLong } from './outbox.js';
import { serverNow } from './server-clock.js';
import { learnFromRefusal } from './refusal-causes.js';
import { createSendRetries, type SendOutcome, type SendRetries } from './send-retries.js';
import { sendOverSocket } from './socket-commands.js';
import { fitsOneSocketFrame } from './socket-frame.js';
import { applyOwnStored, getThread, setCredits, updateThread } from './chat-store.js';
import { threadsAtom } from './chats.js';

type Timers = Parameters<typeof createSendRetries>[1];

export interface Sends {
  /** The realtime owner started: sends the server did not settle are tried again with `timers`. */
  start(timers: Timers): void;
  /** The realtime owner stopped: no attempt goes out later. */
  stop(): void;
  deliver(profile: number): Promise<void>;
  /** Sends every thread's pending messages (after a catch-up or a poll round). */
  resendPending(): Promise<void>;
}

/**
 * `socketNow` gives the realtime owner's socket, when it has one. `show` applies a stored message as the
 * event stream's are, without holding it (see accept). `unanswered` is told of a connected socket
 * that let a send's ack time out: its connection may be dead.
 */
export function createSends(socketNow: () => ChatSocket | null, show: (messages: readonly MessageDto[]) => void, unanswered: (socket: ChatSocket) => void = () => undefined): Sends {
  /** sends the server did not settle, tried again by this tab (send-retries.ts) */
  let sendRetries: SendRetries | null = null;
  /** Per thread: the sending under way, which the next one waits for. */
  const sending = new Map<number, Promise<void>>();

  /**
   * Sends the thread's pending messages one at a time, in the order they were written. The server
   * numbers messages as they come: sent side by side (a new message while older ones wait for the
   * network, a reconnect's re-send beside a poll round's) a later one was stored first and the peer
   * read them out of order. One that gets no answer ends the run: those after it wait with it for the
   * next reconnect or poll round.
   */
  function deliver(profile: number): Promise<void> {
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
      if (waitedTooLong(message, serverNow())) {
        fail(profile, message.key, { code: 'network' });
        continue;
      }
      const outcome = await sendOne(profile, message);
      if (sendRetries?.afterAttempt(profile, message.key, outcome, socketNow()?.connected === true)) fail(profile, message.key, { code: 'generic' });
      if (getThread(profile)?.outgoing.some((m) => m.key === message.key && m.local === 'pending')) return;
    }
  }

  /**
   * Sends one outgoing message by whichever road is open: the socket with an ack, or REST while
   * disconnected (or when the ack does not come, or the message is too big for a socket frame).
   * Same client id every time: stored once.
   */
  async function sendOne(profile: number, message: ChatMessage): Promise<SendOutcome> {
    const key = message.key;
    const input: SendMessageInput = { profile, client_id: message.client_id, kind: message.kind, body: message.body };
    if (message.gift_id) input.gift_id = message.gift_id;
    // An icebreaker bubble holds its i18n key as body (like the stored message); the server wants the id.
    if (message.kind === 'icebreaker') input.icebreaker_id = ICEBREAKERS.find((i) => i.key === message.body)?.id ?? message.body;
    const socket = socketNow();
    if (!socket?.connected || !fitsOneSocketFrame('message:send', input)) return sendOverRest(profile, key, input);
    const sent = await sendOverSocket(socket, input);
    if (sent === 'timeout') {
      unanswered(socket);
      return sendOverRest(profile, key, input);
    }
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

  async function sendOverRest(profile: number, key: string, input: SendMessageInput): Promise<SendOutcome> {
    try {
      const response = await postMessage(input);
      setCredits(response.credits, response.credits_version);
      accept(profile, response.message);
    } catch (error) {
      // No answer at all, or the proxy's word that the servers are away (send-retries.ts), or a
      // CDN's 429 (the server limits no sends): "later", not a refusal. It showed "Not sent" at once.
      if (!(error instanceof ApiError) || error.status === 0 || error.status === 429 || (error.status >= 502 && error.status <= 504)) return 'unanswered';
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

  async function resendPending(): Promise<void> {
    for (const thread of appStore.get(threadsAtom).values()) {
      if (thread.outgoing.some((m) => m.local === 'pending')) await deliver(thread.profile);
    }
  }

  return {
    start(timers) {
      sendRetries = createSendRetries((profile) => void deliver(profile), timers);
    },
    stop() {
      sendRetries?.stop();
      sendRetries = null;
    },
    deliver,
    resendPending,
  };
}

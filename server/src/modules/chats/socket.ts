/**
 * Chat commands over the socket. Each one is the socket twin of a REST endpoint and calls the
 * same service, so rules, idempotency (client ids) and notifications are identical on both paths.
 */
import { z } from 'zod';
import { readSnapshot } from '@db/read-snapshot.js';
import type { SiteRow } from '@db/schema/index.js';
import { markReadBody, syncCommandInput, type ChatsResponse } from '@shared/api/chats.js';
import { chatsCommandInput, PRESENCE_WATCH_MAX, presenceWatchInput, rooms, typingInput } from '@shared/realtime.js';
import type { AppContext } from '../../context.js';
import { HttpError, notFound, tooMany, unauthenticated } from '../../http/errors.js';
import { TokenBucket } from '../../limits/token-bucket.js';
import { errorResult, replyVia, runCommand } from '../../realtime/ack.js';
import { invalidInput } from '../../http/validate.js';
import { liveSocketMember } from '../../realtime/handshake.js';
import type { CommandContext, MemberSocket, SocketCommandHandlers } from '../../realtime/types.js';
import { blockSetsOf } from '../blocks/queries.js';
import { withLivePresence } from './live-presence.js';
import { catchUpAfter, listChats, profilesShowingPresence, syncMessages } from './reading.js';
import { markRead, peersOf, sendMessage, typingRecipientOf, type ChatMember } from './service.js';

const anyPayload = z.unknown();

/**
 * Typing relays allowed per socket per window; more are dropped (typing is best-effort). Stated as
 * a window, kept as a token bucket of the same burst and rate (TokenBucket.perWindow).
 */
const TYPING_BURST = 10;
const TYPING_WINDOW_MS = 5_000;
/** A client re-sends its watch list when the visible peers change: a few per minute in practice. */
const WATCH_BURST = 20;
const WATCH_WINDOW_MS = 10_000;

/**
 * Commands that read a page of messages or the whole list (sync, chats, catch-up): a reconnect
 * after a long absence is a catch-up and a sync page per 500 messages missed, so 20 at once cover
 * 10,000 messages; then one a second.
 */
const LIST_BURST = 20;
const LIST_PER_SECOND = 1;
/** Read marks: one per message read as it arrives in an open chat, a few a second at most. */
const READ_BURST = 30;
const READ_PER_SECOND = 5;

/** What a socket's commands remember between calls; created on its first command but a send. */
interface ChatSocketState {
  typingLimit: TokenBucket;
  watchLimit: TokenBucket;
  listBudget: TokenBucket;
  readBudget: TokenBucket;
  /** the peers whose presence room this socket joined */
  watched: Set<number>;
  /**
   * conversation -> peer, for each conversation this socket's last relayed typing said `true` in:
   * told `false` when the socket goes (typingEndsWithSocket)
   */
  typingTo: Map<number, number>;
}

// Created on a socket's first command other than a send: a socket that only ever sends (and the
// idle ones) holds none.
const socketStates = new WeakMap<MemberSocket, ChatSocketState>();

function stateOf(socket: MemberSocket): ChatSocketState {
  let state = socketStates.get(socket);
  if (!state) {
    state = {
      typingLimit: TokenBucket.perWindow(TYPING_BURST, TYPING_WINDOW_MS),
      watchLimit: TokenBucket.perWindow(WATCH_BURST, WATCH_WINDOW_MS),
      listBudget: new TokenBucket(LIST_BURST, LIST_PER_SECOND),
      readBudget: new TokenBucket(READ_BURST, READ_PER_SECOND),
      watched: new Set(),
      typingTo: new Map(),
    };
    socketStates.set(socket, state);
  }
  return state;
}

/**
 * The chat commands, built once per server and shared by every socket (per-socket closures were a
 * few hundred bytes per connected member): realtime/io.ts calls them with the socket as `this`.
 */
export function chatCommands({ ctx, presence, siteOf, receiving, join }: CommandContext): SocketCommandHandlers {
  /**
   * Makes `profiles` the socket's whole watch list: leaves the presence rooms of the others and
   * resolves once the new ones' changes reach this node, so states read after it miss none.
   */
  async function watchOnly(socket: MemberSocket, profiles: Set<number>): Promise<void> {
    const state = stateOf(socket);
    for (const id of state.watched) if (!profiles.has(id)) void socket.leave(rooms.presence(id));
    state.watched = profiles;
    await Promise.all([...profiles].map((id) => join(socket, rooms.presence(id))));
  }

  /**
   * Runs `read` for `chats` and `catch-up` once the member's room receives events (so nothing
   * stored after the read is missed), with the socket's site and the member as the database has
   * them now, all in one snapshot (db/read-snapshot.ts).
   */
  async function readForList<T>(socket: MemberSocket, read: (member: ChatMember, site: SiteRow) => T): Promise<T> {
    const site = siteOf(socket);
    if (!site) throw notFound('unknown_site');
    await receiving(socket.data.userId);
    return readSnapshot(ctx.db, () => read(freshMember(ctx, socket), site));
  }

  /**
   * Watches the presence of the profiles a list shows (which the client would otherwise ask for
   * next: a round trip and a command less) and fills in their online state.
   */
  async function watchingListed(socket: MemberSocket, list: ChatsResponse): Promise<ChatsResponse> {
    // A block (either way) hides presence: those entries stay offline and are not watched.
    const shown = profilesShowingPresence(list);
    await watchOnly(socket, new Set(shown.slice(0, PRESENCE_WATCH_MAX).map((profile) => profile.id)));
    await withLivePresence(ctx, shown);
    return list;
  }

  /**
   * A socket that goes while its member is typing (the tab closed, the network lost) tells the
   * peer typing stopped. Presence does that only when the member's last socket goes, and never
   * for an invisible member: with another tab open the peer read "typing…" for up to 6 s more
   * (the client's expiry) for someone who had left. One listener, shared, for the sockets that
   * type (Socket.IO calls it with the socket as `this`). Not past a block or a deleted chat
   * (typingRecipientOf, as any typing relay).
   */
  function typingEndsWithSocket(this: MemberSocket): void {
    const { userId } = this.data;
    for (const [conversation, peer] of stateOf(this).typingTo) {
      if (typingRecipientOf(ctx, userId, conversation) === peer) ctx.notifier.notify(peer, 'typing', { conversation, profile: userId, typing: false });
    }
  }

  /** Notes what this socket's typing relay said, so typingEndsWithSocket knows whom to tell. */
  function noteTyping(socket: MemberSocket, conversation: number, peer: number, typing: boolean): void {
    const { typingTo } = stateOf(socket);
    if (!typing) {
      typingTo.delete(conversation);
      return;
    }
    if (typingTo.size === 0 && !socket.listeners('disconnect').includes(typingEndsWithSocket)) socket.on('disconnect', typingEndsWithSocket);
    typingTo.set(conversation, peer);
  }

  /** Spends one of the socket's `budget` tokens, or refuses the command as too many. */
  function spend(socket: MemberSocket, budget: 'listBudget' | 'readBudget'): void {
    if (!stateOf(socket)[budget].spend(ctx.clock.now())) throw tooMany('rate_limited');
  }

  return {
    'message:send'(this: MemberSocket, input: unknown, ack: unknown) {
      // sendMessage validates the payload itself (a body over the cap is 'message_too_long', as on
      // REST): parsed here too, it was checked twice per message.
      void runCommand(anyPayload, input, replyVia(ack), async (payload) => {
        const site = siteOf(this);
        if (!site) throw notFound('unknown_site');
        // The send checks the account itself, in the statement that reads its rules: no
        // freshMember look-up of its own (a statement per message).
        const sender = { id: this.data.userId, sessionEpoch: this.data.epoch };
        const sent = await sendMessage(ctx, sender, site, payload, this.id).catch((err: unknown) => {
          if (err instanceof HttpError && err.code === 'authentication_required') closeStale(this);
          throw err;
        });
        // Fault injection for the multi-process tests: stored, committed, never acknowledged.
        if (ctx.config.testCrashAfterStore) process.exit(70);
        return sent;
      });
    },

    'message:read'(this: MemberSocket, input: unknown, ack: unknown) {
      void runCommand(markReadBody, input, replyVia(ack), (body) => {
        spend(this, 'readBudget');
        return markRead(ctx, freshMember(ctx, this), body.conversation, body.message);
      });
    },

    // The pages of a catch-up after its first (`catch-up` answers that one). Over the socket that
    // is up this costs a fraction of a sync.php request, which loads the session and runs express's pipeline.
    'sync'(this: MemberSocket, input: unknown, ack: unknown) {
      void runCommand(syncCommandInput, input, replyVia(ack), async ({ after }) => {
        spend(this, 'listBudget');
        await receiving(this.data.userId);
        return readSnapshot(ctx.db, () => syncMessages(ctx, freshMember(ctx, this), after));
      });
    },

    // The list alone, when the client knows it is stale (a failed delete, a message in a
    // conversation it does not list). Over the socket it skips chats.php's connection, session
    // load and express pipeline, and it watches the presence of the profiles it lists.
    'chats'(this: MemberSocket, input: unknown, ack: unknown) {
      void runCommand(chatsCommandInput, input, replyVia(ack), async () => {
        spend(this, 'listBudget');
        return watchingListed(this, await readForList(this, (member, site) => listChats(ctx, member, site)));
      });
    },

    // Every (re)connect: the list and the messages missed, in one round trip. After a restart every
    // member asks at once; one command instead of `sync` and `chats` side by side is a frame less
    // each way and one read of the member and of the counts instead of two.
    'catch-up'(this: MemberSocket, input: unknown, ack: unknown) {
      void runCommand(syncCommandInput, input, replyVia(ack), async ({ after }) => {
        spend(this, 'listBudget');
        const answer = await readForList(this, (member, site) => catchUpAfter(ctx, member, site, after));
        await watchingListed(this, answer.chats);
        return answer;
      });
    },

    // Best effort and needs no ack. A client that sends one gets `ok` whether the relay goes out or
    // is dropped (over the allowance, not a member, a block), or the named fields of a bad payload.
    'typing'(this: MemberSocket, input: unknown, ack?: unknown) {
      const reply = replyVia<null>(ack);
      const parsed = typingInput.safeParse(input);
      if (!parsed.success) return reply(errorResult(invalidInput(parsed.error)));
      reply({ ok: true, data: null });
      if (!stateOf(this).typingLimit.spend(ctx.clock.now())) return;
      // After the allowance, so a flood of frames costs no look-up each.
      if (!liveMemberOrClose(ctx, this)) return;
      const { userId } = this.data;
      const recipient = typingRecipientOf(ctx, userId, parsed.data.conversation);
      if (recipient === null) return;
      noteTyping(this, parsed.data.conversation, recipient, parsed.data.typing);
      ctx.notifier.notify(recipient, 'typing', { conversation: parsed.data.conversation, profile: userId, typing: parsed.data.typing });
    },

    // The watch list replaces the previous one: the client sends the peers it currently shows.
    'presence:watch'(this: MemberSocket, input: unknown, ack: unknown) {
      void runCommand(presenceWatchInput, input, replyVia(ack), async ({ profiles }) => {
        const state = stateOf(this);
        // Each watch reads every conversation and block of the member: a spamming client is refused.
        if (!state.watchLimit.spend(ctx.clock.now())) throw tooMany('rate_limited');
        const userId = freshMember(ctx, this).id;
        const { peers, blockedByMe, blockedMe } = readSnapshot(ctx.db, () => ({ peers: new Set(peersOf(ctx, userId)), ...blockSetsOf(ctx.db, userId) }));
        // A block (either way) hides presence, as it hides typing.
        const next = new Set(profiles.filter((id) => peers.has(id) && !blockedByMe.has(id) && !blockedMe.has(id)));
        await watchOnly(this, next);
        return presence.lookup([...next]);
      });
    },
  };
}

/** The member as the database knows them now (realtime/handshake.ts); a stale socket is closed. */
function freshMember(ctx: AppContext, socket: MemberSocket): ChatMember {
  const user = liveMemberOrClose(ctx, socket);
  if (user) return user;
  throw unauthenticated();
}

/** freshMember for the commands that answer before they look (typing): undefined, and the socket closed. */
function liveMemberOrClose(ctx: AppContext, socket: MemberSocket): ChatMember | undefined {
  const user = liveSocketMember(ctx, socket.data.userId, socket.data.siteId, socket.data.epoch);
  if (!user) closeStale(socket);
  return user;
}

/** A socket whose session no longer holds is closed (after its answer has gone out). */
function closeStale(socket: MemberSocket): void {
  setImmediate(() => socket.disconnect(true));
}

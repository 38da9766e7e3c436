/**
 * Chat commands over the socket. Each one is the socket twin of a REST endpoint and calls the
 * same service, so rules, idempotency (client ids) and notifications are identical on both paths.
 */
import { rowsWhere } from '@db/row-reader.js';
import { users, type UserRow } from '@db/schema/index.js';
import { markReadBody, sendMessageBody, syncCommandInput } from '@shared/api/chats.js';
import { presenceWatchInput, rooms, typingInput } from '@shared/realtime.js';
import type { AppContext } from '../../context.js';
import { notFound, tooMany, unauthenticated } from '../../http/errors.js';
import { invalidRequest, replyVia, runCommand } from '../../realtime/ack.js';
import { BurstLimit } from '../../realtime/burst-limit.js';
import type { CommandContext, MemberSocket } from '../../realtime/types.js';
import { blockSetsOf } from '../blocks/queries.js';
import { isBlockedEitherWay } from '../blocks/service.js';
import { syncMessages } from './reading.js';
import { isConversationMember, markRead, peersOf, sendMessage } from './service.js';

/** Typing relays allowed per socket per window; more are dropped (typing is best-effort). */
const TYPING_BURST = 10;
const TYPING_WINDOW_MS = 5_000;
/** A client re-sends its watch list when the visible peers change: a few per minute in practice. */
const WATCH_BURST = 20;
const WATCH_WINDOW_MS = 10_000;

export function registerChatCommands(socket: MemberSocket, { ctx, presence, siteOf }: CommandContext): void {
  const { userId } = socket.data;

  socket.on('message:send', (input: unknown, ack: unknown) => {
    void runCommand(sendMessageBody, input, replyVia(ack), async (body) => {
      const site = siteOf(socket);
      if (!site) throw notFound('unknown_site');
      const sent = await sendMessage(ctx, freshMember(ctx, socket), site, body, socket.id);
      // Fault injection for the multi-process tests: stored, committed, never acknowledged.
      if (ctx.config.testCrashAfterStore) process.exit(70);
      return { message: sent.message, credits: sent.credits, duplicate: sent.duplicate };
    });
  });

  socket.on('message:read', (input: unknown, ack: unknown) => {
    void runCommand(markReadBody, input, replyVia(ack), (body) => markRead(ctx, freshMember(ctx, socket), body.conversation, body.message));
  });

  // After a restart every member catches up at once: over the socket that just connected this
  // costs a fraction of a sync.php request, which loads the session and runs express's pipeline.
  socket.on('sync', (input: unknown, ack: unknown) => {
    void runCommand(syncCommandInput, input, replyVia(ack), ({ after }) => syncMessages(ctx, freshMember(ctx, socket), after));
  });

  const typingLimit = new BurstLimit(TYPING_BURST, TYPING_WINDOW_MS);
  socket.on('typing', (input: unknown, ack?: unknown) => {
    const parsed = typingInput.safeParse(input);
    if (!parsed.success) return replyVia(ack)(invalidRequest);
    if (!typingLimit.allow(ctx.clock.now())) return;
    const membership = isConversationMember(ctx, userId, parsed.data.conversation);
    if (!membership || isBlockedEitherWay(ctx, userId, membership.peerId)) return;
    ctx.notifier.notify(membership.peerId, 'typing', { conversation: parsed.data.conversation, profile: userId, typing: parsed.data.typing });
  });

  // The watch list replaces the previous one: the client sends the peers it currently shows.
  let watched = new Set<number>();
  const watchLimit = new BurstLimit(WATCH_BURST, WATCH_WINDOW_MS);
  socket.on('presence:watch', (input: unknown, ack: unknown) => {
    void runCommand(presenceWatchInput, input, replyVia(ack), async ({ profiles }) => {
      // Each watch reads every conversation and block of the member: a spamming client is refused.
      if (!watchLimit.allow(ctx.clock.now())) throw tooMany('rate_limited');
      const peers = new Set(peersOf(ctx, userId));
      // A block (either way) hides presence, as it hides typing.
      const { blockedByMe, blockedMe } = blockSetsOf(ctx.db, userId);
      const next = new Set(profiles.filter((id) => peers.has(id) && !blockedByMe.has(id) && !blockedMe.has(id)));
      for (const id of watched) if (!next.has(id)) void socket.leave(rooms.presence(id));
      for (const id of next) void socket.join(rooms.presence(id));
      watched = next;
      return presence.lookup([...next]);
    });
  });
}

/**
 * The member as the database knows them now: a socket outlives password changes and deletions,
 * so every command re-checks what the handshake checked, and a stale socket is closed.
 */
const memberById = rowsWhere<typeof users, [id: number]>(users, 'id = ?');

function freshMember(ctx: AppContext, socket: MemberSocket): UserRow {
  const user = memberById(ctx.db, socket.data.userId);
  if (user && user.status !== 'deleted' && user.sessionEpoch === socket.data.epoch) return user;
  setImmediate(() => socket.disconnect(true));
  throw unauthenticated();
}

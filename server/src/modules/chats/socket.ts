/**
 * Chat commands over the socket. Each one is the socket twin of a REST endpoint and calls the
 * same service, so rules, idempotency (client ids) and notifications are identical on both paths.
 */
import { eq, sql } from 'drizzle-orm';
import { preparedOnce } from '@db/prepared.js';
import { users, type UserRow } from '@db/schema/index.js';
import { markReadBody, sendMessageBody } from '@shared/api/chats.js';
import { presenceWatchInput, rooms, typingInput } from '@shared/realtime.js';
import type { AppContext } from '../../context.js';
import { notFound, unauthenticated } from '../../http/errors.js';
import { invalidRequest, replyVia, runCommand } from '../../realtime/ack.js';
import type { CommandContext, MemberSocket } from '../../realtime/types.js';
import { blockSetsOf } from '../blocks/queries.js';
import { isBlockedEitherWay } from '../blocks/service.js';
import { isConversationMember, markRead, peersOf, sendMessage } from './service.js';

/** Typing relays allowed per socket per window; more are dropped (typing is best-effort). */
const TYPING_BURST = 10;
const TYPING_WINDOW_MS = 5_000;

export function registerChatCommands(socket: MemberSocket, { ctx, presence, siteOf }: CommandContext): void {
  const { userId } = socket.data;

  socket.on('message:send', (input: unknown, ack: unknown) => {
    void runCommand(sendMessageBody, input, replyVia(ack), (body) => {
      const site = siteOf(socket);
      if (!site) throw notFound('unknown_site');
      const { message } = sendMessage(ctx, freshMember(ctx, socket), site, body);
      // Fault injection for the multi-process tests: stored, committed, never acknowledged.
      if (ctx.config.testCrashAfterStore) process.exit(70);
      return message;
    });
  });

  socket.on('message:read', (input: unknown, ack: unknown) => {
    void runCommand(markReadBody, input, replyVia(ack), (body) => markRead(ctx, freshMember(ctx, socket), body.conversation, body.message));
  });

  const typingTimes: number[] = [];
  socket.on('typing', (input: unknown, ack?: unknown) => {
    const parsed = typingInput.safeParse(input);
    if (!parsed.success) return replyVia(ack)(invalidRequest);
    const now = ctx.clock.now();
    while (typingTimes.length && typingTimes[0]! <= now - TYPING_WINDOW_MS) typingTimes.shift();
    if (typingTimes.length >= TYPING_BURST) return;
    typingTimes.push(now);
    const membership = isConversationMember(ctx, userId, parsed.data.conversation);
    if (!membership || isBlockedEitherWay(ctx, userId, membership.peerId)) return;
    ctx.notifier.notify(membership.peerId, 'typing', { conversation: parsed.data.conversation, profile: userId, typing: parsed.data.typing });
  });

  // The watch list replaces the previous one: the client sends the peers it currently shows.
  let watched = new Set<number>();
  socket.on('presence:watch', (input: unknown, ack: unknown) => {
    void runCommand(presenceWatchInput, input, replyVia(ack), async ({ profiles }) => {
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
const memberById = preparedOnce((db) => db.select().from(users).where(eq(users.id, sql.placeholder('id'))).prepare());

function freshMember(ctx: AppContext, socket: MemberSocket): UserRow {
  const user = memberById(ctx.db).get({ id: socket.data.userId });
  if (user && user.status !== 'deleted' && user.sessionEpoch === socket.data.epoch) return user;
  setImmediate(() => socket.disconnect(true));
  throw unauthenticated();
}

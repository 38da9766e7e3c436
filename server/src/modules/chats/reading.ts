/** Read side of the chat: the chat list, one conversation's messages, and catch-up after an id. */
import type { SiteRow, UserRow } from '@db/schema/index.js';
import { readSnapshot } from '@db/read-snapshot.js';
import { SYNC_MAX, type ChatEntryDto, type ChatProfileDto, type ChatsResponse, type CountsDto, type MessagesQuery, type MessagesResponse, type SyncResponse } from '@shared/api/chats.js';
import { FREE_CONVERSATIONS } from '@shared/constants.js';
import type { CatchUpResponse } from '@shared/realtime.js';
import { historyCutoff } from '@shared/rules/chat-history.js';
import type { AppContext } from '../../context.js';
import { forbidden, notFound } from '../../http/errors.js';
import { blockSetsOf } from '../blocks/queries.js';
import { creditState } from '../credits/ledger.js';
import { withLivePresence } from './live-presence.js';
import { presentChatProfile, presentMessage } from './presenter.js';
import * as q from './queries.js';
import { countsFor, type ChatMember } from './service.js';

/**
 * GET /api/chats.php and the socket's `chats` command: visible conversations, newest last message
 * first, read in one snapshot (db/read-snapshot.ts). Presence is not filled in here
 * (withLivePresence does it, asynchronously).
 */
export function listChats(ctx: AppContext, user: ChatMember, site: SiteRow): ChatsResponse {
  return readSnapshot(ctx.db, () => readChatList(ctx, user, site));
}

function readChatList(ctx: AppContext, user: ChatMember, site: SiteRow): ChatsResponse {
  const now = ctx.clock.now();
  const since = historyCutoff(now, user.paidUser);
  const rows = q.visibleConversationsOf(ctx.db, user.id);
  const peerIds = rows.map((r) => q.peerIdOf(r, user.id));
  const peers = new Map(q.findPeers(ctx.db, site.id, peerIds).map((p) => [p.id, p]));
  const peerMembers = new Map(q.peerMembersOf(ctx.db, user.id, rows.map((r) => r.conversationId)).map((m) => [m.conversationId, m]));
  const lastMessages = new Map(q.findMessagesByIds(ctx.db, rows.flatMap((r) => r.lastMessageId ?? [])).map((m) => [m.id, m]));
  const { blockedByMe, blockedMe } = blockSetsOf(ctx.db, user.id);

  const chats: ChatEntryDto[] = [];
  for (const row of rows) {
    const peer = peers.get(q.peerIdOf(row, user.id));
    if (!peer) continue; // the other member's account is gone
    const last = row.lastMessageId ? lastMessages.get(row.lastMessageId) : undefined;
    if (!last || last.id <= row.hiddenBeforeMessageId) continue;
    chats.push({
      conversation: row.conversationId,
      profile: presentChatProfile(peer, site, now, !blockedByMe.has(peer.id) && !blockedMe.has(peer.id)),
      num_unread_messages: row.unreadCount,
      // A free member's preview would otherwise show a message the history cut hides.
      last_message: since !== null && last.createdAt < since ? null : presentMessage(last),
      // A block (either way) hides read receipts, as it hides presence.
      peer_last_read: blockedByMe.has(peer.id) || blockedMe.has(peer.id) ? 0 : (peerMembers.get(row.conversationId)?.lastReadMessageId ?? 0),
      blocked_by_me: blockedByMe.has(peer.id),
      blocked_me: blockedMe.has(peer.id),
      visible_after: row.hiddenBeforeMessageId,
    });
  }
  return { chats, counts: countsFor(ctx, user.id) };
}

/**
 * The socket's `catch-up`: the list and the first page of messages after `after` (none for 0), read
 * in one snapshot with the counts read once, so they agree even when another node sharing the file
 * commits meanwhile.
 */
export function catchUpAfter(ctx: AppContext, user: ChatMember, site: SiteRow, after: number): CatchUpResponse {
  return readSnapshot(ctx.db, () => {
    const chats = readChatList(ctx, user, site);
    return { chats, sync: after > 0 ? readMessagesAfter(ctx, user, after, chats.counts) : null };
  });
}

/**
 * The profiles of a list whose online state is shown. A block (either way) hides presence: those
 * entries stay offline with no last-seen time.
 */
export function profilesShowingPresence(list: ChatsResponse): ChatProfileDto[] {
  return list.chats.filter((chat) => !chat.blocked_by_me && !chat.blocked_me).map((chat) => chat.profile);
}

/** The list with every entry's online state as the realtime presence knows it now. */
export async function chatListWithPresence(ctx: AppContext, user: ChatMember, site: SiteRow): Promise<ChatsResponse> {
  const answer = listChats(ctx, user, site);
  await withLivePresence(ctx, profilesShowingPresence(answer));
  return answer;
}

/** GET /api/messages.php: a page of one conversation, opened by its id or by the other profile, read in one snapshot. */
export function loadMessages(ctx: AppContext, user: UserRow, site: SiteRow, query: MessagesQuery): MessagesResponse {
  return readSnapshot(ctx.db, () => readMessagesPage(ctx, user, site, query));
}

function readMessagesPage(ctx: AppContext, user: UserRow, site: SiteRow, query: MessagesQuery): MessagesResponse {
  const now = ctx.clock.now();
  const conversation =
    query.conversation !== undefined
      ? q.findConversationOf(ctx.db, user.id, query.conversation)
      : q.findConversationBetween(ctx.db, user.id, query.profile!);
  if (query.conversation !== undefined && !conversation) throw notFound();
  const peerId = conversation ? q.peerIdOf(conversation, user.id) : query.profile!;
  if (peerId === user.id) throw notFound();
  const peer = q.findPeer(ctx.db, site.id, peerId);
  if (!peer) throw notFound();

  const { blockedByMe, blockedMe } = blockSetsOf(ctx.db, user.id);
  // A member who blocked this one before they ever wrote is not theirs to see (spec: a blocked
  // member cannot view the blocker), here as on GET /api/profile.php: the empty chat's header
  // showed the blocker's name, photo, age and country to anyone who put their id in the address.
  if (!conversation && blockedMe.has(peerId)) throw forbidden('blocked');
  const base = {
    profile: presentChatProfile(peer, site, now, !blockedByMe.has(peerId) && !blockedMe.has(peerId)),
    blocked_by_me: blockedByMe.has(peerId),
    blocked_me: blockedMe.has(peerId),
  };
  if (!conversation) {
    // Said before the member writes, not after a refused send (the send's own check stays the rule).
    const limitReached = !user.paidUser && q.countStartedBy(ctx.db, user.id) >= FREE_CONVERSATIONS;
    return { conversation: null, messages: [], has_more: false, history_cut: false, peer_last_read: 0, last_read: 0, ...base, conversation_limit_reached: limitReached };
  }

  const member = q.findMember(ctx.db, conversation.id, user.id)!;
  const since = historyCutoff(now, user.paidUser);
  const window = { conversationId: conversation.id, hiddenBefore: member.hiddenBeforeMessageId, since };
  const page = q.pageOfMessages(ctx.db, window, query);
  return {
    conversation: conversation.id,
    messages: page.rows.map(presentMessage),
    has_more: page.hasMore,
    history_cut: since !== null && q.hasMessagesBefore(ctx.db, conversation.id, member.hiddenBeforeMessageId, since),
    peer_last_read: base.blocked_by_me || base.blocked_me ? 0 : (q.findMember(ctx.db, conversation.id, peerId)?.lastReadMessageId ?? 0),
    last_read: member.lastReadMessageId,
    ...base,
    conversation_limit_reached: false,
  };
}

/**
 * GET /api/sync.php and the socket's `sync`: every visible message newer than `after`, for
 * catch-up after a reconnect, read in one snapshot.
 */
export function syncMessages(ctx: AppContext, user: ChatMember, after: number): SyncResponse {
  return readSnapshot(ctx.db, () => readMessagesAfter(ctx, user, after, countsFor(ctx, user.id)));
}

/** syncMessages with the counts its caller read in the same snapshot (the catch-up's list did). */
function readMessagesAfter(ctx: AppContext, user: ChatMember, after: number, counts: CountsDto): SyncResponse {
  const since = historyCutoff(ctx.clock.now(), user.paidUser);
  const rows = q.messagesAfter(ctx.db, user.id, after, since);
  const { balance, version } = creditState(ctx.db, user.id);
  return {
    messages: rows.slice(0, SYNC_MAX).map(presentMessage),
    has_more: rows.length > SYNC_MAX,
    counts,
    credits: balance,
    credits_version: version,
  };
}

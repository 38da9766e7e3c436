/**
 * The chat rules: sending (limits, blocks, credits, idempotency), reading, counts. A send and a
 * read mark each do their writes as one unit of the group commit and notify only after it committed.
 * REST routes (routes.ts) and socket commands (socket.ts) both call these.
 */
import type { Db } from '@db/client.js';
import { groupCommit } from '@db/group-commit.js';
import { readSnapshot } from '@db/read-snapshot.js';
import type { SiteRow, UserRow } from '@db/schema/index.js';
import { sendMessageBody, type CountsDto, type SendMessageResponse } from '@shared/api/chats.js';
import { FREE_CONVERSATIONS } from '@shared/constants.js';
import type { ServerToClientEvents } from '@shared/realtime.js';
import type { AppContext } from '../../context.js';
import { badRequest, forbidden, notFound, paymentRequired, unauthenticated } from '../../http/errors.js';
import { parseInput } from '../../http/validate.js';
import { chargeForMessage, creditState, type CreditState } from '../credits/ledger.js';
import { blockExistsBetween } from '../blocks/queries.js';
import { messageContent, type MessageContent } from './message-content.js';
import { presentMessage } from './presenter.js';
import * as q from './queries.js';

/** What the chat rules need to know of the acting member (a socket command reads only this much per call). */
export type ChatMember = Pick<UserRow, 'id' | 'paidUser'>;

/**
 * Who sends, as the session or socket says: the send itself checks, in its transaction, that the
 * account still exists and the session is of its current epoch (before a password change it is not).
 */
export type SenderClaim = Pick<UserRow, 'id' | 'sessionEpoch'>;

/**
 * Sends (or, for a retried client_id, returns) a message from `sender` to input.profile. The
 * send is stored through the group commit, so concurrent sends share one transaction; the
 * promise settles, and notifications go out, only after the commit. It settles with the answer
 * both transports give as it is (POST /api/messages.php and the socket's `message:send` ack).
 */
export async function sendMessage(
  ctx: AppContext,
  sender: SenderClaim,
  site: SiteRow,
  /** a request body or socket payload (SendMessageInput), validated here for both transports */
  input: unknown,
  /** the sending socket: it gets the message and balance in its ack, so the echoes to the sender's tabs skip it */
  originSocket?: string,
): Promise<SendMessageResponse> {
  const parsed = parseSendInput(input, site);
  if (parsed.profile === sender.id) throw badRequest('invalid_request', { fields: { profile: 'invalid_request' } });

  let content: MessageContent;
  try {
    content = messageContent(parsed, site);
  } catch (err) {
    // A retry of a send stored under rules changed since (a message_length lowered, a gift gone
    // from the catalogue) is still that send: it went out and was charged, and refused now the
    // member's tabs marked it "Not sent" beside the message the other side has.
    const earlier = storedSendOf(ctx.db, sender, site, parsed.profile, parsed.client_id);
    if (earlier) return replay(ctx, sender.id, earlier);
    throw err;
  }
  let stored: StoredSend;
  try {
    stored = await groupCommit(ctx.db).runChecked({
      check: (tx) => checkSend(tx, sender, site, parsed.profile, parsed.client_id, content),
      write: (tx, plan) => storeSend(tx, plan, sender.id, parsed.profile, parsed.client_id, content, ctx.clock.now()),
    });
  } catch (err) {
    // Another process stored the same client_id between our look-up and our insert.
    const raced = isUniqueViolation(err) ? q.findMessageByClientId(ctx.db, sender.id, parsed.client_id) : undefined;
    if (raced) return replay(ctx, sender.id, raced);
    throw err;
  }
  if (stored.duplicate) return replay(ctx, sender.id, stored.message);

  const message = presentMessage(stored.message);
  // What the message changed for each side rides in its frame: the recipient's counts, the
  // balance of the sender's other tabs. One socket write per tab, and with Redis one publish per
  // side, where separate events would take two.
  ctx.notifier.notify(parsed.profile, 'message:new', message, { counts: stored.recipientCounts });
  notifySenderTabs(ctx, sender.id, originSocket, 'message:new', message, { credits: stored.credits.balance, credits_version: stored.credits.version });
  return { message, duplicate: false, credits: stored.credits.balance, credits_version: stored.credits.version };
}

/**
 * To the sender's tabs, except the socket that sent (it has the message and balance in its ack):
 * every frame is a write system call.
 */
function notifySenderTabs<E extends keyof ServerToClientEvents>(
  ctx: AppContext,
  senderId: number,
  originSocket: string | undefined,
  event: E,
  ...payload: Parameters<ServerToClientEvents[E]>
): void {
  if (originSocket && ctx.notifier.notifyOthers) ctx.notifier.notifyOthers(senderId, originSocket, event, ...payload);
  else ctx.notifier.notify(senderId, event, ...payload);
}

function parseSendInput(input: unknown, site: SiteRow) {
  const result = sendMessageBody.safeParse(input ?? {});
  if (result.success) return result.data;
  // A body over the schema's hard cap is still "too long" to the member, not a malformed request.
  if (result.error.issues.some((i) => i.path[0] === 'body' && i.code === 'too_big')) {
    throw badRequest('message_too_long', { max: site.messageLength });
  }
  return parseInput(sendMessageBody, input);
}

type StoredSend = { duplicate: true; message: q.MessageRow } | { duplicate: false; message: q.MessageRow; credits: CreditState; recipientCounts: CountsDto };

/** What checkSend found: the send is a retry, or it may go ahead into this conversation (none yet: a new one). */
type SendPlan =
  | { duplicate: true; message: q.MessageRow }
  | { duplicate: false; conversationId: number | undefined; senderHidden: boolean; balance: number };

/**
 * The rules of one send, read inside its transaction before anything is written (the group
 * commit runs it without a savepoint), in one statement (findSendContext). Order of checks: the
 * sender's account, a retry, recipient, block, conversation limit, icebreaker rule, credits.
 */
function checkSend(tx: Db, sender: SenderClaim, site: SiteRow, recipientId: number, clientId: string, content: MessageContent): SendPlan {
  const found = q.findSendContext(tx, site.id, sender.id, recipientId, clientId);
  if (!found || !isCurrentAccount(found, sender)) throw unauthenticated();
  const earlier = earlierSendIn(tx, found);
  if (earlier) return { message: earlier, duplicate: true };

  if (found.recipientStatus === null) throw notFound();
  if (found.recipientStatus === 'not_confirmed') throw forbidden('recipient_unconfirmed');
  if (found.blocked) throw forbidden('blocked');

  const conversationId = found.conversationId ?? undefined;
  if (conversationId === undefined && !found.senderPaid && q.countStartedBy(tx, sender.id) >= FREE_CONVERSATIONS) {
    throw forbidden('conversation_limit', { limit: FREE_CONVERSATIONS, premium_required: true });
  }
  // A new conversation has no messages yet: an icebreaker may open it.
  if (conversationId !== undefined && content.kind === 'icebreaker' && q.hasAnyMessage(tx, conversationId)) throw forbidden('icebreaker_unavailable');

  if (found.balance < content.cost) {
    // The refusal tells the balance, so it carries its version too: one more look-up, on refusals only.
    throw paymentRequired('insufficient_credits', { credits: found.balance, credits_version: creditState(tx, sender.id).version, needed: content.cost });
  }
  return { duplicate: false, conversationId, senderHidden: found.senderHidden, balance: found.balance };
}

/** The account as it is now, not as it was when the session or socket began. */
function isCurrentAccount(found: q.SendContext, sender: SenderClaim): boolean {
  return found.senderStatus !== 'deleted' && found.senderEpoch === sender.sessionEpoch;
}

/** The message this client id already stored to this recipient: the send is a retry. */
function earlierSendIn(tx: Db, found: q.SendContext): q.MessageRow | undefined {
  if (found.earlierMessageId === null) return undefined;
  const earlier = q.findMessageById(tx, found.earlierMessageId);
  // The client id names a message to someone else: not a retry of this send. Answered as one,
  // it told that other member of the message again.
  if (earlier && earlier.conversationId !== found.conversationId) throw badRequest('invalid_request', { fields: { client_id: 'already_used' } });
  return earlier;
}

/** For a send the current rules refuse: the message its client id stored before, if any. */
function storedSendOf(db: Db, sender: SenderClaim, site: SiteRow, recipientId: number, clientId: string): q.MessageRow | undefined {
  const found = q.findSendContext(db, site.id, sender.id, recipientId, clientId);
  return found && isCurrentAccount(found, sender) ? earlierSendIn(db, found) : undefined;
}

/** The writes of a send checkSend allowed: conversation if new, message, charge, both members' rows. */
function storeSend(tx: Db, plan: SendPlan, senderId: number, recipientId: number, clientId: string, content: MessageContent, now: number): StoredSend {
  if (plan.duplicate) return plan;
  const conversationId = plan.conversationId ?? q.insertConversation(tx, senderId, recipientId, now).id;
  const message = q.insertMessage(tx, {
    conversationId,
    senderId,
    clientId,
    kind: content.kind,
    body: content.body,
    giftId: content.giftId,
    createdAt: now,
  });
  // Charged after the insert so the ledger row names its message.
  const credits = chargeForMessage(tx, senderId, content.cost, content.reason, message.id, now, plan.balance);
  q.recordDelivery(tx, message, recipientId, plan.senderHidden);
  // Read in the send's own transaction: after the commit each read would open one of its own.
  // A later send in the same batch reads its own, higher figures, and the events go out in order.
  return { message, duplicate: false, credits, recipientCounts: countsIn(tx, recipientId) };
}

/**
 * A retried send: the stored message, nothing charged. message:new goes out again because the
 * first attempt may have died before notifying; clients de-duplicate by message id.
 */
function replay(ctx: AppContext, senderId: number, row: q.MessageRow): SendMessageResponse {
  const message = presentMessage(row);
  // After a reconnect every pending send of a member comes back as one of these: one snapshot.
  const { peerToTell, credits } = readSnapshot(ctx.db, () => {
    const peerId = peerStillShown(ctx, senderId, row);
    // The first announcement may never have gone out (the node stopped between the commit and the
    // emit): then this one is what tells the peer, and their badge changed with the message.
    const peerToTell = peerId === undefined ? undefined : { id: peerId, counts: countsIn(ctx.db, peerId) };
    return { peerToTell, credits: creditState(ctx.db, senderId) };
  });
  if (peerToTell) ctx.notifier.notify(peerToTell.id, 'message:new', message, { counts: peerToTell.counts });
  ctx.notifier.notify(senderId, 'message:new', message);
  return { message, duplicate: true, credits: credits.balance, credits_version: credits.version };
}

/** The peer of a stored message while they could still see it: not after a block, nor once they deleted the chat. */
function peerStillShown(ctx: AppContext, senderId: number, row: q.MessageRow): number | undefined {
  const conversation = q.findConversationOf(ctx.db, senderId, row.conversationId);
  if (!conversation) return undefined;
  const peerId = q.peerIdOf(conversation, senderId);
  const peerHiddenBefore = q.findMember(ctx.db, conversation.id, peerId)?.hiddenBeforeMessageId ?? 0;
  return row.id > peerHiddenBefore && !blockExistsBetween(ctx.db, senderId, peerId) ? peerId : undefined;
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === 'SQLITE_CONSTRAINT_UNIQUE') return true;
  }
  return false;
}

/**
 * Marks `conversationId` read up to `upTo` for `user` (left out: the newest message stored in it,
 * whoever sent it). The mark only moves forward; unread is recomputed from the peer's messages
 * after it. Notifies the reader's tabs (counts) and the peer once it is committed.
 */
export async function markRead(ctx: AppContext, user: ChatMember, conversationId: number, upTo: number | undefined): Promise<CountsDto> {
  // Through the group commit, as sends are: read marks come about as often as messages, and each
  // committed alone would write its pages to the WAL once per mark.
  const result = await groupCommit(ctx.db).runChecked({
    check: (tx) => {
      const conversation = q.findConversationOf(tx, user.id, conversationId);
      const member = conversation && q.findMember(tx, conversationId, user.id);
      if (!conversation || !member) throw notFound();
      if (upTo !== undefined && !q.findMessage(tx, conversationId, upTo)) throw notFound();
      return { conversation, member, messageId: upTo ?? q.newestMessageIdIn(tx, conversationId) };
    },
    write: (tx, { conversation, member, messageId }) => {
      const lastRead = Math.max(member.lastReadMessageId, messageId);
      const unreadCount = q.countPeerMessagesAfter(tx, conversationId, user.id, Math.max(lastRead, member.hiddenBeforeMessageId));
      q.updateMember(tx, conversationId, user.id, { lastReadMessageId: lastRead, unreadCount });
      const peerId = q.peerIdOf(conversation, user.id);
      const advanced = lastRead > member.lastReadMessageId;
      // Read receipts would tell a member in a block when the other is active, as presence would.
      return { peerId, lastRead, unreadCount, advanced, changed: advanced || unreadCount !== member.unreadCount, blocked: blockExistsBetween(tx, user.id, peerId) };
    },
  });
  const counts = countsFor(ctx, user.id);
  ctx.notifier.notify(user.id, 'counts', counts);
  // The reader's own tabs: the badge moved with counts, and the chat's entry in their lists
  // moves with this (the unread left, as messages may have come after the one read).
  if (result.changed) {
    ctx.notifier.notify(user.id, 'message:read', { conversation: conversationId, reader: user.id, message: result.lastRead, unread: result.unreadCount });
  }
  if (result.advanced && !result.blocked) {
    ctx.notifier.notify(result.peerId, 'message:read', { conversation: conversationId, reader: user.id, message: result.lastRead });
  }
  return counts;
}

/** Unread messages, new likes, their sum (the badge), and the version that orders them (CountsDto). */
export function countsFor(ctx: AppContext, userId: number): CountsDto {
  return countsIn(ctx.db, userId);
}

function countsIn(db: Db, userId: number): CountsDto {
  const { unread, newLikes, version } = q.unreadAndNewLikesOf(db, userId);
  return { total_unread: unread, total_new_likes: newLikes, badge: unread + newLikes, version };
}

/**
 * Who sees `typistId` typing in the conversation: the other member, unless the typist is not in
 * it, a block stands between them, or the other member deleted the chat (no chat to show it in
 * until a new message brings it back). Null when nobody does.
 */
export function typingRecipientOf(ctx: AppContext, typistId: number, conversationId: number): number | null {
  const conversation = q.findConversationOf(ctx.db, typistId, conversationId);
  if (!conversation) return null;
  const peerId = q.peerIdOf(conversation, typistId);
  if (blockExistsBetween(ctx.db, typistId, peerId)) return null;
  return q.findMember(ctx.db, conversationId, peerId)?.deletedAt == null ? peerId : null;
}

/** Profile ids the member has a conversation with (hidden ones included), for presence. */
export function peersOf(ctx: AppContext, userId: number): number[] {
  return q.peerIdsOf(ctx.db, userId);
}

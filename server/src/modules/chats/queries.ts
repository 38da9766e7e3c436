/** Drizzle access for conversations and messages; services call these, inside or outside a transaction. */
import { and, asc, count, desc, eq, getTableColumns, gt, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Db } from '@db/client.js';
import { inJsonIds, preparedOnce } from '@db/prepared.js';
import { SYNC_MAX } from '@shared/api/chats.js';
import { conversationMembers, conversations, countsClock, likes, messages, photos, profiles, users, visibleWithUnread } from '@db/schema/index.js';
import { blockedEitherWay } from '../blocks/queries.js';
import { balanceOf } from '../credits/ledger.js';

export type MessageRow = typeof messages.$inferSelect;
export type ConversationRow = typeof conversations.$inferSelect;
export type MemberRow = typeof conversationMembers.$inferSelect;

/** What a chat shows about the other member. */
export interface PeerRow {
  id: number;
  status: string;
  invisible: boolean;
  lastSeenAt: number | null;
  name: string;
  birthDate: string;
  country: string;
  photoFilename: string | null;
  photoThumb: string | null;
}

const peerColumns = {
  id: users.id,
  status: users.status,
  invisible: users.invisible,
  lastSeenAt: users.lastSeenAt,
  name: profiles.name,
  birthDate: profiles.birthDate,
  country: profiles.country,
  photoFilename: photos.filename,
  photoThumb: photos.thumbFilename,
};

/** Members of this site with a profile, not deleted; only approved main photos are shown. */
export function findPeers(db: Db, siteId: number, ids: number[]): PeerRow[] {
  if (ids.length === 0) return [];
  return peersByIds(db).all({ ids: JSON.stringify(ids), siteId });
}

// The chat list's reads run on every list load, and every client loads its list after each
// reconnect: prepared once, like the send path. Built per call, drizzle's query builder cost more
// than the reads (the list was most of a reconnect's CPU in the storm bench).
const peersByIds = preparedOnce((db) =>
  db
    .select(peerColumns)
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(photos, and(eq(photos.id, profiles.mainPhotoId), eq(photos.status, 'approved')))
    // `+site_id`: with the ids in a JSON array the planner cannot count them, and it would rather
    // read every member of the site through the site's index than look the ids up.
    .where(and(inJsonIds(users.id), sql`+${users.siteId} = ${sql.placeholder('siteId')}`, ne(users.status, 'deleted')))
    .prepare(),
);

const peerById = preparedOnce((db) =>
  db
    .select(peerColumns)
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(photos, and(eq(photos.id, profiles.mainPhotoId), eq(photos.status, 'approved')))
    .where(and(eq(users.id, sql.placeholder('id')), eq(users.siteId, sql.placeholder('siteId')), ne(users.status, 'deleted')))
    .prepare(),
);

/** findPeers for one member; on every send, so prepared once. */
export function findPeer(db: Db, siteId: number, id: number): PeerRow | undefined {
  return peerById(db).get({ id, siteId });
}

/** Everything a send checks, as its transaction sees it (see findSendContext). */
export interface SendContext {
  /** the sender's account as it is now: a session from before a password change, or a deleted account, may not send */
  senderStatus: string;
  senderEpoch: number;
  senderPaid: boolean;
  /** null: no member with a profile by that id on this site (or a deleted one) */
  recipientStatus: string | null;
  /** a message this sender stored before under the same client id: the send is a retry */
  earlierMessageId: number | null;
  conversationId: number | null;
  /** the sender's own row of that conversation is hidden (they deleted the chat): the send brings it back */
  senderHidden: boolean;
  blocked: boolean;
  balance: number;
}

const recipient = alias(users, 'recipient');
const senderMember = alias(conversationMembers, 'sender_member');

/**
 * One statement for every read of a send's rules: the sender's account, the recipient, a retry,
 * the conversation, a block either way, the balance. Each was a statement of its own, and what a
 * send cost in SQLite was as much the statements (binding, stepping, reading the row back) as
 * the index look-ups, which stay the same here (decisions, chat domain). No row: the sender is
 * not a member of this site.
 */
const sendContextRow = preparedOnce((db) =>
  db
    .select({
      senderStatus: users.status,
      senderEpoch: users.sessionEpoch,
      senderPaid: users.paidUser,
      recipientStatus: recipient.status,
      earlierMessageId: sql<number | null>`(SELECT ${messages.id} FROM ${messages} WHERE ${messages.clientId} = ${sql.placeholder('clientId')} AND ${messages.senderId} = ${users.id})`,
      conversationId: conversations.id,
      senderHidden: sql<number>`${senderMember.deletedAt} IS NOT NULL`,
      blocked: blockedEitherWay(users.id, sql.placeholder('recipientId')),
      balance: balanceOf(users.id),
    })
    .from(users)
    .leftJoin(
      recipient,
      and(
        eq(recipient.id, sql.placeholder('recipientId')),
        eq(recipient.siteId, users.siteId),
        ne(recipient.status, 'deleted'),
        sql`EXISTS (SELECT 1 FROM ${profiles} WHERE ${profiles.userId} = ${recipient.id})`,
      ),
    )
    .leftJoin(conversations, and(eq(conversations.userLow, sql.placeholder('low')), eq(conversations.userHigh, sql.placeholder('high'))))
    .leftJoin(senderMember, and(eq(senderMember.conversationId, conversations.id), eq(senderMember.userId, users.id)))
    .where(and(eq(users.id, sql.placeholder('senderId')), eq(users.siteId, sql.placeholder('siteId'))))
    .prepare(),
);

export function findSendContext(db: Db, siteId: number, senderId: number, recipientId: number, clientId: string): SendContext | undefined {
  const row = sendContextRow(db).get({ siteId, senderId, recipientId, clientId, low: Math.min(senderId, recipientId), high: Math.max(senderId, recipientId) });
  return row && { ...row, senderHidden: row.senderHidden === 1, blocked: row.blocked === 1 };
}

// A retried send reads its stored message: after a reconnect every pending send of a member is one.
const messageById = preparedOnce((db) => db.select().from(messages).where(eq(messages.id, sql.placeholder('messageId'))).prepare());

export function findMessageById(db: Db, messageId: number): MessageRow | undefined {
  return messageById(db).get({ messageId });
}

const messageByClientId = preparedOnce((db) =>
  db
    .select()
    .from(messages)
    .where(and(eq(messages.senderId, sql.placeholder('senderId')), eq(messages.clientId, sql.placeholder('clientId'))))
    .prepare(),
);

export function findMessageByClientId(db: Db, senderId: number, clientId: string): MessageRow | undefined {
  return messageByClientId(db).get({ senderId, clientId });
}

/** The id of the newest message of a conversation, 0 when it has none (one seek at the end of its index range). */
export function newestMessageIdIn(db: Db, conversationId: number): number {
  return (
    db
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.conversationId, conversationId))
      .orderBy(desc(messages.id))
      .limit(1)
      .get()?.id ?? 0
  );
}

export function findMessage(db: Db, conversationId: number, messageId: number): MessageRow | undefined {
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.conversationId, conversationId)))
    .get();
}

const messagesByIds = preparedOnce((db) => db.select().from(messages).where(inJsonIds(messages.id)).prepare());

export function findMessagesByIds(db: Db, ids: number[]): MessageRow[] {
  if (ids.length === 0) return [];
  return messagesByIds(db).all({ ids: JSON.stringify(ids) });
}

/** The conversation of an unordered pair of members. */
const conversationOfPair = preparedOnce((db) =>
  db
    .select()
    .from(conversations)
    .where(and(eq(conversations.userLow, sql.placeholder('low')), eq(conversations.userHigh, sql.placeholder('high'))))
    .prepare(),
);

export function findConversationBetween(db: Db, a: number, b: number): ConversationRow | undefined {
  return conversationOfPair(db).get({ low: Math.min(a, b), high: Math.max(a, b) });
}

const conversationOfMember = preparedOnce((db) =>
  db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.id, sql.placeholder('conversationId')),
        or(eq(conversations.userLow, sql.placeholder('userId')), eq(conversations.userHigh, sql.placeholder('userId'))),
      ),
    )
    .prepare(),
);

export function findConversationOf(db: Db, userId: number, conversationId: number): ConversationRow | undefined {
  return conversationOfMember(db).get({ userId, conversationId });
}

export function peerIdOf(conversation: Pick<ConversationRow, 'userLow' | 'userHigh'>, userId: number): number {
  return conversation.userLow === userId ? conversation.userHigh : conversation.userLow;
}

/**
 * Conversations the member started (the free members' limit). Through the member's own rows
 * (indexed by user): conversations has no index on started_by, and a scan grows with the site.
 */
export function countStartedBy(db: Db, userId: number): number {
  return (
    db
      .select({ n: count() })
      .from(conversationMembers)
      .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
      .where(and(eq(conversationMembers.userId, userId), eq(conversations.startedBy, userId)))
      .get()?.n ?? 0
  );
}

const insertConversationRow = preparedOnce((db) =>
  db
    .insert(conversations)
    .values({
      userLow: sql.placeholder('userLow'),
      userHigh: sql.placeholder('userHigh'),
      startedBy: sql.placeholder('startedBy'),
      createdAt: sql.placeholder('createdAt'),
    })
    .returning()
    .prepare(),
);

const insertMemberRow = preparedOnce((db) =>
  db
    .insert(conversationMembers)
    .values({ conversationId: sql.placeholder('conversationId'), userId: sql.placeholder('userId') })
    .prepare(),
);

/** The first message between two members creates their conversation: prepared, as sends are. */
export function insertConversation(db: Db, startedBy: number, peerId: number, now: number): ConversationRow {
  const conversation = insertConversationRow(db).get({
    userLow: Math.min(startedBy, peerId),
    userHigh: Math.max(startedBy, peerId),
    startedBy,
    createdAt: now,
  })!;
  insertMemberRow(db).run({ conversationId: conversation.id, userId: startedBy });
  insertMemberRow(db).run({ conversationId: conversation.id, userId: peerId });
  return conversation;
}

const memberOf = preparedOnce((db) =>
  db
    .select()
    .from(conversationMembers)
    .where(and(eq(conversationMembers.conversationId, sql.placeholder('conversationId')), eq(conversationMembers.userId, sql.placeholder('userId'))))
    .prepare(),
);

export function findMember(db: Db, conversationId: number, userId: number): MemberRow | undefined {
  return memberOf(db).get({ conversationId, userId });
}

const insertMessageRow = preparedOnce((db) =>
  db
    .insert(messages)
    .values({
      conversationId: sql.placeholder('conversationId'),
      senderId: sql.placeholder('senderId'),
      clientId: sql.placeholder('clientId'),
      kind: sql.placeholder('kind'),
      body: sql.placeholder('body'),
      giftId: sql.placeholder('giftId'),
      createdAt: sql.placeholder('createdAt'),
    })
    .prepare(),
);

/**
 * Every column is given, so the stored row is the values plus the new id: built here rather than
 * read back with RETURNING, which cost about 6 µs of a 50-60 µs send (decisions, chat domain).
 */
export function insertMessage(db: Db, values: Omit<typeof messages.$inferInsert, 'id'> & { giftId: string | null; kind: string }): MessageRow {
  const { lastInsertRowid } = insertMessageRow(db).run(values);
  const message: MessageRow = {
    id: Number(lastInsertRowid),
    conversationId: values.conversationId,
    senderId: values.senderId,
    clientId: values.clientId,
    kind: values.kind,
    body: values.body,
    giftId: values.giftId,
    createdAt: values.createdAt,
  };
  return message;
}

/** A stored message brings a hidden conversation back for both members; the recipient gains one unread. */
const unhideForSender = preparedOnce((db) =>
  db
    .update(conversationMembers)
    .set({ deletedAt: null })
    .where(
      and(
        eq(conversationMembers.conversationId, sql.placeholder('conversationId')),
        eq(conversationMembers.userId, sql.placeholder('userId')),
        // usually not hidden: then no row changes and no page is written
        isNotNull(conversationMembers.deletedAt),
      ),
    )
    .prepare(),
);

// Only last_message_id: setting deleted_at or unread_count, even to the same value, would rewrite
// the sender's entry in the unread index whenever they have something unread there.
const markSenderLastMessage = preparedOnce((db) =>
  db
    .update(conversationMembers)
    .set({ lastMessageId: sql`${sql.placeholder('messageId')}` })
    .where(and(eq(conversationMembers.conversationId, sql.placeholder('conversationId')), eq(conversationMembers.userId, sql.placeholder('userId'))))
    .prepare(),
);

const deliverToRecipient = preparedOnce((db) =>
  db
    .update(conversationMembers)
    .set({ deletedAt: null, unreadCount: sql`${conversationMembers.unreadCount} + 1`, lastMessageId: sql`${sql.placeholder('messageId')}` })
    .where(and(eq(conversationMembers.conversationId, sql.placeholder('conversationId')), eq(conversationMembers.userId, sql.placeholder('userId'))))
    .prepare(),
);

/** Both members' rows take the new message as their last; the two rows share a page. */
export function recordDelivery(
  db: Db,
  message: Pick<MessageRow, 'id' | 'conversationId' | 'senderId'>,
  recipientId: number,
  /** what the send's checks saw: a visible row has nothing to bring back, one statement less */
  senderHidden: boolean,
): void {
  const { id: messageId, conversationId, senderId } = message;
  if (senderHidden) unhideForSender(db).run({ conversationId, userId: senderId });
  markSenderLastMessage(db).run({ conversationId, userId: senderId, messageId });
  deliverToRecipient(db).run({ conversationId, userId: recipientId, messageId });
}

/** Messages from the peer newer than `afterId`: the unread count after a read mark. */
export function countPeerMessagesAfter(db: Db, conversationId: number, readerId: number, afterId: number): number {
  return (
    db
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.conversationId, conversationId), ne(messages.senderId, readerId), gt(messages.id, afterId)))
      .get()?.n ?? 0
  );
}

export function updateMember(db: Db, conversationId: number, userId: number, values: Partial<typeof conversationMembers.$inferInsert>): void {
  db.update(conversationMembers)
    .set(values)
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)))
    .run();
}

/**
 * Both figures of a counts event in one statement: it follows every stored message. The unread
 * sum covers the member's visible (not deleted) conversations; its condition is the partial
 * index's own (`visibleWithUnread`; a bound 0 would not match it), so it reads only the
 * conversations with something unread, from the index alone: a member with 1,000 conversations
 * made it read 1,000 rows on every message they received.
 */
const unreadAndNewLikes = preparedOnce((db) =>
  db
    .select({
      unread: sql<number>`coalesce((SELECT sum(${conversationMembers.unreadCount}) FROM ${conversationMembers} WHERE ${conversationMembers.userId} = ${sql.placeholder('userId')} AND ${visibleWithUnread}), 0)`,
      newLikes: sql<number>`(SELECT count(*) FROM ${likes} WHERE ${likes.likedId} = ${sql.placeholder('userId')} AND ${likes.isNew} = 1)`,
      // In the same statement, so the same snapshot: these figures are the counts as of this version.
      version: sql<number>`(SELECT ${countsClock.value} FROM ${countsClock} WHERE ${countsClock.id} = 1)`,
    })
    .from(sql`(SELECT 1)`)
    .prepare(),
);

/** Unread messages in visible conversations and likes not yet looked at, and the counts clock they were read at (db/schema/counts.ts). */
export function unreadAndNewLikesOf(db: Db, userId: number): { unread: number; newLikes: number; version: number } {
  return unreadAndNewLikes(db).get({ userId })!;
}

// Flat columns, not { conversation, member } objects: a nested selection takes drizzle's slow
// row mapping (streamlined-query.ts), and the list needs only these.
const visibleConversationRows = preparedOnce((db) =>
  db
    .select({
      conversationId: conversations.id,
      userLow: conversations.userLow,
      userHigh: conversations.userHigh,
      lastMessageId: conversationMembers.lastMessageId,
      hiddenBeforeMessageId: conversationMembers.hiddenBeforeMessageId,
      unreadCount: conversationMembers.unreadCount,
    })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .where(and(eq(conversationMembers.userId, sql.placeholder('userId')), isNull(conversationMembers.deletedAt)))
    .orderBy(desc(conversationMembers.lastMessageId))
    .prepare(),
);

/** The member's conversations that are not deleted for them, newest last message first. */
export function visibleConversationsOf(db: Db, userId: number) {
  return visibleConversationRows(db).all({ userId });
}

const otherMembersOf = preparedOnce((db) =>
  db
    .select()
    .from(conversationMembers)
    .where(and(inJsonIds(conversationMembers.conversationId), ne(conversationMembers.userId, sql.placeholder('userId'))))
    .prepare(),
);

/** The other member's row of each conversation (for read ticks). */
export function peerMembersOf(db: Db, userId: number, conversationIds: number[]): MemberRow[] {
  if (conversationIds.length === 0) return [];
  return otherMembersOf(db).all({ ids: JSON.stringify(conversationIds), userId });
}

// Every presence watch runs this, and every client watches again on each reconnect. Through the
// member's own rows (indexed by user): `user_low = ? OR user_high = ?` scanned every conversation
// of the site (184 µs at 5,000 conversations, against 4 µs this way).
const peerIdsOfMember = preparedOnce((db) =>
  db
    .select({ low: conversations.userLow, high: conversations.userHigh })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .where(eq(conversationMembers.userId, sql.placeholder('userId')))
    .prepare(),
);

export function peerIdsOf(db: Db, userId: number): number[] {
  return peerIdsOfMember(db)
    .all({ userId })
    .map((r) => (r.low === userId ? r.high : r.low));
}

export interface MessageWindow {
  conversationId: number;
  /** ids <= this are hidden for the reader (deleted chat) */
  hiddenBefore: number;
  /** created_at lower bound (history cut), or null */
  since: number | null;
}

function windowFilter(w: MessageWindow): SQL {
  const parts = [eq(messages.conversationId, w.conversationId), gt(messages.id, w.hiddenBefore)];
  if (w.since !== null) parts.push(sql`${messages.createdAt} >= ${w.since}`);
  return and(...parts)!;
}

/** One page of visible messages, ascending; has_more says whether the page was cut at `limit`. */
export function pageOfMessages(db: Db, w: MessageWindow, page: { before?: number; after?: number; limit: number }): { rows: MessageRow[]; hasMore: boolean } {
  const fetch = page.limit + 1;
  if (page.after !== undefined) {
    const rows = db.select().from(messages).where(and(windowFilter(w), gt(messages.id, page.after))).orderBy(asc(messages.id)).limit(fetch).all();
    return { rows: rows.slice(0, page.limit), hasMore: rows.length > page.limit };
  }
  const filter = page.before !== undefined ? and(windowFilter(w), lt(messages.id, page.before)) : windowFilter(w);
  const rows = db.select().from(messages).where(filter).orderBy(desc(messages.id)).limit(fetch).all();
  return { rows: rows.slice(0, page.limit).reverse(), hasMore: rows.length > page.limit };
}

/** Whether messages exist that the history cut withholds (visible otherwise). */
export function hasMessagesBefore(db: Db, conversationId: number, hiddenBefore: number, since: number): boolean {
  const row = db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), gt(messages.id, hiddenBefore), lt(messages.createdAt, since)))
    .limit(1)
    .get();
  return row !== undefined;
}

/** The newest message of the conversation stored before `since` (a history cut), 0 for none. */
export function newestMessageBefore(db: Db, conversationId: number, since: number): number {
  const row = db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), lt(messages.createdAt, since)))
    .orderBy(desc(messages.id))
    .limit(1)
    .get();
  return row?.id ?? 0;
}

/** Messages of all visible conversations of a member with id > after, ascending (catch-up). */
// Every member runs this on each reconnect; after a restart thousands arrive at once.
const messagesAfterPrepared = preparedOnce((db) =>
  db
    // flat (the message's own columns at the top level), so it runs streamlined
    .select(getTableColumns(messages))
    .from(messages)
    .innerJoin(conversationMembers, eq(conversationMembers.conversationId, messages.conversationId))
    .where(
      and(
        eq(conversationMembers.userId, sql.placeholder('userId')),
        isNull(conversationMembers.deletedAt),
        gt(messages.id, sql.placeholder('after')),
        gt(messages.id, conversationMembers.hiddenBeforeMessageId),
        sql`${messages.createdAt} >= ${sql.placeholder('since')}`,
      ),
    )
    .orderBy(asc(messages.id))
    // A constant: a bound LIMIT makes SQLite compile the statement again on every run.
    .limit(SYNC_MAX + 1)
    .prepare(),
);

/**
 * Visible messages after `after` in the member's conversations, ascending; `since` null = no
 * history cut. At most SYNC_MAX + 1: one more than a page tells whether more remain.
 */
export function messagesAfter(db: Db, userId: number, after: number, since: number | null): MessageRow[] {
  return messagesAfterPrepared(db).all({ userId, after, since: since ?? Number.MIN_SAFE_INTEGER });
}

export function hasAnyMessage(db: Db, conversationId: number): boolean {
  return db.select({ id: messages.id }).from(messages).where(eq(messages.conversationId, conversationId)).limit(1).get() !== undefined;
}

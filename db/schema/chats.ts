import { sql } from 'drizzle-orm';
import { sqliteTable, integer, text, index, uniqueIndex, primaryKey } from 'drizzle-orm/sqlite-core';
import { users } from './users.js';

/** A conversation between exactly two members; (user_low, user_high) is the ordered pair. */
export const conversations = sqliteTable(
  'conversations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userLow: integer('user_low').notNull().references(() => users.id, { onDelete: 'cascade' }),
    userHigh: integer('user_high').notNull().references(() => users.id, { onDelete: 'cascade' }),
    startedBy: integer('started_by').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('conversations_pair').on(t.userLow, t.userHigh)],
);

/**
 * The condition of the partial index `conversation_members_unread`. A query reaches that index only
 * when its own terms state this condition, so the unread total uses this same expression.
 */
export const visibleWithUnread = sql`deleted_at IS NULL AND unread_count > 0`;

/** Per-member state of a conversation. */
export const conversationMembers = sqliteTable(
  'conversation_members',
  {
    conversationId: integer('conversation_id').notNull().references(() => conversations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    unreadCount: integer('unread_count').notNull().default(0),
    lastReadMessageId: integer('last_read_message_id').notNull().default(0),
    /** Messages with id <= this are hidden for this member (set when the member deletes the chat). */
    hiddenBeforeMessageId: integer('hidden_before_message_id').notNull().default(0),
    deletedAt: integer('deleted_at'),
    /**
     * The conversation's newest message, kept on both members' rows rather than on the
     * conversation: a send already writes the recipient's row (unread), and the sender's sits
     * beside it (same primary-key prefix, so the same page), where a conversations row is one
     * more page in every commit (docs/decisions.md, chat domain).
     */
    lastMessageId: integer('last_message_id'),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('conversation_members_user').on(t.userId),
    // The unread total (every counts event, so every received message) sums only these entries:
    // a member's visible conversations with something unread, read from the index alone.
    // deleted_at is NULL in every entry; as a column it lets the sum skip the table.
    index('conversation_members_unread')
      .on(t.userId, t.unreadCount, t.deletedAt)
      .where(visibleWithUnread),
  ],
);

export const messages = sqliteTable(
  'messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    conversationId: integer('conversation_id').notNull().references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** Chosen by the sending client; a retry with the same id returns the stored message. */
    clientId: text('client_id').notNull(),
    /** text | gift | icebreaker */
    kind: text('kind').notNull().default('text'),
    body: text('body').notNull(),
    giftId: text('gift_id'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    // Client id first: the app's clients make ids that start with the time (client/src/state/
    // chat-thread.ts), so new entries land at the end of this index, where one page takes a whole
    // batch of sends. Keyed by sender first, every send wrote a page of its own (decisions, chat domain).
    uniqueIndex('messages_client_sender').on(t.clientId, t.senderId),
    index('messages_conversation').on(t.conversationId, t.id),
  ],
);

export const blocks = sqliteTable(
  'blocks',
  {
    blockerId: integer('blocker_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('blocks_blocked').on(t.blockedId)],
);

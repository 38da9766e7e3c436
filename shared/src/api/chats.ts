import { z } from 'zod';
import { memberText, queryInt } from './text.js';

export const MESSAGE_KINDS = ['text', 'gift', 'icebreaker'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** A stored chat message as both REST and socket deliver it. */
export interface MessageDto {
  id: number;
  conversation: number;
  sender: number;
  client_id: string;
  kind: MessageKind;
  body: string;
  gift_id: string | null;
  /** ISO 8601 */
  created_at: string;
}

export interface ChatProfileDto {
  id: number;
  name: string;
  age: number;
  country: string;
  main_image: { thumb: string; match: string } | null;
  /** unconfirmed members cannot be replied to */
  can_receive_replies: boolean;
  online: boolean;
  last_seen: string | null;
  /** PresenceDto.at of `online` and `last_seen` when they are live (socket lists; REST with a realtime server) */
  presence_at?: number;
}

/** One entry of GET /api/chats.php */
export interface ChatEntryDto {
  conversation: number;
  profile: ChatProfileDto;
  num_unread_messages: number;
  last_message: MessageDto | null;
  /** id of the newest message the other member has read (for read ticks) */
  peer_last_read: number;
  blocked_by_me: boolean;
  blocked_me: boolean;
  /**
   * The member sees only messages after this id (0: all): they deleted the chat up to here, and it
   * came back with a later message. A tab that missed the deletion drops what it still shows.
   */
  visible_after: number;
}

export const clientIdField = z.string().min(8).max(64).regex(/^[A-Za-z0-9_-]+$/);

/**
 * POST /api/messages.php and the `message:send` socket command. Strict, as every chat body: a
 * field it does not take ({credits: -100}, a misspelt gift_id) is refused and named, not dropped.
 */
export const sendMessageBody = z.strictObject({
  /** recipient profile id (a conversation is created on the first message) */
  profile: z.number().int().positive(),
  client_id: clientIdField,
  kind: z.enum(MESSAGE_KINDS).default('text'),
  // Trimmed before the cap: a short text with a long tail of spaces is a short text (the site's
  // message_length, checked after cleaning, is the limit members meet).
  body: memberText().trim().max(10_000).default(''),
  gift_id: z.string().max(64).optional(),
  /** for kind 'icebreaker': an id of GET /api/icebreakers.php; the stored body is its i18n key */
  icebreaker_id: z.string().max(64).optional(),
});
export type SendMessageInput = z.input<typeof sendMessageBody>;

export const markReadBody = z.strictObject({
  conversation: z.number().int().positive(),
  /**
   * The newest message the member has on screen. Left out: through the newest message stored,
   * for a chat that shows no message to read up to (a free member's chat whose messages are all
   * older than the history cut still counts them unread until it is opened).
   */
  message: z.number().int().positive().optional(),
});
export type MarkReadInput = z.input<typeof markReadBody>;

// Strict: with a stray second field ({profile, conversation: 'x'}) one branch used to match and
// delete while the other field was wrong.
/**
 * `up_to`: the newest message id the member was shown in that chat, 0 when none (a free member's
 * chat whose messages are all past the history cut: those go with the delete). Messages stored
 * after it (one that arrived while they pressed delete) stay visible, so a delete never hides a
 * message unseen.
 */
const deleteUpTo = z.number().int().nonnegative().optional();
export const deleteChatBody = z.union([
  z.strictObject({ conversation: z.number().int().positive(), up_to: deleteUpTo }),
  z.strictObject({ profile: z.number().int().positive(), up_to: deleteUpTo }),
]);
export type DeleteChatBody = z.input<typeof deleteChatBody>;

/** Totals that drive the Messages/Likes badges, the page title and the app badge. */
export interface CountsDto {
  total_unread: number;
  total_new_likes: number;
  /** total_unread + total_new_likes */
  badge: number;
  /**
   * Orders counts: they come by several roads (an event of this node, a frame relayed through Redis
   * from another, the answer to a poll or a read mark) and not always in the order they were read.
   * Higher is later; equal versions hold equal figures. A global clock of the database, moved by
   * every change to what any member's counts are made of, so a member's versions have gaps.
   */
  version: number;
}

/** Paging limits of the message endpoints. */
export const MESSAGE_PAGE_DEFAULT = 50;
export const MESSAGE_PAGE_MAX = 100;
export const SYNC_MAX = 500;

const idParam = queryInt(1);

/** 201 (or 200 for a retried client_id) of POST /api/messages.php */
export interface SendMessageResponse {
  message: MessageDto;
  /** sender's balance after the send */
  credits: number;
  /** the ledger row that balance comes from: of two balances, the higher version is the later */
  credits_version: number;
  /** true when this client_id had already been stored: nothing was charged again */
  duplicate: boolean;
}

/** GET /api/chats.php */
export interface ChatsResponse {
  chats: ChatEntryDto[];
  counts: CountsDto;
}

/** Query of GET /api/messages.php: either a conversation id or the profile to open a chat with. */
export const messagesQuery = z
  .object({
    conversation: idParam.optional(),
    profile: idParam.optional(),
    /** older page: messages with id < before */
    before: idParam.optional(),
    /** newer page: messages with id > after */
    after: queryInt(0).optional(),
    limit: queryInt(1, MESSAGE_PAGE_MAX).default(MESSAGE_PAGE_DEFAULT),
  })
  .refine((q) => (q.conversation === undefined) !== (q.profile === undefined), { message: 'conversation or profile' })
  .refine((q) => q.before === undefined || q.after === undefined, { message: 'before or after' });
export type MessagesQuery = z.output<typeof messagesQuery>;

/** GET /api/messages.php */
export interface MessagesResponse {
  /** null when opened by profile and no conversation exists yet */
  conversation: number | null;
  /** ascending by id */
  messages: MessageDto[];
  /** more messages exist beyond this page (older by default and with before; newer with after) */
  has_more: boolean;
  /** older messages exist that this (free) member may no longer see */
  history_cut: boolean;
  peer_last_read: number;
  /** the newest message the member has read themselves, as this page was read (where "Unread messages" goes) */
  last_read: number;
  profile: ChatProfileDto;
  blocked_by_me: boolean;
  blocked_me: boolean;
  /**
   * A free member who has started FREE_CONVERSATIONS conversations opened one not begun yet:
   * only a premium member may start it (the send would answer 403 conversation_limit).
   */
  conversation_limit_reached: boolean;
}

/** POST /api/messages-read.php -> { counts } */
export interface MarkReadResponse {
  counts: CountsDto;
}

/** Query of GET /api/sync.php: catch-up after the newest message id the client holds. */
export const syncQuery = z.object({
  after: queryInt(0).default(0),
});

/**
 * Payload of the socket `sync` and `catch-up` commands: the newest message id the client holds
 * (0 for none). The same catch-up as sync.php without an HTTP request and its session load.
 * Strict, as the other commands' payloads: a field it does not take is refused and named.
 */
export const syncCommandInput = z.strictObject({
  after: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
});

/** GET /api/sync.php and the ack of the socket `sync` command */
export interface SyncResponse {
  /** ascending by id, at most SYNC_MAX */
  messages: MessageDto[];
  has_more: boolean;
  counts: CountsDto;
  /**
   * The member's balance now: a tab that was away while another tab or device spent credits
   * missed the message:new frames that carried it.
   */
  credits: number;
  /** the ledger row that balance comes from: of two balances, the higher version is the later */
  credits_version: number;
}

/** DELETE /api/chat.php -> the conversations hidden for the caller */
export interface DeleteChatResponse {
  /** conversations now hidden from the member */
  removed: number[];
  /** conversations that stay listed: messages after `up_to` came in, shown with only those */
  kept: number[];
  counts: CountsDto;
}

/** POST and DELETE /api/block.php */
export const blockBody = z.strictObject({ profile: z.number().int().positive() });
export interface BlockResponse {
  profile: number;
  blocked: boolean;
}

/** GET /api/gifts.php */
export interface GiftDto {
  id: string;
  emoji: string;
  credits: number;
}

/** GET /api/icebreakers.php; key is an i18n message key the client translates */
export interface IcebreakerDto {
  id: string;
  key: string;
}

import { z } from 'zod';

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
}

export const clientIdField = z.string().min(8).max(64).regex(/^[A-Za-z0-9_-]+$/);

/** POST /api/messages.php and the `message:send` socket command. */
export const sendMessageBody = z.object({
  /** recipient profile id (a conversation is created on the first message) */
  profile: z.number().int().positive(),
  client_id: clientIdField,
  kind: z.enum(MESSAGE_KINDS).default('text'),
  body: z.string().max(10_000).default(''),
  gift_id: z.string().max(64).optional(),
});
export type SendMessageInput = z.input<typeof sendMessageBody>;

export const markReadBody = z.object({
  conversation: z.number().int().positive(),
  message: z.number().int().positive(),
});

export const deleteChatBody = z.union([
  z.object({ conversation: z.number().int().positive() }),
  z.object({ profile: z.number().int().positive() }),
]);

/** Totals that drive the Messages/Likes badges, the page title and the app badge. */
export interface CountsDto {
  total_unread: number;
  total_new_likes: number;
  /** total_unread + total_new_likes */
  badge: number;
}

/** Rows -> the shared chat DTOs. */
import type { SiteRow } from '@db/schema/index.js';
import { ageOn } from '@shared/rules/age.js';
import type { ChatProfileDto, MessageDto, MessageKind } from '@shared/api/chats.js';
import type { MessageRow, PeerRow } from './queries.js';

export function presentMessage(row: MessageRow): MessageDto {
  return {
    id: row.id,
    conversation: row.conversationId,
    sender: row.senderId,
    client_id: row.clientId,
    kind: row.kind as MessageKind,
    body: row.body,
    gift_id: row.giftId,
    created_at: new Date(row.createdAt).toISOString(),
  } satisfies MessageDto;
}

/**
 * The other member as a chat shows them. Online state is refined by the realtime layer; here a
 * member is offline with their last-seen time, and invisible members show no last-seen at all;
 * neither do members in a block with the viewer (showPresence false).
 */
export function presentChatProfile(peer: PeerRow, site: SiteRow, now: number, showPresence = true): ChatProfileDto {
  return {
    id: peer.id,
    name: peer.name,
    age: ageOn(peer.birthDate, now) ?? 0,
    country: peer.country,
    main_image:
      peer.photoFilename && peer.photoThumb
        ? { thumb: `${site.cdnPrefix}${peer.photoThumb}`, match: `${site.cdnPrefix}${peer.photoFilename}` }
        : null,
    can_receive_replies: peer.status !== 'not_confirmed',
    online: false,
    last_seen: !showPresence || peer.invisible || peer.lastSeenAt === null ? null : new Date(peer.lastSeenAt).toISOString(),
  } satisfies ChatProfileDto;
}

import { describe, expect, it } from 'vitest';
import type { ChatEntryDto, MessageDto } from '@shared/api/chats.js';
import { appStore } from './jotai.js';
import { chatEntriesAtom, chatListAtom } from './chats.js';

function entryWith(profile: number, lastMessageId: number | null): ChatEntryDto {
  const last: MessageDto | null =
    lastMessageId === null
      ? null
      : { id: lastMessageId, conversation: profile * 10, sender: profile, client_id: `client-${lastMessageId}`, kind: 'text', body: 'hi', gift_id: null, created_at: '2026-11-01T10:00:00.000Z' };
  return {
    conversation: profile * 10,
    profile: { id: profile, name: `P${profile}`, age: 30, country: 'NL', main_image: null, can_receive_replies: true, online: false, last_seen: null },
    num_unread_messages: 0,
    last_message: last,
    peer_last_read: 0,
    blocked_by_me: false,
    blocked_me: false,
    visible_after: 0,
  };
}

describe('the conversation list order', () => {
  it('puts the newest message first and chats whose last message is past the history cut last, in the server order', () => {
    // As the server lists them: newest last message first, the cut ones (no preview) among them.
    const listed = [entryWith(1, 90), entryWith(2, null), entryWith(3, 70), entryWith(4, null), entryWith(5, 95)];
    appStore.set(chatEntriesAtom, new Map(listed.map((e) => [e.profile.id, e])));
    expect(appStore.get(chatListAtom).map((e) => e.profile.id)).toEqual([5, 1, 3, 2, 4]);
  });
});

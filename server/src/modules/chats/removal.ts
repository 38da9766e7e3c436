/** Deleting a chat hides it for the deleter only; a newer message brings it back (queries.recordDelivery). */
import { writeTransaction } from '@db/client.js';
import type { UserRow } from '@db/schema/index.js';
import type { DeleteChatResponse } from '@shared/api/chats.js';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import * as q from './queries.js';
import { countsFor } from './service.js';

export type ChatTarget = { conversation: number } | { profile: number };

/** Hides the conversation (or every conversation with the profile) for `user`; 404 when none is theirs. */
export function removeChat(ctx: AppContext, user: UserRow, target: ChatTarget): DeleteChatResponse {
  const now = ctx.clock.now();
  const removed = writeTransaction(ctx.db, (tx) => {
    const conversation =
      'conversation' in target ? q.findConversationOf(tx, user.id, target.conversation) : q.findConversationBetween(tx, user.id, target.profile);
    const member = conversation && q.findMember(tx, conversation.id, user.id);
    if (!conversation || !member) throw notFound();
    q.updateMember(tx, conversation.id, user.id, {
      deletedAt: now,
      hiddenBeforeMessageId: member.lastMessageId ?? 0,
      unreadCount: 0,
    });
    return [conversation.id];
  });
  const counts = countsFor(ctx, user.id);
  for (const conversation of removed) ctx.notifier.notify(user.id, 'chat:removed', { conversation });
  ctx.notifier.notify(user.id, 'counts', counts);
  return { removed, counts };
}

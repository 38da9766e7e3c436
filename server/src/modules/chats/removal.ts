/** Deleting a chat hides it for the deleter only; a newer message brings it back (queries.recordDelivery). */
import { writeTransaction } from '@db/client.js';
import type { UserRow } from '@db/schema/index.js';
import type { DeleteChatResponse } from '@shared/api/chats.js';
import { historyCutoff } from '@shared/rules/chat-history.js';
import type { AppContext } from '../../context.js';
import { badRequest, notFound } from '../../http/errors.js';
import * as q from './queries.js';
import { countsFor } from './service.js';

export type ChatTarget = ({ conversation: number } | { profile: number }) & {
  /**
   * the newest message the member was shown there (0: none, all past their history cut); absent:
   * everything stored so far
   */
  up_to?: number | undefined;
};

/**
 * Hides the conversation (or every conversation with the profile) for `user` up to `up_to`; 404
 * when none is theirs. A message stored after `up_to` (sent while the member pressed delete, its
 * frame still on the way) is not hidden with the rest: the chat stays, showing only what came after,
 * as if that message had come just after the delete.
 */
export function removeChat(ctx: AppContext, user: UserRow, target: ChatTarget): DeleteChatResponse {
  const now = ctx.clock.now();
  const { removed, kept } = writeTransaction(ctx.db, (tx) => {
    const conversation =
      'conversation' in target ? q.findConversationOf(tx, user.id, target.conversation) : q.findConversationBetween(tx, user.id, target.profile);
    const member = conversation && q.findMember(tx, conversation.id, user.id);
    if (!conversation || !member) throw notFound();
    // An id from another chat would hide this one's messages up to a number that means nothing here.
    if (target.up_to !== undefined && target.up_to !== 0 && !q.findMessage(tx, conversation.id, target.up_to)) throw badRequest('invalid_request', { fields: { up_to: 'invalid_request' } });
    const newest = member.lastMessageId ?? 0;
    // What a free member's history cut hides was never shown, yet it is of the chat they delete. A
    // chat all past the cut shows no message to send as up_to: without one (everything so far), a
    // message that came as they pressed delete was hidden unseen.
    const since = historyCutoff(now, user.paidUser);
    const pastCut = since === null ? 0 : q.newestMessageBefore(tx, conversation.id, since);
    // Never shows again what an earlier delete hid. (An up_to is a message of this chat, so at most its newest.)
    const hiddenBefore = Math.max(member.hiddenBeforeMessageId, target.up_to ?? newest, pastCut);
    if (hiddenBefore >= newest) {
      q.updateMember(tx, conversation.id, user.id, { deletedAt: now, hiddenBeforeMessageId: hiddenBefore, unreadCount: 0 });
      return { removed: [conversation.id], kept: [] };
    }
    const unreadCount = q.countPeerMessagesAfter(tx, conversation.id, user.id, Math.max(hiddenBefore, member.lastReadMessageId));
    q.updateMember(tx, conversation.id, user.id, { hiddenBeforeMessageId: hiddenBefore, unreadCount });
    return { removed: [], kept: [conversation.id] };
  });
  const counts = countsFor(ctx, user.id);
  for (const conversation of removed) ctx.notifier.notify(user.id, 'chat:removed', { conversation });
  // The member's other tabs list the chat with what it shows now.
  if (kept.length > 0) ctx.notifier.notify(user.id, 'invalidate', { resource: 'chats' });
  ctx.notifier.notify(user.id, 'counts', counts);
  return { removed, kept, counts };
}

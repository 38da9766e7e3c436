/**
 * What a refused send tells about the chat itself. A refusal for a block, an unconfirmed peer or
 * the conversation limit is a state of the chat, not of the message: it goes into the chat's
 * state (threadMetaAtom), which closes the composer and shows the notice above it, and which later
 * list loads and openings keep current. So the notice goes when its cause goes (the block lifted,
 * the e-mail confirmed), while the refused message keeps its Retry. Until session 46 the notice
 * was drawn from the refused message, and "You cannot contact this member." stayed above an open
 * box after the peer unblocked the member, and after a reload too (e2e/chat-refusals.spec.ts).
 */
import { appStore } from './jotai.js';
import { threadMetaAtom, type ThreadMeta } from './chats.js';
import type { SendFailure } from './chat-thread.js';

export function learnFromRefusal(profile: number, code: SendFailure['code']): void {
  if (code === 'conversation_limit') changeMeta(profile, (meta) => (meta.conversation_limit_reached ? meta : { ...meta, conversation_limit_reached: true }));
  // Which of the two blocks the refusal does not say; the list that the block's 'invalidate'
  // brings to every tab of both members does, and replaces this guess.
  if (code === 'blocked') changeMeta(profile, (meta) => (meta.blocked_me || meta.blocked_by_me ? meta : { ...meta, blocked_me: true }));
  if (code === 'recipient_unconfirmed') {
    changeMeta(profile, (meta) => (meta.profile.can_receive_replies ? { ...meta, profile: { ...meta.profile, can_receive_replies: false } } : meta));
  }
}

function changeMeta(profile: number, change: (meta: ThreadMeta) => ThreadMeta): void {
  const metas = appStore.get(threadMetaAtom);
  const meta = metas.get(profile);
  const next = meta && change(meta);
  if (next && next !== meta) appStore.set(threadMetaAtom, new Map(metas).set(profile, next));
}

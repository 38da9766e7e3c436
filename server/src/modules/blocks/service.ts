/**
 * Blocking: a blocked member cannot contact the blocker, and the blocker cannot send while
 * blocking (enforced in chats/service.ts sendMessage). Both sides refetch their chats.
 */
import type { SiteRow, UserRow } from '@db/schema/index.js';
import type { BlockResponse } from '@shared/api/chats.js';
import type { AppContext } from '../../context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { findPeer } from '../chats/queries.js';
import { blockExistsBetween, deleteBlock, insertBlock } from './queries.js';

/** True when either member blocks the other (for profile views and search). */
export function isBlockedEitherWay(ctx: AppContext, a: number, b: number): boolean {
  return blockExistsBetween(ctx.db, a, b);
}

/** Blocks (blocked true) or unblocks `profile` for `user`; repeating either is harmless. */
export function setBlocked(ctx: AppContext, user: UserRow, site: SiteRow, profile: number, blocked: boolean): BlockResponse {
  if (profile === user.id) throw badRequest('invalid_request', { fields: { profile: 'invalid_request' } });
  if (!findPeer(ctx.db, site.id, profile)) throw notFound();
  if (blocked) insertBlock(ctx.db, user.id, profile, ctx.clock.now());
  else deleteBlock(ctx.db, user.id, profile);
  ctx.notifier.notify(user.id, 'invalidate', { resource: 'chats' });
  ctx.notifier.notify(profile, 'invalidate', { resource: 'chats' });
  return { profile, blocked };
}

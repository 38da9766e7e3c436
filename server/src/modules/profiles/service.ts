/**
 * Viewing a member's profile. A member who blocked the viewer cannot be viewed (spec section 6:
 * a blocked member cannot view or contact the blocker and sees a notice): 403 `blocked`, so the
 * page shows the notice and nothing of the blocker.
 */
import type { SiteRow, UserRow } from '@db/schema/index.js';
import type { ProfileResponse } from '@shared/api/profiles.js';
import type { AppContext } from '../../context.js';
import { forbidden, notFound } from '../../http/errors.js';
import { readSnapshot } from '@db/read-snapshot.js';
import { blockExists } from '../blocks/queries.js';
import { findPeer } from '../chats/queries.js';
import { presentChatProfile } from '../chats/presenter.js';
import { findProfileTexts } from './queries.js';

export function viewProfile(ctx: AppContext, viewer: UserRow, site: SiteRow, id: number): ProfileResponse {
  return readSnapshot(ctx.db, () => {
    const member = findPeer(ctx.db, site.id, id);
    if (!member) throw notFound();
    if (blockExists(ctx.db, id, viewer.id)) throw forbidden('blocked');
    const blockedByMe = blockExists(ctx.db, viewer.id, id);
    // As in a chat: a block hides presence, and the realtime layer refines `online`.
    const profile = { ...presentChatProfile(member, site, ctx.clock.now(), !blockedByMe), ...findProfileTexts(ctx.db, id) };
    return { profile, blocked_by_me: blockedByMe };
  });
}

/**
 * Presence as members see it: online while they have a socket on any node, last seen when the
 * last one closed (stored in users.last_seen_at). Invisible members always look offline with no
 * last-seen time, and their transitions are never announced.
 */
import { eq, or, sql } from 'drizzle-orm';
import { inJsonIds, preparedOnce } from '@db/prepared.js';
import { readSnapshot } from '@db/read-snapshot.js';
import { blocks, users } from '@db/schema/index.js';
import type { PresenceDto } from '@shared/realtime.js';
import type { AppContext } from '../context.js';
import { recordLastSeen } from '../modules/users/last-seen.js';
import type { RealtimeEmitter } from './emitter.js';
import { presenceStamp, type PresenceCounter } from './presence-counter.js';
import type { PresenceReader } from './types.js';

export class PresenceService implements PresenceReader {
  constructor(
    private readonly ctx: AppContext,
    private readonly counter: PresenceCounter,
    private readonly emitter: Pick<RealtimeEmitter, 'presenceChanged' | 'mayHavePresenceWatchers'>,
  ) {}

  async socketOpened(userId: number): Promise<void> {
    const at = await this.counter.opened(userId);
    if (at === false) return;
    // After a restart 10,000 members come back before anyone watches again: no reads, no encoding.
    if (!this.emitter.mayHavePresenceWatchers(userId)) return;
    const shown = this.shownMember(userId);
    if (shown) this.emitter.presenceChanged({ profile: userId, online: true, last_seen: iso(shown.lastSeenAt), at }, shown.hiddenFrom);
  }

  async socketClosed(userId: number): Promise<void> {
    const at = await this.counter.closed(userId);
    if (at !== false) this.wentOffline(userId, undefined, at);
  }

  /**
   * The member's last socket anywhere is gone: closed here (now), or swept from a dead node
   * (lastAliveAt, that node's last heartbeat). `at`: the stamp of the count that found it so.
   */
  wentOffline(userId: number, lastAliveAt = this.ctx.clock.now(), at = presenceStamp()): void {
    // Best effort (recordLastSeen): on a full disk watchers are told with the last stamp stored.
    recordLastSeen(this.ctx.db, userId, lastAliveAt);
    if (!this.emitter.mayHavePresenceWatchers(userId)) return;
    const shown = this.shownMember(userId);
    // As stored: a later sighting elsewhere (the member came back on another node and left) stays.
    if (shown) this.emitter.presenceChanged({ profile: userId, online: false, last_seen: iso(shown.lastSeenAt), at }, shown.hiddenFrom);
  }

  /**
   * Tells the watchers of these members, on every node, whether they are online now (after a
   * Redis outage in which their changes could not be published). Invisible members stay silent.
   * In slices, so a node announcing all its members after a long outage keeps serving between them.
   */
  async announce(userIds: number[]): Promise<void> {
    for (let start = 0; start < userIds.length; start += ANNOUNCE_SLICE) {
      const slice = userIds.slice(start, start + ANNOUNCE_SLICE);
      const { online, at } = await this.counter.statesOf(slice);
      for (const userId of slice) {
        const shown = this.shownMember(userId);
        if (shown) this.emitter.presenceChanged({ profile: userId, online: online.has(userId), last_seen: iso(shown.lastSeenAt), at }, shown.hiddenFrom);
      }
    }
  }

  async lookup(profileIds: number[]): Promise<PresenceDto[]> {
    if (profileIds.length === 0) return [];
    // Redis first, the database after: a member who left during the wait has their last-seen
    // stored by then (their node stores it before it announces them), and the answer carries it
    // instead of the one from before they left (which the viewer would take as newer news).
    // Invisible members are asked too (a few keys): their state is not shown anyway.
    const { online, at } = await this.counter.statesOf(profileIds);
    const rows = presenceOf(this.ctx.db).all({ ids: JSON.stringify(profileIds) });
    return rows.map((r) =>
      r.invisible ? { profile: r.id, online: false, last_seen: null, at } : { profile: r.id, online: online.has(r.id), last_seen: iso(r.lastSeenAt), at },
    );
  }

  /**
   * The member's last-seen time and the members in a block with them (either direction: a watch
   * made before the block must not see them), read in one snapshot; undefined for an invisible
   * member (their transitions are never announced) or one who is gone.
   */
  private shownMember(userId: number): { lastSeenAt: number | null; hiddenFrom: number[] } | undefined {
    return readSnapshot(this.ctx.db, () => {
      const member = presenceMember(this.ctx.db).get({ userId });
      if (!member || member.invisible) return undefined;
      const hiddenFrom = blocksOf(this.ctx.db)
        .all({ userId })
        .map((b) => (b.blocker === userId ? b.blocked : b.blocker));
      return { lastSeenAt: member.lastSeenAt, hiddenFrom };
    });
  }
}

const ANNOUNCE_SLICE = 200;

function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}

// Every socket open and close runs these (10,000 of them when a node restarts): prepared once.
const blocksOf = preparedOnce((db) =>
  db
    .select({ blocker: blocks.blockerId, blocked: blocks.blockedId })
    .from(blocks)
    .where(or(eq(blocks.blockerId, sql.placeholder('userId')), eq(blocks.blockedId, sql.placeholder('userId'))))
    .prepare(),
);

// A watch names up to 200 profiles; one statement for any number of them (a JSON array bound as
// text) instead of building an IN list per call.
const presenceOf = preparedOnce((db) =>
  db
    .select({ id: users.id, invisible: users.invisible, lastSeenAt: users.lastSeenAt })
    .from(users)
    .where(inJsonIds(users.id))
    .prepare(),
);

const presenceMember = preparedOnce((db) =>
  db.select({ invisible: users.invisible, lastSeenAt: users.lastSeenAt }).from(users).where(eq(users.id, sql.placeholder('userId'))).prepare(),
);

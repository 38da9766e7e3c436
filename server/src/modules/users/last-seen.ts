import { eq, sql } from 'drizzle-orm';
import type { Db } from '@db/client.js';
import { preparedOnce } from '@db/prepared.js';
import { users } from '@db/schema/index.js';
import { LAST_SEEN_SET_RIGHT_MS } from '@shared/constants.js';

// Written when a member's last socket closes (thousands at once when a node restarts), when a
// page is hidden and from the polled user endpoint: prepared once.
const setLastSeen = preparedOnce((db) =>
  db
    .update(users)
    // Never back for a stamp a little older: a dead node's members are swept with its last
    // heartbeat, which can be older than a sighting on another node since (by the node's key's
    // 30 s and a heartbeat's 10 s). One over LAST_SEEN_SET_RIGHT_MS older is a clock set right: a node
    // whose clock ran ahead wrote a future stamp, and "never back" kept it, so every watcher read
    // "last seen" frozen at that future time, however often the member came back.
    .set({
      lastSeenAt: sql`CASE WHEN ${users.lastSeenAt} IS NULL OR ${sql.placeholder('now')} > ${users.lastSeenAt}
        OR ${sql.placeholder('now')} < ${users.lastSeenAt} - ${LAST_SEEN_SET_RIGHT_MS} THEN ${sql.placeholder('now')} ELSE ${users.lastSeenAt} END`,
    })
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare(),
);

/**
 * Stores when the member was last seen (users.last_seen_at, only ever later), for "last seen" and
 * "online recently". Best effort: it rides on something else (a poll the app's first load waits
 * for, a member going offline whose watchers must be told, a beacon), and a stamp that cannot be
 * written (a full disk) must not fail that: the poll answered 500 and kept members on the
 * can't-connect page, and watchers kept a member shown online. A later sighting records it.
 */
export function recordLastSeen(db: Db, userId: number, now: number): void {
  try {
    setLastSeen(db).run({ userId, now });
  } catch (err) {
    console.error(`[last seen] member ${userId} not recorded: ${(err as Error).message}`);
  }
}

import { eq, sql } from 'drizzle-orm';
import type { Db } from '@db/client.js';
import { preparedOnce } from '@db/prepared.js';
import { users } from '@db/schema/index.js';

// Written when a member's last socket closes (thousands at once when a node restarts), when a
// page is hidden and from the polled user endpoint: prepared once.
const setLastSeen = preparedOnce((db) =>
  db
    .update(users)
    // Never back: a dead node's members are swept with its last heartbeat, which can be older than
    // a sighting on another node since.
    .set({ lastSeenAt: sql`max(coalesce(${users.lastSeenAt}, 0), ${sql.placeholder('now')})` })
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

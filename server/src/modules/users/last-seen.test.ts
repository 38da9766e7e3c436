import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@db/schema/index.js';
import { openTestDatabase, type TestDatabase } from '../../test/harness.js';
import { createMember } from '../../test/factories.js';
import { recordLastSeen } from './last-seen.js';

let test: TestDatabase;
beforeAll(() => {
  test = openTestDatabase();
});
afterAll(() => test.close());

const lastSeenOf = (id: number) => test.db.select({ at: users.lastSeenAt }).from(users).where(eq(users.id, id)).get()!.at;
const T = Date.UTC(2026, 11, 2, 9, 0);

describe('last seen', () => {
  it('never goes back for a stamp a little older: a dead node\'s last heartbeat, swept after a sighting elsewhere', async () => {
    const member = await createMember(test.db);
    recordLastSeen(test.db, member.id, T);
    recordLastSeen(test.db, member.id, T - 40_000);
    expect(lastSeenOf(member.id)).toBe(T);
  });

  it('follows a stamp over 2 minutes older: a node whose clock ran ahead was set right, and the member is seen again', async () => {
    const member = await createMember(test.db);
    // Written by a node whose clock was an hour ahead.
    recordLastSeen(test.db, member.id, T + 3_600_000);
    recordLastSeen(test.db, member.id, T);
    expect(lastSeenOf(member.id)).toBe(T);
  });
});

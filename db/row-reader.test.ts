import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createMember } from '../server/src/test/factories.js';
import { openTestDatabase } from '../server/src/test/harness.js';
import { rowsWhere } from './row-reader.js';
import { users } from './schema/index.js';

const { db, close } = openTestDatabase();
afterAll(close);

describe('rowsWhere', () => {
  it('reads a whole row exactly as drizzle maps it (booleans, JSON, nulls), or undefined', async () => {
    const member = await createMember(db, { paidUser: true, credits: 3 });
    db.update(users).set({ notificationsDisabled: ['likes'], invisible: true }).where(eq(users.id, member.id)).run();
    const userById = rowsWhere<typeof users, [number]>(users, 'id = ?');
    const row = userById(db, member.id);
    expect(row).toEqual(db.select().from(users).where(eq(users.id, member.id)).get());
    expect(row).toMatchObject({ paidUser: true, invisible: true, notificationsDisabled: ['likes'], trafficSource: null });
    expect(userById(db, -1)).toBeUndefined();
  });
});

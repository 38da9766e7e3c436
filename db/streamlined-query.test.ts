import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { createMember } from '../server/src/test/factories.js';
import { openTestDatabase } from '../server/src/test/harness.js';
import { likes, photos, profiles, users } from './schema/index.js';
import { streamlined } from './streamlined-query.js';

const { db, close } = openTestDatabase();
afterAll(close);
let memberId: number;
let peerId: number;
beforeAll(async () => {
  memberId = (await createMember(db, { paidUser: true, name: 'Streamlined' })).id;
  db.update(users).set({ failedLogins: 7 }).where(eq(users.id, memberId)).run();
  peerId = (await createMember(db)).id;
});

describe('streamlined drizzle queries', () => {
  it('read whole rows exactly as drizzle maps them (booleans, JSON, nulls)', () => {
    const query = db.select().from(users).where(eq(users.id, sql.placeholder('id'))).prepare();
    const expected = query.get({ id: memberId });
    const row = streamlined(query).get({ id: memberId });
    expect(row).toEqual(expected);
    expect(row?.paidUser).toBe(true);
    expect(Array.isArray(row?.notificationsDisabled)).toBe(true);
    expect(streamlined(query).get({ id: -1 })).toBeUndefined();
  });

  it('map joins, a left join that found nothing, and SQL expressions with their decoders', () => {
    const query = db
      .select({ id: users.id, name: profiles.name, photo: photos.filename, n: count(), doubled: sql<number>`${users.failedLogins} * 2`.mapWith(String) })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
      .where(eq(users.id, sql.placeholder('id')))
      .groupBy(users.id)
      .prepare();
    const row = streamlined(query).get({ id: memberId });
    expect(row).toEqual(query.get({ id: memberId }));
    expect(row).toEqual({ id: memberId, name: 'Streamlined', photo: null, n: 1, doubled: '14' });
    expect(streamlined(query).all({ id: memberId })).toEqual(query.all({ id: memberId }));
  });

  it('write with and without RETURNING, encoding a placeholder through its column (a boolean stored as 0 or 1)', () => {
    const add = streamlined(
      db
        .update(users)
        .set({ failedLogins: sql`${users.failedLogins} + ${sql.placeholder('delta')}` })
        .where(eq(users.id, sql.placeholder('id')))
        .returning({ failedLogins: users.failedLogins })
        .prepare(),
    );
    expect(add.get({ id: memberId, delta: 3 })).toEqual({ failedLogins: 10 });
    const like = streamlined(
      db
        .insert(likes)
        .values({ likerId: sql.placeholder('liker'), likedId: sql.placeholder('liked'), isNew: sql.placeholder('isNew'), createdAt: 1 })
        .prepare(),
    );
    expect(like.run({ liker: peerId, liked: memberId, isNew: false }).changes).toBe(1);
    expect(db.$client.prepare('SELECT is_new FROM likes WHERE liker_id = ?').get(peerId)).toEqual({ is_new: 0 });
  });

  it('honour a constant limit (written into the SQL) and a placeholder limit alike', async () => {
    await createMember(db);
    const constant = db.select({ id: users.id }).from(users).orderBy(users.id).limit(2).prepare();
    expect(streamlined(constant).all()).toEqual(constant.all());
    expect(streamlined(constant).all()).toHaveLength(2);
    const bound = db.select({ id: users.id }).from(users).orderBy(users.id).limit(sql.placeholder('n')).prepare();
    expect(streamlined(bound).all({ n: 1 })).toEqual([{ id: memberId }]);
    expect(streamlined(bound).all({ n: 3 })).toEqual(bound.all({ n: 3 }));
  });

  it('refuse a missing placeholder value, as drizzle does', () => {
    const query = streamlined(db.select({ id: users.id }).from(users).where(eq(users.id, sql.placeholder('id'))).prepare());
    expect(() => query.get({} as { id: number })).toThrow('No value for placeholder "id"');
  });

  it('leave nested selections to drizzle', () => {
    const nested = db.select({ member: { id: users.id } }).from(users).where(eq(users.id, sql.placeholder('id'))).prepare();
    expect(streamlined(nested)).toBe(nested);
    expect(streamlined(nested).get({ id: memberId })).toEqual({ member: { id: memberId } });
  });
});

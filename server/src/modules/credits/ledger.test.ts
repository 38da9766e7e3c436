import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDb, writeTransaction, type Db } from '@db/client.js';
import { creditLedger, users } from '@db/schema/index.js';
import { createMember, insertTestSite } from '../../test/factories.js';
import { tempDir } from '../../test/harness.js';
import { InsufficientCreditsError, moveCredits, spendCredits } from './ledger.js';
import { rmSync } from 'node:fs';
import { join } from 'node:path';

let db: Db;
let dir: string;
beforeAll(() => {
  dir = tempDir();
  db = openDb(join(dir, 'ledger.db'));
  insertTestSite(db);
});
afterAll(() => {
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('credit ledger', () => {
  it('adds and spends, writing one ledger row per movement with the balance after', async () => {
    const m = await createMember(db, { credits: 0 });
    writeTransaction(db, (tx) => moveCredits(tx, m.id, 10, 'purchase', 'order-1', 1));
    writeTransaction(db, (tx) => spendCredits(tx, m.id, 3, 'message', 'msg-1', 2));
    const rows = db.select().from(creditLedger).where(eq(creditLedger.userId, m.id)).all();
    expect(rows.map((r) => [r.delta, r.balanceAfter])).toEqual([
      [10, 10],
      [-3, 7],
    ]);
    expect(db.select().from(users).where(eq(users.id, m.id)).get()!.credits).toBe(7);
  });

  it('applies the same (reason, reference) once', async () => {
    const m = await createMember(db, { credits: 5 });
    const first = writeTransaction(db, (tx) => spendCredits(tx, m.id, 1, 'message', 'same', 1));
    const second = writeTransaction(db, (tx) => spendCredits(tx, m.id, 1, 'message', 'same', 2));
    expect(first).toEqual({ balance: 4, applied: true });
    expect(second).toEqual({ balance: 4, applied: false });
  });

  it('refuses to go below zero and leaves balance and ledger untouched', async () => {
    const m = await createMember(db, { credits: 2 });
    expect(() => writeTransaction(db, (tx) => spendCredits(tx, m.id, 3, 'gift', 'g1', 1))).toThrow(InsufficientCreditsError);
    expect(db.select().from(users).where(eq(users.id, m.id)).get()!.credits).toBe(2);
    expect(db.select().from(creditLedger).where(eq(creditLedger.userId, m.id)).all()).toHaveLength(0);
  });

  it('rolls the balance back when the surrounding transaction fails', async () => {
    const m = await createMember(db, { credits: 4 });
    expect(() =>
      writeTransaction(db, (tx) => {
        spendCredits(tx, m.id, 1, 'message', 'rolled-back', 1);
        throw new Error('later step failed');
      }),
    ).toThrow('later step failed');
    expect(db.select().from(users).where(eq(users.id, m.id)).get()!.credits).toBe(4);
  });

  it('the database itself refuses a negative balance', async () => {
    const m = await createMember(db, { credits: 1 });
    expect(() => db.update(users).set({ credits: -1 }).where(eq(users.id, m.id)).run()).toThrow(/CHECK/);
  });
});

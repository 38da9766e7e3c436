import { afterAll, describe, expect, it } from 'vitest';
import { writeTransaction } from '@db/client.js';
import { creditLedger } from '@db/schema/index.js';
import { createMember, ledgerMovementsOf } from '../../test/factories.js';
import { openTestDatabase } from '../../test/harness.js';
import { chargeForMessage, creditBalance, InsufficientCreditsError, moveCredits } from './ledger.js';

const { db, close } = openTestDatabase();
afterAll(close);

const movementsOf = (userId: number) => ledgerMovementsOf(db, userId);
const newestLedgerId = (userId: number) => (db.$client.prepare('SELECT max(id) AS id FROM credit_ledger WHERE user_id = ?').get(userId) as { id: number }).id;

describe('credit ledger', () => {
  it('adds and spends, writing one ledger row per movement with the balance after', async () => {
    const m = await createMember(db, { credits: 0 });
    writeTransaction(db, (tx) => moveCredits(tx, m.id, 10, 'purchase', 'order-1', 1));
    writeTransaction(db, (tx) => moveCredits(tx, m.id, -3, 'message', 'msg-1', 2));
    const rows = movementsOf(m.id);
    expect(rows.map((r) => [r.delta, r.balanceAfter])).toEqual([
      [10, 10],
      [-3, 7],
    ]);
    expect(creditBalance(db, m.id)).toBe(7);
  });

  it('applies the same (reason, reference) once', async () => {
    const m = await createMember(db, { credits: 5 });
    const first = writeTransaction(db, (tx) => moveCredits(tx, m.id, -1, 'message', 'same', 1));
    const second = writeTransaction(db, (tx) => moveCredits(tx, m.id, -1, 'message', 'same', 2));
    expect(first).toEqual({ balance: 4, applied: true });
    expect(second).toEqual({ balance: 4, applied: false });
  });

  it('refuses to go below zero and leaves balance and ledger untouched', async () => {
    const m = await createMember(db, { credits: 2 });
    expect(() => writeTransaction(db, (tx) => moveCredits(tx, m.id, -3, 'gift', 'g1', 1))).toThrow(InsufficientCreditsError);
    expect(creditBalance(db, m.id)).toBe(2);
    expect(movementsOf(m.id)).toHaveLength(0);
  });

  it('rolls the balance back when the surrounding transaction fails', async () => {
    const m = await createMember(db, { credits: 4 });
    expect(() =>
      writeTransaction(db, (tx) => {
        moveCredits(tx, m.id, -1, 'message', 'rolled-back', 1);
        throw new Error('later step failed');
      }),
    ).toThrow('later step failed');
    expect(creditBalance(db, m.id)).toBe(4);
  });

  it('the database itself refuses a negative balance, and a row that does not follow from the one before', async () => {
    const m = await createMember(db, { credits: 1 });
    const row = (delta: number, balanceAfter: number) => () =>
      db.insert(creditLedger).values({ userId: m.id, delta, reason: 'admin', balanceAfter, createdAt: 1 }).run();
    expect(row(-2, -1)).toThrow(/balance_after/);
    expect(row(5, 9)).toThrow(/balance_after/); // 1 + 5 is 6
    expect(creditBalance(db, m.id)).toBe(1);
    row(5, 6)();
    expect(creditBalance(db, m.id)).toBe(6);
  });

  it('charges a message with a row naming the message, outside the reference index', async () => {
    const m = await createMember(db, { credits: 3 });
    expect(writeTransaction(db, (tx) => chargeForMessage(tx, m.id, 2, 'gift', 41, 5))).toEqual({ balance: 1, version: newestLedgerId(m.id) });
    const rows = movementsOf(m.id);
    expect(rows.map((r) => [r.reason, r.delta, r.reference, r.messageId, r.balanceAfter])).toEqual([['gift', -2, null, 41, 1]]);
    // Two charges are two rows: each message is its own key, there is no reference to collide on.
    writeTransaction(db, (tx) => chargeForMessage(tx, m.id, 1, 'message', 42, 6));
    expect(creditBalance(db, m.id)).toBe(0);
    expect(() => writeTransaction(db, (tx) => chargeForMessage(tx, m.id, 1, 'message', 43, 7))).toThrow(InsufficientCreditsError);
    expect(movementsOf(m.id)).toHaveLength(2);
  });

  it('a charge given the balance its caller read is refused by the database when that balance is stale', async () => {
    const m = await createMember(db, { credits: 5 });
    expect(writeTransaction(db, (tx) => chargeForMessage(tx, m.id, 2, 'message', 51, 1, 5))).toMatchObject({ balance: 3 });
    // 5 is no longer the balance: the row would claim 5 - 2 = 3 after a balance of 3
    expect(() => writeTransaction(db, (tx) => chargeForMessage(tx, m.id, 2, 'message', 52, 2, 5))).toThrow(/balance_after/);
    expect(creditBalance(db, m.id)).toBe(3);
    expect(movementsOf(m.id)).toHaveLength(1);
  });

  it('the kept balance cannot be written around the ledger: only a ledger row moves it', async () => {
    const m = await createMember(db, { credits: 3 });
    const other = await createMember(db, { credits: 0 });
    expect(() => db.$client.prepare('UPDATE credit_balances SET balance = 1000 WHERE user_id = ?').run(m.id)).toThrow(/written only from the ledger/);
    expect(() => db.$client.prepare('INSERT INTO credit_balances (user_id, balance) VALUES (?, 50)').run(other.id)).toThrow(/written only from the ledger/);
    // Not even to the figure of an older row of the member's own.
    writeTransaction(db, (tx) => chargeForMessage(tx, m.id, 1, 'message', 61, 1));
    expect(() => db.$client.prepare('UPDATE credit_balances SET balance = 3 WHERE user_id = ?').run(m.id)).toThrow(/written only from the ledger/);
    // Nor removed, which would read as 0 while the ledger says 2.
    expect(() => db.$client.prepare('DELETE FROM credit_balances WHERE user_id = ?').run(m.id)).toThrow(/written only from the ledger/);
    expect([creditBalance(db, m.id), creditBalance(db, other.id)]).toEqual([2, 0]);
    // The member's own removal takes the row along (a purge of accounts must not be refused).
    db.$client.prepare('DELETE FROM users WHERE id = ?').run(m.id);
    expect(db.$client.prepare('SELECT count(*) AS n FROM credit_balances WHERE user_id = ?').get(m.id)).toEqual({ n: 0 });
  });

  it('every member has a balance row from the start, and it names the ledger row its figure comes from', async () => {
    const m = await createMember(db, { credits: 0 });
    const row = () => db.$client.prepare('SELECT balance, ledger_id AS ledgerId FROM credit_balances WHERE user_id = ?').get(m.id);
    expect(row()).toEqual({ balance: 0, ledgerId: 0 });
    writeTransaction(db, (tx) => moveCredits(tx, m.id, 10, 'purchase', 'order-v1', 1));
    writeTransaction(db, (tx) => chargeForMessage(tx, m.id, 3, 'message', 71, 2));
    expect(row()).toEqual({ balance: 7, ledgerId: newestLedgerId(m.id) });
  });

  it('the kept balance cannot be pointed at another member\'s row, an older row, or moved to another member', async () => {
    const m = await createMember(db, { credits: 5 });
    const other = await createMember(db, { credits: 9 });
    const update = (sql: string, ...params: unknown[]) => () => db.$client.prepare(sql).run(...params);
    // other's newest row is newer than m's, and its figure is 9: still not m's
    expect(update('UPDATE credit_balances SET balance = 9, ledger_id = ? WHERE user_id = ?', newestLedgerId(other.id), m.id)).toThrow(/written only from the ledger/);
    expect(update('UPDATE credit_balances SET user_id = ? WHERE user_id = ?', 999_999, m.id)).toThrow(/written only from the ledger/);
    expect(update('UPDATE credit_balances SET ledger_id = 0, balance = 0 WHERE user_id = ?', m.id)).toThrow(/written only from the ledger/);
    expect([creditBalance(db, m.id), creditBalance(db, other.id)]).toEqual([5, 9]);
  });

  it('the balance is always the newest row\'s balance_after and the sum of the movements, whoever moved last', async () => {
    const members = [await createMember(db, { credits: 20 }), await createMember(db, { credits: 20 }), await createMember(db, { credits: 20 })];
    // Interleaved movements of several members, as concurrent sends commit in one batch.
    writeTransaction(db, (tx) => {
      for (let i = 0; i < 30; i++) {
        const m = members[(i * 7) % 3]!;
        if (i % 5 === 0) moveCredits(tx, m.id, 4, 'purchase', `order-${m.id}-${i}`, i);
        else chargeForMessage(tx, m.id, 1, 'message', 1000 + i, i);
      }
    });
    for (const m of members) {
      const rows = movementsOf(m.id);
      expect(creditBalance(db, m.id)).toBe(rows.at(-1)!.balanceAfter);
      expect(creditBalance(db, m.id)).toBe(20 + rows.reduce((sum, r) => sum + r.delta, 0));
    }
  });

  it('looks a reference up through the unique index, not by scanning the member\'s rows', () => {
    // The index is partial (reference IS NOT NULL); a plan that cannot use it would scan every
    // ledger row of the member, and a busy chatter has thousands.
    const plan = db.$client
      .prepare("EXPLAIN QUERY PLAN SELECT balance_after FROM credit_ledger WHERE user_id = ? AND reason = ? AND reference = ?")
      .all(1, 'purchase', 'order-1') as Array<{ detail: string }>;
    expect(plan.map((p) => p.detail).join(' ')).toContain('credit_ledger_idempotency');
  });

  it('a message that costs nothing (a site with free messages) is charged 0: one row, the balance as it was', async () => {
    const m = await createMember(db, { credits: 2 });
    expect(writeTransaction(db, (tx) => chargeForMessage(tx, m.id, 0, 'message', 91, 1))).toEqual({ balance: 2, version: newestLedgerId(m.id) });
    expect(movementsOf(m.id).map((r) => [r.delta, r.balanceAfter, r.messageId])).toEqual([[0, 2, 91]]);
    expect(() => writeTransaction(db, (tx) => chargeForMessage(tx, m.id, -1, 'message', 92, 2))).toThrow(/amount must be >= 0/);
    expect(creditBalance(db, m.id)).toBe(2);
  });
});

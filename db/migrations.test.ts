import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { applyMigrations, migrationsFolder, schema, type Db } from './client.js';
import { createMember, insertTestSite } from '../server/src/test/factories.js';
import { chargeForMessage, creditBalance, moveCredits } from '../server/src/modules/credits/ledger.js';
import { writeTransaction } from './client.js';
import { tempDir } from '../server/src/test/harness.js';

/** A copy of the migrations folder holding only the first `count` migrations. */
function migrationsUpTo(count: number, dir: string): string {
  const folder = join(dir, 'migrations');
  mkdirSync(join(folder, 'meta'), { recursive: true });
  const journal = JSON.parse(readFileSync(join(migrationsFolder(), 'meta/_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
  journal.entries = journal.entries.slice(0, count);
  for (const { tag } of journal.entries) cpSync(join(migrationsFolder(), `${tag}.sql`), join(folder, `${tag}.sql`));
  writeFileSync(join(folder, 'meta/_journal.json'), JSON.stringify(journal));
  return folder;
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A new database file with only the first `count` migrations applied (removed after the test). */
function databaseMigratedTo(count: number): { sqlite: Database.Database; db: Db } {
  const dir = tempDir();
  dirs.push(dir);
  const sqlite = new Database(join(dir, 'app.db'));
  const db = drizzle(sqlite, { schema }) as Db;
  applyMigrations(db, migrationsUpTo(count, dir));
  return { sqlite, db };
}

describe('migrating a database that already holds chats and credits', () => {
  it('0003 keeps every chat\'s last message (now on both members\' rows) and the one-message-per-client-id rule; 0004 carries every balance into the ledger and loses no row that references a member; 0005 keeps each member\'s newest balance', async () => {
    const { sqlite, db } = databaseMigratedTo(3);

    // Written with the tables as 0002 left them: the last message sat on the conversation.
    insertTestSite(db);
    const a = await createMember(db);
    const b = await createMember(db);
    const conversation = Number(
      sqlite.prepare('INSERT INTO conversations (user_low, user_high, started_by, created_at) VALUES (?, ?, ?, 1)').run(a.id, b.id, a.id).lastInsertRowid,
    );
    const message = sqlite.prepare("INSERT INTO messages (conversation_id, sender_id, client_id, body, created_at) VALUES (?, ?, ?, 'hi', 1)");
    message.run(conversation, a.id, 'client-0001');
    const last = Number(message.run(conversation, b.id, 'client-0001').lastInsertRowid);
    sqlite.prepare('UPDATE conversations SET last_message_id = ? WHERE id = ?').run(last, conversation);
    sqlite.prepare('INSERT INTO conversation_members (conversation_id, user_id) VALUES (?, ?), (?, ?)').run(conversation, a.id, conversation, b.id);
    // Balances as they were kept before 0004: a on users only, b on users and a ledger row that agrees.
    sqlite.prepare('UPDATE users SET credits = ? WHERE id = ?').run(25, a.id);
    sqlite.prepare('UPDATE users SET credits = ? WHERE id = ?').run(8, b.id);
    // b's newest row decides (0005 copies it into credit_balances), not the first.
    sqlite
      .prepare("INSERT INTO credit_ledger (user_id, delta, reason, reference, balance_after, created_at) VALUES (?, 10, 'purchase', 'order-1', 10, 1)")
      .run(b.id);
    sqlite
      .prepare("INSERT INTO credit_ledger (user_id, delta, reason, reference, message_id, balance_after, created_at) VALUES (?, -2, 'message', NULL, ?, 8, 2)")
      .run(b.id, last);

    applyMigrations(db, migrationsFolder());

    const rows = sqlite.prepare('SELECT user_id, last_message_id FROM conversation_members ORDER BY user_id').all();
    expect(rows).toEqual([
      { user_id: a.id, last_message_id: last },
      { user_id: b.id, last_message_id: last },
    ]);
    const conversationColumns = (sqlite.prepare('PRAGMA table_info(conversations)').all() as Array<{ name: string }>).map((c) => c.name);
    expect(conversationColumns).not.toContain('last_message_id');
    // The same client id from another sender is allowed, a second one from the same sender is not.
    expect(() => message.run(conversation, a.id, 'client-0001')).toThrow(/UNIQUE/);
    expect(sqlite.prepare('SELECT count(*) AS n FROM messages').get()).toEqual({ n: 2 });

    // 0004 rebuilt `users`: with foreign keys on, dropping the old table would have deleted every
    // conversation, message and profile of its members.
    expect(sqlite.prepare('SELECT count(*) AS n FROM users').get()).toEqual({ n: 2 });
    expect(sqlite.prepare('SELECT count(*) AS n FROM profiles').get()).toEqual({ n: 2 });
    expect(sqlite.prepare('SELECT count(*) AS n FROM conversation_members').get()).toEqual({ n: 2 });
    expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1); // on again (better-sqlite3 turns them on by default)
    expect([creditBalance(db, a.id), creditBalance(db, b.id)]).toEqual([25, 8]);
    // one row carried a's balance over; b's already agreed
    expect(sqlite.prepare("SELECT user_id, delta, balance_after FROM credit_ledger WHERE reference = 'balance-carried-over'").all()).toEqual([
      { user_id: a.id, delta: 25, balance_after: 25 },
    ]);
    expect(sqlite.prepare('SELECT user_id, balance FROM credit_balances ORDER BY user_id').all()).toEqual([
      { user_id: a.id, balance: 25 },
      { user_id: b.id, balance: 8 },
    ]);
    const usersColumns = (sqlite.prepare('PRAGMA table_info(users)').all() as Array<{ name: string }>).map((c) => c.name);
    expect(usersColumns).not.toContain('credits');
    sqlite.close();
  });

  it('0006 opens a balance row for every member and names the newest ledger row in each; movements go on from there', async () => {
    const { sqlite, db } = databaseMigratedTo(6);

    insertTestSite(db);
    const spender = await createMember(db, { credits: 0 });
    const newcomer = await createMember(db, { credits: 0 });
    // Written as 0005 took them, in SQL: today's code reads columns 0005 does not have.
    const ledgerRow = sqlite.prepare(
      'INSERT INTO credit_ledger (user_id, delta, reason, reference, message_id, balance_after, created_at) VALUES (?, ?, ?, ?, ?, ?, 1)',
    );
    ledgerRow.run(spender.id, 10, 'purchase', 'order-1', null, 10);
    ledgerRow.run(spender.id, -4, 'message', null, 1, 6);
    // 0005 kept a row only for members with a ledger row
    expect(sqlite.prepare('SELECT user_id FROM credit_balances').all()).toEqual([{ user_id: spender.id }]);

    applyMigrations(db, migrationsFolder());

    const newest = (sqlite.prepare('SELECT max(id) AS id FROM credit_ledger WHERE user_id = ?').get(spender.id) as { id: number }).id;
    expect(sqlite.prepare('SELECT user_id, balance, ledger_id FROM credit_balances ORDER BY user_id').all()).toEqual([
      { user_id: spender.id, balance: 6, ledger_id: newest },
      { user_id: newcomer.id, balance: 0, ledger_id: 0 },
    ]);
    writeTransaction(db, (tx) => chargeForMessage(tx, spender.id, 1, 'message', 2, 3));
    writeTransaction(db, (tx) => moveCredits(tx, newcomer.id, 3, 'purchase', 'order-2', 4));
    const later = await createMember(db, { credits: 0 });
    expect([creditBalance(db, spender.id), creditBalance(db, newcomer.id), creditBalance(db, later.id)]).toEqual([5, 3, 0]);
    expect(() => sqlite.prepare('UPDATE credit_balances SET balance = 100 WHERE user_id = ?').run(newcomer.id)).toThrow(/written only from the ledger/);
    sqlite.close();
  });
});

describe('a migration that leaves a broken reference', () => {
  it('is refused at start-up, naming the broken rows, with foreign keys on again', () => {
    const dir = tempDir();
    dirs.push(dir);
    const count = (JSON.parse(readFileSync(join(migrationsFolder(), 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;
    const folder = migrationsUpTo(count, dir);
    // A rebuild that copies rows runs with foreign keys off: one that loses a parent row would
    // leave children pointing at nothing, and only the check after the migrations sees it.
    const journalFile = join(folder, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ idx: number; when: number; tag: string }> };
    const last = journal.entries.at(-1)!;
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag: '9999_orphan' });
    writeFileSync(journalFile, JSON.stringify(journal));
    writeFileSync(join(folder, '9999_orphan.sql'), 'CREATE TABLE `orphans` (`id` integer PRIMARY KEY, `user_id` integer REFERENCES `users`(`id`));--> statement-breakpoint\nINSERT INTO `orphans` VALUES (1, 424242);');
    const sqlite = new Database(join(dir, 'app.db'));
    const db = drizzle(sqlite, { schema }) as Db;
    try {
      expect(() => applyMigrations(db, folder)).toThrow(/migrations left 1 broken references/);
      expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    } finally {
      sqlite.close();
    }
  });
});

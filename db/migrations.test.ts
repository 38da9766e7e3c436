import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationsFolder, schema, type Db } from './client.js';
import { createMember, insertTestSite } from '../server/src/test/factories.js';
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

describe('migrating a database that already holds chats', () => {
  it('0003 keeps every chat\'s last message (now on both members\' rows) and the one-message-per-client-id rule', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const sqlite = new Database(join(dir, 'app.db'));
    const db = drizzle(sqlite, { schema }) as Db;
    migrate(db, { migrationsFolder: migrationsUpTo(3, dir) });

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

    migrate(db, { migrationsFolder: migrationsFolder() });

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
    sqlite.close();
  });
});

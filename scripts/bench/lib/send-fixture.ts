/**
 * What the in-process send benches (send, pages) share: the members who chat, the message they
 * send, and the baseline they are measured against, a bare INSERT of a row of that size.
 */
import type Database from 'better-sqlite3';
import { eq } from 'drizzle-orm';
import type { Db } from '@db/client.js';
import { users, type UserRow } from '@db/schema/index.js';
import { createMember } from '../../../server/src/test/factories.js';
import { newClientId } from '../../../client/src/state/chat-thread.js';

export const BENCH_MESSAGE = 'Hello there, how is your week going?';

/** `count` pairs of premium members with credits for any run, as stored (the sender's claim is read from it). */
export async function createChatPairs(db: Db, count: number): Promise<Array<[UserRow, UserRow]>> {
  const row = (id: number) => db.select().from(users).where(eq(users.id, id)).get()!;
  const pairs: Array<[UserRow, UserRow]> = [];
  for (let i = 0; i < count; i++) {
    const a = await createMember(db, { credits: 10_000_000, paidUser: true });
    const b = await createMember(db, { credits: 10_000_000, paidUser: true });
    pairs.push([row(a.id), row(b.id)]);
  }
  return pairs;
}

/**
 * The floor of persisting anything: a table of its own and a transaction that INSERTs
 * `perTransaction` message-sized rows into it (call `.immediate()` for one commit).
 */
export function bareInsertTransaction(sqlite: Database.Database, perTransaction: number): Database.Transaction<() => void> {
  sqlite.exec('CREATE TABLE IF NOT EXISTS bench_floor (id INTEGER PRIMARY KEY, conversation_id INTEGER, sender_id INTEGER, body TEXT, created_at INTEGER)');
  const insert = sqlite.prepare('INSERT INTO bench_floor (conversation_id, sender_id, body, created_at) VALUES (?, ?, ?, ?)');
  return sqlite.transaction(() => {
    for (let i = 0; i < perTransaction; i++) insert.run(1, 2, BENCH_MESSAGE, Date.now());
  });
}

/**
 * Client ids made before a timed row, the way the app's client makes them. In Node each one costs
 * about 12 µs (webcrypto's getRandomValues), a fifth of what a send costs the server in process,
 * and it is the sending browser that pays it: until session 26 these benches made them inside the
 * timed rows and counted them as the server's cost.
 */
export class ClientIdPool {
  private ids: string[] = [];
  private next = 0;

  /** makes `count` ids now (stamped with the current time, so they sort after every earlier row's) */
  fill(count: number): void {
    this.ids = Array.from({ length: count }, () => newClientId());
    this.next = 0;
  }

  take(): string {
    const id = this.ids[this.next++];
    if (id === undefined) throw new Error('ClientIdPool: fill it with enough ids before the timed row');
    return id;
  }
}

import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb, writeTransaction, type Db } from './client.js';
import { connectionOf } from './prepared.js';
import { readSnapshot } from './read-snapshot.js';
import { tempDir } from '../server/src/test/harness.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

/** The same file through two connections, as two server processes share it; `notes` has one row. */
function twoConnections(): { db: Db; other: Db } {
  const dir = tempDir();
  const file = join(dir, 'snapshot.db');
  const db = openDb(file);
  const other = openDb(file);
  cleanups.push(
    () => rmSync(dir, { recursive: true, force: true }),
    () => db.$client.close(),
    () => other.$client.close(),
  );
  db.$client.exec("CREATE TABLE notes (body TEXT NOT NULL); INSERT INTO notes VALUES ('first')");
  return { db, other };
}

function countNotes(db: Db): number {
  return connectionOf(db).prepare('SELECT count(*) FROM notes').pluck().get() as number;
}

describe('readSnapshot', () => {
  it("keeps every statement on the database as of its first, whatever another connection commits meanwhile", () => {
    const { db, other } = twoConnections();
    const addNoteElsewhere = (body: string) => other.$client.prepare('INSERT INTO notes VALUES (?)').run(body);

    const inSnapshot = readSnapshot(db, () => {
      const before = countNotes(db);
      addNoteElsewhere('second');
      return [before, countNotes(db)];
    });
    expect(inSnapshot).toEqual([1, 1]);
    expect(countNotes(db)).toBe(2);

    // The same reads one statement at a time see the commit in between.
    const before = countNotes(db);
    addNoteElsewhere('third');
    expect([before, countNotes(db)]).toEqual([2, 3]);
  });

  it('inside a write transaction reads what that transaction has written so far', () => {
    const { db } = twoConnections();
    const seen = writeTransaction(db, (tx) => {
      connectionOf(tx).prepare("INSERT INTO notes VALUES ('unsaved')").run();
      return readSnapshot(tx, () => countNotes(tx));
    });
    expect(seen).toBe(2);
  });

  it('ends its read when the reading throws, so the next one sees later commits', () => {
    const { db, other } = twoConnections();
    expect(() =>
      readSnapshot(db, () => {
        countNotes(db);
        throw new Error('the reader failed');
      }),
    ).toThrow('the reader failed');
    expect(db.$client.inTransaction).toBe(false);
    other.$client.prepare("INSERT INTO notes VALUES ('later')").run();
    expect(readSnapshot(db, () => countNotes(db))).toBe(2);
  });

  it('refuses an async reader (a snapshot cannot outlive the synchronous call) and leaves nothing open', () => {
    const { db } = twoConnections();
    expect(() => readSnapshot(db, async () => countNotes(db))).toThrow(/promise/);
    expect(db.$client.inTransaction).toBe(false);
  });
});

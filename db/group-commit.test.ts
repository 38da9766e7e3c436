import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mkdtempSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDb, type Db } from './client.js';
import { GroupCommit, HEAVY_BATCH, MAX_BATCH, MAX_WAIT_MS, MIN_COMMIT_INTERVAL_MS } from './group-commit.js';
import { connectionOf } from './prepared.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

/** A database file with one scratch table, and a second connection to look from outside. */
function scratch(): { db: Db; file: string; other: Database.Database } {
  const dir = mkdtempSync(join(tmpdir(), 'group-commit-'));
  const file = join(dir, 'app.db');
  const db = openDb(file);
  db.$client.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL UNIQUE)');
  const other = new Database(file);
  cleanups.push(() => {
    other.close();
    db.$client.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { db, file, other };
}

const insert = (text: string) => (tx: Db) => connectionOf(tx).prepare('INSERT INTO notes (text) VALUES (?)').run(text).lastInsertRowid;
const texts = (conn: Database.Database) => conn.prepare('SELECT text FROM notes ORDER BY id').pluck().all();
const insertOutside = (conn: Database.Database, text: string) => conn.prepare('INSERT INTO notes (text) VALUES (?)').run(text);
const endOfTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Runs `body` with setTimeout faked (setImmediate stays real, so turns still end). */
async function withFakeTimeouts(body: () => Promise<void>): Promise<void> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    await body();
  } finally {
    vi.useRealTimers();
  }
}

describe('GroupCommit', () => {
  it('a unit that throws loses only its own writes; the others in its batch are stored', async () => {
    const { db, other } = scratch();
    const queue = new GroupCommit(db);
    const results = await Promise.allSettled([
      queue.run(insert('first')),
      queue.run((tx) => {
        insert('half-done')(tx);
        throw new Error('refused');
      }),
      queue.run(insert('first')), // UNIQUE violation: only this unit fails
      queue.run(insert('last')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error('refused'));
    expect(texts(other)).toEqual(['first', 'last']);
  });

  it('a checked unit refused by its check is rejected, and the units around it are stored', async () => {
    const { db, other } = scratch();
    const queue = new GroupCommit(db);
    const seen: unknown[] = [];
    const results = await Promise.allSettled([
      queue.runChecked({ check: () => 'a', write: (tx, text) => insert(text)(tx) }),
      queue.runChecked({
        check: (tx) => {
          seen.push(...texts(connectionOf(tx)));
          throw new Error('refused');
        },
        write: (tx) => insert('never')(tx),
      }),
      queue.run(insert('b')),
      queue.runChecked({ check: (tx) => texts(connectionOf(tx)).length, write: (tx, count) => insert(`c after ${count}`)(tx) }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error('refused'));
    // each check sees what the units before it wrote in the same transaction
    expect(seen).toEqual(['a']);
    expect(texts(other)).toEqual(['a', 'b', 'c after 2']);
  });

  it('when a checked unit fails while writing, its batch runs again with savepoints: only that unit fails, nothing is stored twice', async () => {
    const { db, other } = scratch();
    const queue = new GroupCommit(db);
    let checks = 0;
    const results = await Promise.allSettled([
      queue.runChecked({ check: () => checks++, write: insert('first') }),
      queue.run(insert('plain')),
      queue.runChecked({
        check: () => undefined,
        write: (tx) => {
          insert('half-done')(tx);
          return insert('first')(tx); // UNIQUE violation after a write of its own
        },
      }),
      queue.runChecked({ check: () => undefined, write: insert('last') }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((results[2] as PromiseRejectedResult).reason).toMatchObject({ code: 'SQLITE_CONSTRAINT_UNIQUE' });
    expect(texts(other)).toEqual(['first', 'plain', 'last']);
    expect(checks).toBe(2); // the batch ran twice
    // the ids are those of the second run: the first was rolled back whole
    expect((results[0] as PromiseFulfilledResult<number>).value).toBe(1);
  });

  it('a unit whose failure ends the whole transaction (the database is full) fails alone, with its own error; the others are stored', async () => {
    const { db, other } = scratch();
    // Room for a few small rows, not for a large one: SQLite answers SQLITE_FULL and, for that
    // error, rolls back the whole transaction, not only the statement or the unit's savepoint.
    db.$client.pragma(`max_page_count = ${Number(db.$client.pragma('page_count', { simple: true })) + 3}`);
    const large = 'x'.repeat(200_000);
    for (const kind of ['run', 'runChecked'] as const) {
      const queue = new GroupCommit(db);
      const unit = (text: string) => (kind === 'run' ? queue.run(insert(text)) : queue.runChecked({ check: () => text, write: (tx, t) => insert(t)(tx) }));
      const results = await Promise.allSettled([unit(`before ${kind}`), unit(large), unit(`after ${kind}`)]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ code: 'SQLITE_FULL' });
    }
    expect(texts(other)).toEqual(['before run', 'after run', 'before runChecked', 'after runChecked']);
  });

  it('units queued in one turn share one transaction and settle only once it is committed', async () => {
    const { db, other } = scratch();
    const queue = new GroupCommit(db, () => 0);
    const seenInsideSecond: unknown[] = [];
    const seenAfterSettling: unknown[][] = [];
    const units = [
      queue.run(insert('a')),
      queue.run((tx) => {
        // the first unit's row is there for this transaction, and not yet for anyone else
        seenInsideSecond.push(texts(connectionOf(tx)), texts(other));
        return insert('b')(tx);
      }),
      queue.run(insert('c')),
    ].map((unit) => unit.then(() => seenAfterSettling.push(texts(other))));
    expect(texts(other)).toEqual([]);
    await Promise.all(units);
    expect(seenInsideSecond).toEqual([['a'], []]);
    expect(seenAfterSettling).toEqual([
      ['a', 'b', 'c'],
      ['a', 'b', 'c'],
      ['a', 'b', 'c'],
    ]);
  });

  it('while held nothing commits, the event loop goes on, and the units queued meanwhile commit after the release', async () => {
    const { db, other } = scratch();
    const queue = new GroupCommit(db, () => 0);
    const release = queue.hold();
    let settled = 0;
    const units = Array.from({ length: MAX_BATCH + 1 }, (_, i) => queue.run(insert(`held ${i}`)).then(() => settled++));
    for (let turn = 0; turn < 5; turn++) await endOfTurn();
    expect(settled).toBe(0);
    expect(texts(other)).toEqual([]);
    release();
    release(); // a second call changes nothing
    await Promise.all(units);
    expect(texts(other)).toHaveLength(MAX_BATCH + 1);
  });

  it('a batch that has waited MAX_WAIT_MS, or a full one, commits as the next unit arrives, not at the end of the turn', async () => {
    const { db, other } = scratch();
    let now = 0;
    const queue = new GroupCommit(db, () => now);
    const young = queue.run(insert('young'));
    now += MAX_WAIT_MS - 0.5;
    const second = queue.run(insert('second'));
    expect(texts(other)).toEqual([]); // both still wait for the end of the turn
    await Promise.all([young, second]);
    expect(texts(other)).toEqual(['young', 'second']);

    const old = queue.run(insert('old'));
    now += MAX_WAIT_MS;
    const next = queue.run(insert('next'));
    expect(texts(other).slice(-2)).toEqual(['old', 'next']);
    await Promise.all([old, next]);

    const full = Array.from({ length: MAX_BATCH }, (_, i) => queue.run(insert(`full ${i}`)));
    expect(texts(other)).toHaveLength(MAX_BATCH + 4); // committed before this turn ended
    await Promise.all(full);
  });

  it('after a batch of HEAVY_BATCH units commits wait twice the interval and the age limit; a lighter batch brings both back', async () => {
    const { db, other } = scratch();
    let now = 0;
    const queue = new GroupCommit(db, () => now);
    await Promise.all(Array.from({ length: HEAVY_BATCH }, (_, i) => queue.run(insert(`heavy ${i}`))));
    expect(queue.commits).toBe(1);

    await withFakeTimeouts(async () => {
      // Heavy: a send 2 ms after the commit waits until 16 ms after it, not 8.
      now = 2;
      const waiting = queue.run(insert('waits 16 ms'));
      await endOfTurn();
      vi.advanceTimersByTime(MIN_COMMIT_INTERVAL_MS - 2);
      await endOfTurn();
      expect(texts(other)).toHaveLength(HEAVY_BATCH);
      // Nor does its age force a commit at MAX_WAIT_MS: only at twice that.
      now = 2 + MAX_WAIT_MS;
      const young = queue.run(insert('young'));
      expect(texts(other)).toHaveLength(HEAVY_BATCH);
      now = 2 + 2 * MAX_WAIT_MS;
      const old = queue.run(insert('old'));
      expect(texts(other).slice(-3)).toEqual(['waits 16 ms', 'young', 'old']);
      await Promise.all([waiting, young, old]);

      // That batch held 3: the load has fallen, and a send soon after waits the 8 ms again.
      const committedAt = now;
      now = committedAt + 2;
      const light = queue.run(insert('light'));
      await endOfTurn();
      expect(texts(other).at(-1)).toBe('old');
      vi.advanceTimersByTime(MIN_COMMIT_INTERVAL_MS - 2);
      expect(texts(other).at(-1)).toBe('light');
      await light;
    });
  });

  it('the few units a full batch left behind keep the heavy-load interval', async () => {
    const { db, other } = scratch();
    let now = 0;
    const queue = new GroupCommit(db, () => now);
    const release = queue.hold();
    const queued = Array.from({ length: MAX_BATCH + 1 }, (_, i) => queue.run(insert(`queued ${i}`)));
    release();
    await Promise.all(queued);
    expect(queue.commits).toBe(2); // the full batch, then the one unit left

    await withFakeTimeouts(async () => {
      now = 2;
      const next = queue.run(insert('next'));
      await endOfTurn();
      vi.advanceTimersByTime(MIN_COMMIT_INTERVAL_MS);
      expect(texts(other)).toHaveLength(MAX_BATCH + 1);
      vi.advanceTimersByTime(MIN_COMMIT_INTERVAL_MS);
      expect(texts(other).at(-1)).toBe('next');
      await next;
    });
  });

  it('while sends come fast, one within MIN_COMMIT_INTERVAL_MS of the last commit waits for the interval and shares the next commit', async () => {
    const { db, other } = scratch();
    let now = 0;
    const queue = new GroupCommit(db, () => now);
    await queue.run(insert('first'));
    expect(queue.commits).toBe(1);

    // The wait is a timer: on a busy machine a real one could fire before the turn ends below.
    await withFakeTimeouts(async () => {
      now += MIN_COMMIT_INTERVAL_MS / 4;
      const early = queue.run(insert('early'));
      await endOfTurn();
      expect(texts(other)).toEqual(['first']); // its turn is over, and it still waits
      now += MIN_COMMIT_INTERVAL_MS / 4;
      const later = queue.run(insert('later')); // a later turn, same interval
      await endOfTurn();
      expect(texts(other)).toEqual(['first']);
      vi.advanceTimersByTime(MIN_COMMIT_INTERVAL_MS);
      await Promise.all([early, later]);
    });
    expect(texts(other)).toEqual(['first', 'early', 'later']);
    expect(queue.commits).toBe(2);
  });

  // After a quiet spell there is nothing to wait for; in a trickle (sends further apart than the
  // rest of the interval) waiting the last fifth would most likely gather nothing.
  it.each([
    ['after a quiet spell', MIN_COMMIT_INTERVAL_MS],
    ['in a trickle of sends', MIN_COMMIT_INTERVAL_MS * 0.8],
  ])('a unit %s commits at the end of its own turn', async (_when, sinceLastCommit) => {
    const { db, other } = scratch();
    let now = 0;
    const queue = new GroupCommit(db, () => now);
    await queue.run(insert('first'));
    now += sinceLastCommit;
    const next = queue.run(insert('second'));
    await endOfTurn();
    expect(texts(other)).toEqual(['first', 'second']);
    await next;
  });

  it('while another process holds the write lock the event loop keeps running, and the batch commits once the lock is free', async () => {
    const { db, other } = scratch();
    const busyTimeoutBefore = db.$client.pragma('busy_timeout', { simple: true });
    expect(busyTimeoutBefore).toBeGreaterThan(0);
    const queue = new GroupCommit(db);
    other.exec('BEGIN IMMEDIATE'); // another process is committing
    insertOutside(other, 'theirs');
    const ticks: number[] = [];
    const ticker = setInterval(() => ticks.push(performance.now()), 2);
    // The other process commits 40 ms later: a timer of this very event loop, so it only fires if
    // the loop is not held inside SQLite's busy handler (which would sleep up to busy_timeout, 5 s).
    setTimeout(() => other.exec('COMMIT'), 40);
    const started = performance.now();
    const units = Promise.all([queue.run(insert('first')), queue.run(insert('second'))]);
    await endOfTurn();
    const late = queue.run(insert('third')); // queued while the batch waits: it goes along
    await Promise.all([units, late]);
    clearInterval(ticker);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(texts(other)).toEqual(['theirs', 'first', 'second', 'third']);
    const longestGap = Math.max(...ticks.slice(1).map((t, i) => t - ticks[i]!));
    expect(longestGap).toBeLessThan(30);
    // Waiting without SQLite's busy handler is the batch's alone: the connection's other
    // statements wait for the lock as configured.
    expect(db.$client.pragma('busy_timeout', { simple: true })).toBe(busyTimeoutBefore);
  });

  it('when the commit cannot happen every unit of the batch is refused and nothing is stored', async () => {
    const { db, other } = scratch();
    db.$client.pragma('busy_timeout = 50');
    const queue = new GroupCommit(db);
    other.exec('BEGIN IMMEDIATE'); // another process holds the write lock
    const results = await Promise.allSettled([queue.run(insert('x')), queue.run(insert('y'))]);
    other.exec('ROLLBACK');
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason).toMatchObject({ code: 'SQLITE_BUSY' });
    expect(texts(other)).toEqual([]);
    // and the queue keeps working afterwards
    await queue.run(insert('z'));
    expect(texts(other)).toEqual(['z']);
  });

  it('when the commit itself is refused after every unit ran, no unit is acknowledged and nothing is stored', async () => {
    const { db, other } = scratch();
    // A deferred foreign key is checked only at COMMIT: every unit runs and succeeds, then the
    // commit is refused. A unit settled before the commit would have been acknowledged unstored.
    db.$client.exec('CREATE TABLE links (id INTEGER PRIMARY KEY, note_id INTEGER REFERENCES notes(id) DEFERRABLE INITIALLY DEFERRED)');
    const queue = new GroupCommit(db);
    const results = await Promise.allSettled([
      queue.run(insert('before')),
      queue.run((tx) => connectionOf(tx).prepare('INSERT INTO links (note_id) VALUES (999)').run().lastInsertRowid),
      queue.runChecked({ check: () => 'after', write: (tx, text) => insert(text)(tx) }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason).toMatchObject({ code: 'SQLITE_CONSTRAINT_FOREIGNKEY' });
    expect(texts(other)).toEqual([]);
    // the transaction was rolled back, and the queue keeps working afterwards
    expect(db.$client.inTransaction).toBe(false);
    await queue.run(insert('next'));
    expect(texts(other)).toEqual(['next']);
  });

  it('a hold taken after a commit was scheduled still holds it: nothing commits until the release', async () => {
    const { db, other } = scratch();
    const queue = new GroupCommit(db, () => 0);
    const unit = queue.run(insert('scheduled before the hold')); // its commit is due at the end of this turn
    const release = queue.hold();
    for (let turn = 0; turn < 5; turn++) await endOfTurn();
    expect(texts(other)).toEqual([]);
    release();
    await unit;
    expect(texts(other)).toEqual(['scheduled before the hold']);
  });

  it('a full batch that waits for another process\'s write lock keeps its place: units commit in the order they were queued', async () => {
    const { db, other } = scratch();
    const queue = new GroupCommit(db, () => 0);
    const release = queue.hold();
    const queued = Array.from({ length: MAX_BATCH + 2 }, (_, i) => queue.run(insert(`queued ${i}`)));
    other.exec('BEGIN IMMEDIATE'); // another process is committing
    setTimeout(() => other.exec('COMMIT'), 30);
    release(); // the first MAX_BATCH find the lock taken and wait; the last two were queued behind them
    await Promise.all(queued);
    expect(texts(other)).toEqual(Array.from({ length: MAX_BATCH + 2 }, (_, i) => `queued ${i}`));
  });
});

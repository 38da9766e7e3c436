import type Database from 'better-sqlite3';
import type { Db } from './client.js';
import { connectionOf, preparedOnce } from './prepared.js';

/**
 * Bounds how long one commit holds the write lock and the event loop: 128 sends take about 6 ms.
 * Room for a whole heavy-load interval (HEAVY_BATCH) at 8,000 sends/s.
 */
export const MAX_BATCH = 128;
/**
 * A batch this old commits with the next unit queued, without waiting for setImmediate. Under
 * load one poll phase of the event loop reads thousands of sockets (libuv reads up to 48 x 1024
 * ready handles before it moves on), and setImmediate runs only after it: hundreds of
 * milliseconds in which sends would wait uncommitted and unacknowledged. Long enough that an
 * ordinary turn still gathers its whole batch (at 3,000 sends/s a 2 ms limit would cut batches
 * to about six, and each commit writes its pages once per batch); short beside the 50 ms a
 * message may take end to end. Doubled under heavy load (HEAVY_BATCH), with the interval.
 */
export const MAX_WAIT_MS = 10;
/**
 * While sends keep coming, commits are at least this far apart. Each commit writes every page it
 * changed to the WAL, so a send alone in its commit costs several times one of a batch
 * (`npm run bench -- send`), and under moderate load a turn holds only one or two sends. A send
 * that arrives this soon after the last commit, while sends arrive faster than the rest of the
 * interval lasts, waits for the rest of the interval together with the ones that follow it. A
 * send after a quiet spell, or in a trickle that would not fill a batch, commits at the end of
 * its turn: waiting would gather nothing and only delay it. 8 ms, not the 4 it was: a commit's
 * own cost (its WAL frames, and the checkpoint copying them back) is shared by twice as many
 * sends, 7-25 % less CPU per send at 300-3,000/s in process (decisions, chat domain), for
 * about 4 ms more latency under load, well inside the 50 ms a message may take.
 */
export const MIN_COMMIT_INTERVAL_MS = 8;
/**
 * Under heavy load, when the last batch held this many units or more (8 ms of sends at 4,000/s),
 * the interval and MAX_WAIT_MS double: commits at least 16 ms apart, batches twice as large. There
 * the CPU a send costs decides whether the server keeps up, and latency is what saturation does
 * to it: a batch shares the pages every send changes (the tails of the messages and ledger
 * tables and their indexes) and the commit's own cost, and doubling it took 4-13 µs off each
 * message at 5,000-8,500/s (chat bench, session 22), where 7,000/s went from missing the 50 ms
 * p99 at 86-90 % of the core to meeting it at 77-81 %. Below, at moderate load, a send waits no
 * longer than it did. A batch below this size brings the interval back: the load has fallen
 * under 2,000/s.
 */
export const HEAVY_BATCH = 32;
/**
 * While another process holds the write lock, the batch tries again this often. SQLite's own busy
 * handler would wait inside BEGIN, sleeping 1, 2, 5, 10, 15 ms and more with the event loop
 * blocked, so every member of this process would wait for the other process's commit.
 */
export const LOCK_RETRY_MS = 1;

/**
 * A unit whose refusals all come from reads, before its first write: it needs no savepoint of its
 * own (see runChecked). A send is one: every rule it can fail is checked before anything is stored.
 */
export interface CheckedUnit<P, T> {
  /** Reads and rule checks only, no writes: a throw refuses the unit and leaves nothing to undo. */
  check(tx: Db): P;
  /** The writes, given what check found. Not expected to throw; see runChecked for when it does. */
  write(tx: Db, plan: P): T;
}

interface Pending {
  queuedAt: number;
  /** `work` runs inside a savepoint of its own; a checked unit runs without one (runChecked) */
  unit: { work: (tx: Db) => unknown } | CheckedUnit<unknown, unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** A checked unit's write threw: its batch is rolled back and runs again with a savepoint per unit. */
class UnexpectedWriteFailure extends Error {
  constructor(readonly original: unknown) {
    super('a checked unit failed while writing');
  }
}

/**
 * A unit failed in a way after which SQLite rolled back the whole transaction, not only the
 * statement (SQLITE_FULL, SQLITE_NOMEM, SQLITE_IOERR): every unit's writes so far are gone, and any
 * unit run after it would write outside a transaction. The batch runs again without that unit.
 */
class TransactionEnded extends Error {
  constructor(
    readonly unit: Pending,
    readonly original: unknown,
  ) {
    super('a failed unit ended the transaction');
  }
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * Group commit: units of work queued in the same event-loop turn run in one write transaction,
 * each inside its own savepoint, so one unit that throws (a member without credits, a block)
 * rolls back only its own writes; a checked unit (runChecked) refuses before it writes and needs
 * no savepoint. A commit writes every changed page to the WAL; the pages a busy
 * chat changes (the tails of the messages and ledger tables and their indexes) are shared by the
 * units of a batch, so each page is written once per batch instead of once per unit.
 * Promises settle only after the commit: callers notify and acknowledge once the data is durable.
 * Under light load a batch holds one unit and the only delay is one setImmediate. Under moderate
 * load batches are at least MIN_COMMIT_INTERVAL_MS apart, and twice that under heavy load
 * (HEAVY_BATCH). A batch commits as soon as it is full or MAX_WAIT_MS old (twice that under heavy
 * load), in the middle of the turn. While another process holds the write lock, the batch tries
 * again every LOCK_RETRY_MS on a timer, taking along the units queued meanwhile, and the event
 * loop goes on serving; after busy_timeout its units are refused.
 * Callers must not be inside a transaction of their own: the commit may happen inside `run`.
 */
export class GroupCommit {
  private queue: Pending[] = [];
  /** the pending flush (a timer or an immediate), cancelled when a batch commits early */
  private scheduled: { cancel: () => void } | undefined;
  /** when the last batch started to commit, on the `now` clock */
  private lastCommitAt = -Infinity;
  /** the last batch held HEAVY_BATCH units or more: the interval and the age limit are doubled */
  private heavyLoad = false;
  /** the last batch was full and left units queued: the next one takes them, however few */
  private leftBacklog = false;
  /** when the unit before the newest one was queued: the gap between them predicts the next */
  private previousArrivalAt = -Infinity;
  private lastArrivalAt = -Infinity;
  /** batches committed so far (benchmarks read it to tell batch sizes) */
  commits = 0;
  /** holds in force (see hold): while any is, units queue and nothing commits */
  private holds = 0;
  /** since when (on the `now` clock) the batch at the head of the queue has found the write lock taken */
  private lockBusySince: number | undefined;
  /** how long a batch waits for the write lock before its units are refused: the connection's busy_timeout */
  private readonly lockWaitMs: number;
  /** the pragma that gives the connection its busy_timeout back after a batch */
  private readonly restoreBusyTimeout: string;
  private readonly statements: { savepoint: Database.Statement; release: Database.Statement; rollbackTo: Database.Statement };
  /**
   * One better-sqlite3 transaction function for every batch (BEGIN IMMEDIATE ... COMMIT): building
   * a drizzle transaction per batch costs more than a small commit. Units get the database itself
   * as `tx`; on one connection that is the same transaction.
   */
  private readonly runBatch: Database.Transaction<(batch: Pending[], outcomes: Outcome[], everyUnitInSavepoint: boolean) => void>;

  constructor(
    private readonly db: Db,
    /** milliseconds on a monotonic clock; tests pass their own */
    private readonly now: () => number = () => performance.now(),
    /** see MIN_COMMIT_INTERVAL_MS; benchmarks set 0 to compare with a commit every turn */
    public minIntervalMs = MIN_COMMIT_INTERVAL_MS,
  ) {
    const sqlite = connectionOf(db);
    this.lockWaitMs = Number(sqlite.pragma('busy_timeout', { simple: true }));
    this.restoreBusyTimeout = `PRAGMA busy_timeout = ${this.lockWaitMs}`;
    this.statements = {
      savepoint: sqlite.prepare('SAVEPOINT group_unit'),
      release: sqlite.prepare('RELEASE group_unit'),
      rollbackTo: sqlite.prepare('ROLLBACK TO group_unit'),
    };
    this.runBatch = sqlite.transaction((batch: Pending[], outcomes: Outcome[], everyUnitInSavepoint: boolean) => {
      for (const pending of batch) {
        const outcome = this.runUnit(pending, everyUnitInSavepoint);
        // Without a transaction the next unit's statements would each commit alone (TransactionEnded).
        if (!outcome.ok && !sqlite.inTransaction) throw new TransactionEnded(pending, outcome.error);
        outcomes.push(outcome);
      }
    });
  }

  /**
   * Runs `work` (synchronous, inside the batch's transaction, in a savepoint of its own so that a
   * throw undoes only its writes) and settles after the commit.
   */
  run<T>(work: (tx: Db) => T): Promise<T> {
    return this.enqueue({ work });
  }

  /**
   * Runs a unit without a savepoint: `check` reads and may refuse, then `write` writes. A
   * savepoint and its release are two statements per unit, and every page the unit changes is
   * first copied into the savepoint's journal: about a tenth of a send's cost (decisions, chat
   * domain). A refusal from `check` has nothing to undo. Should `write` throw all the same (a
   * constraint, a full disk), the whole batch is rolled back and run again at once with a
   * savepoint per unit, so that only that unit fails; the others commit as they would have.
   */
  runChecked<P, T>(unit: CheckedUnit<P, T>): Promise<T> {
    return this.enqueue(unit as CheckedUnit<unknown, unknown>) as Promise<T>;
  }

  private enqueue<T>(unit: Pending['unit']): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const queuedAt = this.now();
      this.previousArrivalAt = this.lastArrivalAt;
      this.lastArrivalAt = queuedAt;
      this.queue.push({ queuedAt, unit, resolve: resolve as (value: unknown) => void, reject });
      // Waiting for another process's write lock (the retry timer is set and takes this unit
      // along), or held: the release commits it.
      if (this.lockBusySince !== undefined || this.holds > 0) return;
      // A full or old batch commits at once (see MAX_WAIT_MS); otherwise at the end of this turn.
      if (this.queue.length >= MAX_BATCH || queuedAt - this.queue[0]!.queuedAt >= MAX_WAIT_MS * this.loadFactor()) this.flush();
      else this.schedule();
    });
  }

  /**
   * Stops committing until the returned release is called; units queue meanwhile and commit after
   * it. The event loop goes on serving. The checkpointer holds this connection's commits while its
   * worker copies the last frames of the WAL, so that the copy ends with nothing left.
   */
  hold(): () => void {
    this.holds++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds--;
      if (this.holds === 0) this.scheduleBacklog();
    };
  }

  private schedule(): void {
    if (this.scheduled) return;
    const now = this.now();
    const wait = this.lastCommitAt + this.minIntervalMs * this.loadFactor() - now;
    const arrivalGap = now - this.previousArrivalAt;
    this.scheduled = wait > 0 && arrivalGap < wait ? this.after(wait) : this.afterThisTurn();
  }

  /** 2 under heavy load (HEAVY_BATCH), else 1: what the interval and the age limit are multiplied by */
  private loadFactor(): number {
    return this.heavyLoad ? 2 : 1;
  }

  private after(ms: number): { cancel: () => void } {
    const timer = setTimeout(() => this.flush(), ms);
    return { cancel: () => clearTimeout(timer) };
  }

  private afterThisTurn(): { cancel: () => void } {
    const immediate = setImmediate(() => this.flush());
    return { cancel: () => clearImmediate(immediate) };
  }

  private flush(): void {
    this.scheduled?.cancel();
    this.scheduled = undefined;
    if (this.queue.length === 0 || this.holds > 0) return;
    const batch = this.queue.splice(0, MAX_BATCH);
    // The rest of a backlog is no sign of the load falling: it keeps the heavy-load interval.
    const takesBacklog = this.leftBacklog;
    this.leftBacklog = this.queue.length > 0;
    const startedAt = this.now();
    let outcomes: Outcome[] = [];
    /** the batch's units still to commit: one whose failure ended the transaction leaves it */
    let units = batch;
    try {
      let everyUnitInSavepoint = false;
      for (;;) {
        try {
          this.runBatchWithoutWaiting(units, outcomes, everyUnitInSavepoint);
          break;
        } catch (error) {
          if (error instanceof TransactionEnded) {
            error.unit.reject(error.original);
            units = units.filter((unit) => unit !== error.unit);
          } else if (!(error instanceof UnexpectedWriteFailure)) throw error;
          // Rolled back: every unit left runs again, each in its own savepoint.
          outcomes = [];
          everyUnitInSavepoint = true;
        }
      }
    } catch (error) {
      if (outcomes.length === 0 && isBusy(error) && this.retryLater(units)) return;
      // The commit itself failed (e.g. the lock stayed busy past busy_timeout): nothing was stored.
      this.lockBusySince = undefined;
      for (const unit of units) unit.reject(error);
      this.scheduleBacklog();
      return;
    }
    this.lockBusySince = undefined;
    this.lastCommitAt = startedAt;
    this.heavyLoad = batch.length >= HEAVY_BATCH || takesBacklog;
    this.commits++;
    this.scheduleBacklog();
    units.forEach((unit, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) unit.resolve(outcome.value);
      else unit.reject(outcome.error);
    });
  }

  /**
   * BEGIN IMMEDIATE takes the write lock up front, so the batch never fails half-way on another
   * process's writes. SQLite's busy handler is off for that one statement (see LOCK_RETRY_MS): a
   * taken lock throws SQLITE_BUSY at once, before any unit has run.
   */
  private runBatchWithoutWaiting(batch: Pending[], outcomes: Outcome[], everyUnitInSavepoint: boolean): void {
    // SQLite applies busy_timeout when it compiles the pragma, so it is compiled each time: a kept,
    // prepared `PRAGMA busy_timeout = 0` changes nothing when it is run again. `exec`, not
    // `pragma()`: the latter also builds a statement object and a result row, twice per commit.
    const sqlite = connectionOf(this.db);
    sqlite.exec('PRAGMA busy_timeout = 0');
    try {
      this.runBatch.immediate(batch, outcomes, everyUnitInSavepoint);
    } finally {
      sqlite.exec(this.restoreBusyTimeout);
    }
  }

  /** Puts the batch back at the head of the queue and tries again soon; false once it has waited busy_timeout. */
  private retryLater(batch: Pending[]): boolean {
    const now = this.now();
    this.lockBusySince ??= now;
    if (now - this.lockBusySince >= this.lockWaitMs) return false;
    this.queue.unshift(...batch);
    this.scheduled = this.after(LOCK_RETRY_MS);
    return true;
  }

  /** Units beyond a full batch are a backlog: they commit without waiting out the interval. */
  private scheduleBacklog(): void {
    if (this.queue.length > 0 && !this.scheduled) this.scheduled = this.afterThisTurn();
  }

  private runUnit({ unit }: Pending, inSavepoint: boolean): Outcome {
    if ('work' in unit) return this.inSavepoint((tx) => unit.work(tx));
    if (inSavepoint) return this.inSavepoint((tx) => unit.write(tx, unit.check(tx)));
    let plan: unknown;
    try {
      plan = unit.check(this.db);
    } catch (error) {
      return { ok: false, error };
    }
    try {
      return { ok: true, value: unit.write(this.db, plan) };
    } catch (error) {
      throw new UnexpectedWriteFailure(error);
    }
  }

  private inSavepoint(work: (tx: Db) => unknown): Outcome {
    const { savepoint, release, rollbackTo } = this.statements;
    savepoint.run();
    try {
      const value = work(this.db);
      release.run();
      return { ok: true, value };
    } catch (error) {
      // After some errors SQLite has rolled back the whole transaction, savepoint and all: the
      // batch's loop sees that and reruns it without this unit.
      if (connectionOf(this.db).inTransaction) {
        rollbackTo.run();
        release.run();
      }
      return { ok: false, error };
    }
  }
}

function isBusy(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'SQLITE_BUSY';
}

/** The group commit queue of this database connection (one per connection, created on first use). */
export const groupCommit = preparedOnce((db) => new GroupCommit(db));

/**
 * How many sockets each member has open, on this node and (with Redis) on all nodes. The answers
 * drive presence transitions: online when the first socket anywhere opens, offline when the last
 * one anywhere closes.
 */
export interface PresenceCounter {
  /**
   * a socket of the member opened here; when it is now the member's only socket anywhere, the
   * stamp of that change (presenceStamp), else false
   */
  opened(userId: number): Promise<number | false>;
  /** a socket of the member closed here; when the member has no socket left anywhere, the stamp of that change, else false */
  closed(userId: number): Promise<number | false>;
  /** which of these members have a socket open anywhere, all read at one moment, and that moment's stamp */
  statesOf(userIds: number[]): Promise<{ online: Set<number>; at: number }>;
  close(): Promise<void>;
}

let lastStamp = 0;

/**
 * When a presence state was decided, in µs of wall-clock time, never twice the same in this
 * process. With Redis the stamp is Redis's clock, read in the script that counts (one clock for
 * every node, in the order Redis ran them); this one is for one process, or a node that answers
 * from its own counts while Redis is away.
 */
export function presenceStamp(): number {
  lastStamp = Math.max(lastStamp + 1, Date.now() * 1000);
  return lastStamp;
}

/** Socket counts of this process only; the whole truth when there is one process. */
export class LocalSocketCounts {
  private readonly counts = new Map<number, number>();

  /** returns the member's local count after the change */
  add(userId: number, delta: 1 | -1): number {
    const next = Math.max(0, (this.counts.get(userId) ?? 0) + delta);
    if (next === 0) this.counts.delete(userId);
    else this.counts.set(userId, next);
    return next;
  }

  has(userId: number): boolean {
    return this.counts.has(userId);
  }

  entries(): IterableIterator<[number, number]> {
    return this.counts.entries();
  }
}

/** The embedded default: one process, so local counts are global counts. */
export class MemoryPresenceCounter implements PresenceCounter {
  private readonly local = new LocalSocketCounts();

  async opened(userId: number): Promise<number | false> {
    return this.local.add(userId, 1) === 1 && presenceStamp();
  }

  async closed(userId: number): Promise<number | false> {
    return this.local.add(userId, -1) === 0 && presenceStamp();
  }

  async statesOf(userIds: number[]): Promise<{ online: Set<number>; at: number }> {
    return { online: new Set(userIds.filter((id) => this.local.has(id))), at: presenceStamp() };
  }

  async close(): Promise<void> {}
}

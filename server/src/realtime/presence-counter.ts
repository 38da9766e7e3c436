/**
 * How many sockets each member has open, on this node and (with Redis) on all nodes. The answers
 * drive presence transitions: online when the first socket anywhere opens, offline when the last
 * one anywhere closes.
 */
export interface PresenceCounter {
  /** a socket of the member opened here; true when it is now the member's only socket anywhere */
  opened(userId: number): Promise<boolean>;
  /** a socket of the member closed here; true when the member has no socket left anywhere */
  closed(userId: number): Promise<boolean>;
  /** which of these members have a socket open anywhere */
  onlineAmong(userIds: number[]): Promise<Set<number>>;
  close(): Promise<void>;
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

  async opened(userId: number): Promise<boolean> {
    return this.local.add(userId, 1) === 1;
  }

  async closed(userId: number): Promise<boolean> {
    return this.local.add(userId, -1) === 0;
  }

  async onlineAmong(userIds: number[]): Promise<Set<number>> {
    return new Set(userIds.filter((id) => this.local.has(id)));
  }

  async close(): Promise<void> {}
}

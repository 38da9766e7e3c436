/**
 * Presence across nodes. Each member has a Redis hash `presence:user:<id>` of node id -> open
 * sockets on that node. A node proves it is alive with `presence:node:<node>` (TTL, refreshed by a
 * heartbeat); counts of nodes whose key expired (crashed, killed) are ignored and pruned, and a
 * surviving node sweeps the dead node's members so their watchers see them go offline.
 * The local counts stay the source of this node's share: after a Redis outage (or a Redis that
 * restarted empty) they are written back.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { LocalSocketCounts, type PresenceCounter } from './presence-counter.js';

/**
 * A node that has not beaten for nodeTtlSeconds counts as dead. A stopped node's counts stand for
 * handOverSeconds (handOver): its members reconnect within 1-5 s (the client's back-off), and the
 * sweep that follows runs at the next heartbeat of another node.
 */
export const DEFAULT_PRESENCE_TIMING = { nodeTtlSeconds: 30, heartbeatMs: 10_000, handOverSeconds: 10 };
const userKey = (userId: number) => `presence:user:${userId}`;
const NODE_PREFIX = 'presence:node:';
const NODES_SET = 'presence:nodes';
const nodeUsersKey = (node: string) => `presence:node-users:${node}`;
const sweptKey = (node: string) => `presence:swept:${node}`;
/** node id -> time of its last heartbeat (ms): when a dead node's members were last known online */
const BEATS_KEY = 'presence:beats';
/** How long a swept node's mark waits for it to come back: a day covers any outage it survives. */
const SWEPT_MARK_SECONDS = 24 * 60 * 60;

/**
 * KEYS[1] member hash; ARGV[1] this node, ARGV[2] delta (0: just count), ARGV[3] node key prefix.
 * Returns the member's open sockets on live nodes after applying the delta.
 */
const COUNT_SCRIPT = `
local delta = tonumber(ARGV[2])
if delta ~= 0 then
  local n = redis.call('HINCRBY', KEYS[1], ARGV[1], delta)
  if n <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]) end
end
local total = 0
local all = redis.call('HGETALL', KEYS[1])
for i = 1, #all, 2 do
  local node, n = all[i], tonumber(all[i + 1])
  if node == ARGV[1] or redis.call('EXISTS', ARGV[3] .. node) == 1 then total = total + n
  else redis.call('HDEL', KEYS[1], node) end
end
return total`;

export class RedisPresenceCounter implements PresenceCounter {
  readonly nodeId = randomUUID();
  private readonly local = new LocalSocketCounts();
  private readonly heartbeat: NodeJS.Timeout;

  /**
   * onSweptOffline: a member who was only connected to a dead node is now offline; lastAliveAt is
   * that node's last heartbeat (undefined when it is not known), the last time they were known online
   */
  constructor(
    private readonly redis: Redis,
    private readonly onSweptOffline: (userId: number, lastAliveAt: number | undefined) => void,
    private readonly timing = DEFAULT_PRESENCE_TIMING,
    private readonly now: () => number = Date.now,
  ) {
    void this.beat();
    this.heartbeat = setInterval(() => void this.beat(), timing.heartbeatMs);
    this.heartbeat.unref();
  }

  async opened(userId: number): Promise<boolean> {
    const localCount = this.local.add(userId, 1);
    try {
      await this.redis.sadd(nodeUsersKey(this.nodeId), String(userId));
      return (await this.count(userId, 1)) === 1;
    } catch {
      return localCount === 1; // Redis away: answer from what this node knows; resync() repairs it
    }
  }

  async closed(userId: number): Promise<boolean> {
    const localCount = this.local.add(userId, -1);
    try {
      if (localCount === 0) await this.redis.srem(nodeUsersKey(this.nodeId), String(userId));
      return (await this.count(userId, -1)) === 0;
    } catch {
      return localCount === 0;
    }
  }

  async onlineAmong(userIds: number[]): Promise<Set<number>> {
    try {
      const pipeline = this.redis.pipeline();
      for (const id of userIds) pipeline.eval(COUNT_SCRIPT, 1, userKey(id), this.nodeId, 0, NODE_PREFIX);
      const results = (await pipeline.exec()) ?? [];
      return new Set(userIds.filter((_, i) => Number(results[i]?.[1] ?? 0) > 0));
    } catch {
      return new Set(userIds.filter((id) => this.local.has(id)));
    }
  }

  /**
   * Makes Redis agree with this node's counts after an outage: writes them back (into a Redis that
   * restarted empty) and removes the members who left here while Redis was away. When only this
   * node had lost Redis, Redis kept what it wrote before, and a member whose last socket closed
   * meanwhile stayed counted online on every node for as long as this node lived.
   * Returns whether another node swept this one's members offline meanwhile (it had stopped
   * beating for longer than the TTL): they are still here, and their watchers should hear so.
   * Also returns `unlisted`: this node's members that Redis did not list for it (a Redis that
   * restarted empty). Until now every other node counted them offline, and members there that
   * caught up meanwhile (their node was whole again first) were shown them offline: their
   * watchers should hear that they are online.
   */
  async resync(): Promise<{ swept: boolean; unlisted: number[] }> {
    try {
      const [listed, swept] = await Promise.all([this.redis.smembers(nodeUsersKey(this.nodeId)), this.redis.getdel(sweptKey(this.nodeId))]);
      const pipeline = this.redis.pipeline();
      pipeline.set(NODE_PREFIX + this.nodeId, '1', 'EX', this.timing.nodeTtlSeconds);
      pipeline.sadd(NODES_SET, this.nodeId);
      pipeline.hset(BEATS_KEY, this.nodeId, this.now());
      for (const [userId, n] of this.local.entries()) {
        pipeline.hset(userKey(userId), this.nodeId, n);
        pipeline.sadd(nodeUsersKey(this.nodeId), String(userId));
      }
      for (const member of listed) {
        if (this.local.has(Number(member))) continue;
        pipeline.hdel(userKey(Number(member)), this.nodeId);
        pipeline.srem(nodeUsersKey(this.nodeId), member);
      }
      await pipeline.exec();
      const listedIds = new Set(listed.map(Number));
      const unlisted = this.localMembers().filter((userId) => !listedIds.has(userId));
      return { swept: swept !== null, unlisted };
    } catch (err) {
      console.error('[realtime] presence resync failed:', (err as Error).message);
      return { swept: false, unlisted: [] };
    }
  }

  /** This node's members, by the sockets it holds. */
  localMembers(): number[] {
    return [...this.local.entries()].map(([userId]) => userId);
  }

  /**
   * At a graceful stop, in place of close(): this node's members are reconnecting to other nodes,
   * and counting them out here first told each of their watchers that they went offline, and a
   * second later online again (a rolling restart flickered every member of the node, and wrote
   * their last-seen). The node is left as a crashed one is, at once: its counts stand until its
   * key expires (handOverSeconds), by when its members count on the nodes they reconnected to; the
   * next sweep announces offline only those who did not come back, last seen at the stop.
   */
  async handOver(): Promise<void> {
    clearInterval(this.heartbeat);
    if (this.redis.status !== 'ready') return; // the key expires by itself, at its usual TTL
    await this.redis
      .pipeline()
      .set(NODE_PREFIX + this.nodeId, '1', 'EX', this.timing.handOverSeconds)
      .hset(BEATS_KEY, this.nodeId, this.now())
      .exec()
      .catch(() => {});
  }

  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    // Redis away: nothing can be removed, and waiting for it would hold the shutdown. This node's
    // key expires, and another node sweeps its members (sweepDeadNodes).
    if (this.redis.status !== 'ready') return;
    // Leave no trace: other nodes must not count this node's sockets any more.
    const pipeline = this.redis.pipeline();
    for (const [userId] of this.local.entries()) pipeline.hdel(userKey(userId), this.nodeId);
    pipeline.del(NODE_PREFIX + this.nodeId, nodeUsersKey(this.nodeId));
    pipeline.srem(NODES_SET, this.nodeId);
    pipeline.hdel(BEATS_KEY, this.nodeId);
    await pipeline.exec().catch(() => {});
  }

  private async count(userId: number, delta: number): Promise<number> {
    return Number(await this.redis.eval(COUNT_SCRIPT, 1, userKey(userId), this.nodeId, delta, NODE_PREFIX));
  }

  private async beat(): Promise<void> {
    try {
      await this.redis
        .pipeline()
        .set(NODE_PREFIX + this.nodeId, '1', 'EX', this.timing.nodeTtlSeconds)
        .sadd(NODES_SET, this.nodeId)
        .hset(BEATS_KEY, this.nodeId, this.now())
        .exec();
      await this.sweepDeadNodes();
    } catch {
      /* Redis away: the next beat (or resync on reconnect) catches up */
    }
  }

  /** Members whose only sockets were on a node that stopped beating go offline; one live node does it. */
  private async sweepDeadNodes(): Promise<void> {
    for (const node of await this.redis.smembers(NODES_SET)) {
      if (node === this.nodeId || (await this.redis.exists(NODE_PREFIX + node))) continue;
      if ((await this.redis.srem(NODES_SET, node)) !== 1) continue; // another node is sweeping it
      // A node cut off from Redis, not dead, learns from this when it is back (resync).
      await this.redis.set(sweptKey(node), '1', 'EX', SWEPT_MARK_SECONDS);
      const [members, lastBeat] = await Promise.all([this.redis.smembers(nodeUsersKey(node)), this.redis.hget(BEATS_KEY, node)]);
      await this.redis.pipeline().del(nodeUsersKey(node)).hdel(BEATS_KEY, node).exec();
      // Its members were last known online at its last beat, not now: the key took up to its TTL
      // to expire, and "last seen" would come out that much late.
      const lastAliveAt = lastBeat === null ? undefined : Number(lastBeat);
      for (const member of members) {
        const userId = Number(member);
        if ((await this.count(userId, 0)) === 0) this.onSweptOffline(userId, lastAliveAt);
      }
    }
  }
}

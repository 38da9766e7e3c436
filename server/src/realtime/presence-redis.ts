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
import { LocalSocketCounts, presenceStamp, type PresenceCounter } from './presence-counter.js';
import { settleWithin } from '../settle-within.js';

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
 * Counts a member's open sockets on live nodes (pruning dead nodes' counts): KEYS[i] member hash,
 * ARGV[1] this node, ARGV[2] node key prefix.
 */
const COUNT_FUNCTION = `
local function count(key)
  local total = 0
  local all = redis.call('HGETALL', key)
  for i = 1, #all, 2 do
    local node, n = all[i], tonumber(all[i + 1])
    if node == ARGV[1] or redis.call('EXISTS', ARGV[2] .. node) == 1 then total = total + n
    else redis.call('HDEL', key, node) end
  end
  return total
end
local now = redis.call('TIME')`;

/**
 * KEYS[1] member hash; ARGV[1] this node, ARGV[2] node key prefix, ARGV[3] delta (0: just count).
 * Returns the member's open sockets on live nodes after the delta, and Redis's clock then
 * (seconds, µs): the stamp that orders this state against the ones other nodes announce.
 */
const COUNT_SCRIPT = `${COUNT_FUNCTION}
local delta = tonumber(ARGV[3])
if delta ~= 0 then
  local n = redis.call('HINCRBY', KEYS[1], ARGV[1], delta)
  if n <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]) end
end
return {count(KEYS[1]), now[1], now[2]}`;

/** KEYS member hashes (ARGV as COUNT_SCRIPT's first two): their counts, read at one moment, then that moment. */
const STATES_SCRIPT = `${COUNT_FUNCTION}
local out = {}
for i = 1, #KEYS do out[i] = count(KEYS[i]) end
out[#KEYS + 1] = now[1]
out[#KEYS + 2] = now[2]
return out`;

const NO_ANSWER = Symbol('no answer');

/** The promise's outcome, or a rejection once `ms` have passed without one. */
async function withinMs<T>(promise: Promise<T>, ms: number): Promise<T> {
  const outcome = await settleWithin(promise, ms, NO_ANSWER);
  if (outcome === NO_ANSWER) throw new Error(`no answer from Redis in ${ms} ms`);
  return outcome;
}

const stampOf = (seconds: unknown, micros: unknown) => Number(seconds) * 1_000_000 + Number(micros);

export class RedisPresenceCounter implements PresenceCounter {
  readonly nodeId = randomUUID();
  private readonly local = new LocalSocketCounts();
  private readonly heartbeat: NodeJS.Timeout;

  /**
   * onSweptOffline: a member who was only connected to a dead node is now offline; lastAliveAt is
   * that node's last heartbeat (undefined when it is not known), the last time they were known
   * online; at, the stamp of the count that found them offline
   */
  constructor(
    private readonly redis: Redis,
    private readonly onSweptOffline: (userId: number, lastAliveAt: number | undefined, at: number) => void,
    private readonly timing = DEFAULT_PRESENCE_TIMING,
    private readonly now: () => number = Date.now,
    /** REDIS_COMMAND_TIMEOUT_MS: how long a read waits for Redis before this node answers alone */
    private readonly readTimeoutMs = 5_000,
  ) {
    void this.beat();
    this.heartbeat = setInterval(() => void this.beat(), timing.heartbeatMs);
    this.heartbeat.unref();
  }

  async opened(userId: number): Promise<number | false> {
    const localCount = this.local.add(userId, 1);
    try {
      // Both sent now, not the count after the SADD's answer: Redis must run every node's changes
      // in the order its sockets opened and closed (see count()).
      const [, { total, at }] = await Promise.all([this.redis.sadd(nodeUsersKey(this.nodeId), String(userId)), this.count(userId, 1)]);
      return total === 1 && at;
    } catch {
      return localCount === 1 && presenceStamp(); // Redis away: answer from what this node knows; resync() repairs it
    }
  }

  async closed(userId: number): Promise<number | false> {
    const localCount = this.local.add(userId, -1);
    try {
      // In the same turn as the count, as in opened(): a close that waited for its SREM could
      // reach Redis after a later open's +1, and one that did not could overtake an earlier open's.
      const [, { total, at }] = await Promise.all([localCount === 0 ? this.redis.srem(nodeUsersKey(this.nodeId), String(userId)) : undefined, this.count(userId, -1)]);
      return total === 0 && at;
    } catch {
      return localCount === 0 && presenceStamp();
    }
  }

  /** One script for all of them: one moment, so one stamp orders the whole answer. */
  async statesOf(userIds: number[]): Promise<{ online: Set<number>; at: number }> {
    if (userIds.length === 0) return { online: new Set(), at: presenceStamp() };
    try {
      // Bounded: a Redis cut off by a network partition never answers nor fails, and the chat
      // list, profiles and the socket's watch wait for this (the client itself has no timeout,
      // as the streams adapter blocks on it). Late, the answer from this node's counts is given.
      const reading = this.redis.eval(STATES_SCRIPT, userIds.length, ...userIds.map(userKey), this.nodeId, NODE_PREFIX);
      const out = (await withinMs(reading, this.readTimeoutMs)) as unknown[];
      return { online: new Set(userIds.filter((_, i) => Number(out[i]) > 0)), at: stampOf(out[userIds.length], out[userIds.length + 1]) };
    } catch {
      return { online: new Set(userIds.filter((id) => this.local.has(id))), at: presenceStamp() };
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

  /**
   * One connection runs its commands in the order they were sent: each -1 reaches Redis after the
   * +1 of the same socket. When the count of an open waited for its SADD's answer, a close sent
   * meanwhile (a second tab closed at once, a flapping phone) reached Redis first, found nothing to
   * take from (HINCRBY below zero is dropped), and the +1 that came after stayed: the member counted
   * online on every node, and their key kept, for as long as this node lived.
   */
  private async count(userId: number, delta: number): Promise<{ total: number; at: number }> {
    const [total, seconds, micros] = (await this.redis.eval(COUNT_SCRIPT, 1, userKey(userId), this.nodeId, NODE_PREFIX, delta)) as unknown[];
    return { total: Number(total), at: stampOf(seconds, micros) };
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
        const { total, at } = await this.count(userId, 0);
        if (total === 0) this.onSweptOffline(userId, lastAliveAt, at);
      }
    }
  }
}

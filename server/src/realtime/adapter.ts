/**
 * Socket.IO fan-out between server processes. Without REDIS_URL: the default in-memory adapter.
 * With it, SOCKET_ADAPTER picks:
 *  - sharded (default): Redis 7 sharded pub/sub, one channel per room ('dynamic' mode), so a node
 *    only receives events for rooms where it has members;
 *  - classic: @socket.io/redis-adapter over PSUBSCRIBE, every event reaches every node;
 *  - streams: @socket.io/redis-streams-adapter, one Redis stream every node reads.
 * Redis errors are logged and survived; when the node is whole again (redis-recovery.ts), the
 * `recovered` callbacks run so clients can be told to catch up from the database (Socket.IO alone
 * is at-most-once), and so can the members on other nodes whose events this node could not publish.
 */
import type { Redis } from 'ioredis';
import type { ServerOptions } from 'socket.io';
import type { Config } from '../config.js';
import { AdapterTraffic } from './adapter-stats.js';
import { closeRedis } from './close-redis.js';
import { coalesceShardSubscriptions } from './coalesced-subscriptions.js';
import { watchLiveness } from './redis-liveness.js';
import { watchRedisRecovery } from './redis-recovery.js';
import { STREAM_READ_BLOCK_MS, watchStreamReaders } from './stream-readers.js';

type AdapterFactory = NonNullable<ServerOptions['adapter']>;

export interface ScaleOut {
  kind: 'memory' | Config['socketAdapter'];
  /** for `new Server({ adapter })`; undefined means Socket.IO's in-memory adapter */
  adapter: AdapterFactory | undefined;
  /** command connection (presence); undefined without Redis */
  redis: Redis | undefined;
  traffic: AdapterTraffic;
  /**
   * Registers work to do each time this node can publish and receive again after losing Redis:
   * how long it lasted (ms), and the rooms whose events it could not publish meanwhile.
   */
  onRecovered(callback: (downMs: number, missedRooms: string[]) => void): void;
  /**
   * True while the publishing connection is lost. The sharded and streams adapters publish first
   * and reach this node's own sockets only once the publish has failed, which during an outage
   * takes one or two reconnect attempts (up to 4 s): emits then go to local sockets alone.
   */
  publishDown(): boolean;
  /**
   * Notes a room whose event reached only this node's sockets (sent while publishDown()): the
   * members there on other nodes are told to catch up once this node publishes again.
   */
  missedRoom(room: string): void;
  /**
   * Resolves once this node receives what other nodes publish to `room`, for a room this node has
   * just created. Only the sharded adapter subscribes per room, and it does not wait for Redis to
   * confirm: until then a publish to the room passes this node by. Absent where a node receives
   * every room from the start (in memory, classic, streams).
   */
  subscribed?(room: string): Promise<void>;
  /** whether the publishing and the subscribing connection are both up (health check); absent without Redis */
  connected?(): boolean;
  close(): Promise<void>;
}

export async function createScaleOut(config: Config): Promise<ScaleOut> {
  const traffic = new AdapterTraffic();
  if (!config.redisUrl) {
    return {
      kind: 'memory',
      adapter: undefined,
      redis: undefined,
      traffic,
      onRecovered: () => {},
      publishDown: () => false,
      missedRoom: () => {},
      close: async () => {},
    };
  }
  // Loaded only here: a node without Redis does not run these packages at start (a restarted
  // node is down while it starts, and ioredis alone took tens of milliseconds to load).
  const { Redis } = await import('ioredis');
  // Commands fail fast while Redis is away (publishes of that moment are lost anyway; clients catch up).
  const pub = new Redis(config.redisUrl, { maxRetriesPerRequest: 1, retryStrategy: reconnectDelay });
  // Subscriptions must never be dropped: a room created during an outage still has to be subscribed.
  const sub = pub.duplicate({ maxRetriesPerRequest: null });
  ignoreFireAndForgetRejections(pub);
  ignoreFireAndForgetRejections(sub);
  coalesceShardSubscriptions(sub);
  const missed = new Set<string>();
  noteFailedPublishes(pub, missed);
  // Probed as often as a command may take: a partition is noticed within twice the time-out. The
  // streams adapter reads on connections of its own, made when it is built: watched from here on.
  const liveness = { everyMs: config.redisCommandTimeoutMs, timeoutMs: config.redisCommandTimeoutMs };
  const stopProbing = [pub, sub].map((client) => watchLiveness(client, client === pub ? 'pub' : 'sub', liveness));
  if (config.socketAdapter === 'streams') stopProbing.push(watchStreamReaders(pub, config.redisCommandTimeoutMs));
  const recovered: Array<(downMs: number, missedRooms: string[]) => void> = [];
  const state = { shuttingDown: false };
  const recovery = watchRedisRecovery(pub, sub, () => state.shuttingDown, (downMs) => {
    const missedRooms = [...missed];
    missed.clear();
    recovered.forEach((cb) => cb(downMs, missedRooms));
  });

  const adapter = await buildAdapter(config.socketAdapter, pub, sub, traffic);
  return {
    kind: config.socketAdapter,
    adapter,
    redis: pub,
    traffic,
    onRecovered: (cb) => recovered.push(cb),
    publishDown: recovery.publishDown,
    missedRoom: (room) => missed.add(room),
    connected: () => pub.status === 'ready' && sub.status === 'ready',
    // Redis answers the commands of one connection in order: when this second SSUBSCRIBE of the
    // room's channel is confirmed, so is the adapter's (sent when the room was created).
    ...(config.socketAdapter === 'sharded' ? { subscribed: (room: string) => sub.ssubscribe(shardedRoomChannel(room)).then(() => undefined) } : {}),
    async close() {
      state.shuttingDown = true;
      stopProbing.forEach((stop) => stop());
      await Promise.all([closeRedis(pub), closeRedis(sub)]);
    },
  };
}

/** The sharded adapter's channel for a room ('dynamic' mode, default prefix, main namespace). */
export function shardedRoomChannel(room: string): string {
  return `socket.io#/#${room}#`;
}

async function buildAdapter(kind: Config['socketAdapter'], pub: Redis, sub: Redis, traffic: AdapterTraffic): Promise<AdapterFactory> {
  if (kind === 'classic') {
    const { createAdapter } = await import('@socket.io/redis-adapter');
    sub.on('pmessageBuffer', (_pattern: Buffer, channel: Buffer) => traffic.countChannel(channel.toString()));
    sub.on('messageBuffer', (channel: Buffer) => traffic.countChannel(channel.toString()));
    return createAdapter(pub, sub);
  }
  if (kind === 'streams') {
    const { createAdapter } = await import('@socket.io/redis-streams-adapter');
    const factory = createAdapter(pub, { blockTimeInMs: STREAM_READ_BLOCK_MS });
    // Socket.IO calls the factory with `new`, so it must be a function, not an arrow.
    return function countedStreamsAdapter(nsp: Parameters<typeof factory>[0]) {
      return countStreamMessages(factory(nsp), traffic);
    };
  }
  const { createShardedAdapter } = await import('@socket.io/redis-adapter');
  sub.on('smessageBuffer', (channel: Buffer) => traffic.countChannel(channel.toString()));
  return createShardedAdapter(pub, sub, { subscriptionMode: 'dynamic' });
}

interface StreamsAdapterLike {
  uid: string;
  onRawMessage(raw: { uid: string; data?: string }, offset: string): unknown;
}

/** The streams adapter hands every entry of the shared stream to onRawMessage: count the foreign ones. */
function countStreamMessages<A>(adapter: A, traffic: AdapterTraffic): A {
  const target = adapter as unknown as StreamsAdapterLike;
  const original = target.onRawMessage.bind(target);
  target.onRawMessage = (raw, offset) => {
    if (raw.uid !== target.uid) traffic.count(roomsOfStreamEntry(raw.data));
    return original(raw, offset);
  };
  return adapter;
}

function roomsOfStreamEntry(data: string | undefined): string {
  try {
    const rooms = (JSON.parse(data ?? '{}') as { opts?: { rooms?: string[] } }).opts?.rooms;
    return rooms?.length === 1 && rooms[0] ? rooms[0] : '*';
  } catch {
    return '*';
  }
}

/**
 * A publish that failed (Redis lost before this node noticed: the first command after a drop, or
 * one in flight) reached this node's sockets alone, like an emit sent while publishDown(). Both
 * adapters that publish per room name the room in the channel; the streams adapter writes to one
 * shared stream, and its failed writes are covered only by the other nodes' own catch-up.
 */
function noteFailedPublishes(pub: Redis, missed: Set<string>): void {
  const target = pub as unknown as Record<'publish' | 'spublish', (channel: string, ...rest: unknown[]) => Promise<unknown>>;
  for (const name of ['publish', 'spublish'] as const) {
    const original = target[name].bind(pub);
    target[name] = (channel: string, ...rest: unknown[]) => {
      const pending = original(channel, ...rest);
      pending.catch(() => {
        const room = roomOfChannel(channel);
        if (room) missed.add(room);
      });
      return pending;
    };
  }
}

const ROOM_CHANNEL_PREFIX = shardedRoomChannel('').slice(0, -1);

/** The room of a single-room channel (`socket.io#/#user:7#`); undefined for a namespace-wide one. */
export function roomOfChannel(channel: string): string | undefined {
  if (!channel.startsWith(ROOM_CHANNEL_PREFIX) || !channel.endsWith('#')) return undefined;
  const room = channel.slice(ROOM_CHANNEL_PREFIX.length, -1);
  return room === '' ? undefined : room;
}

function reconnectDelay(times: number): number {
  return Math.min(100 * times, 2000);
}

/**
 * The adapters fire some commands without handling their promises (the classic adapter's
 * publish, every adapter's (un)subscribe). During an outage or shutdown those reject
 * ("Connection is closed"); an unhandled rejection would end the process, and the loss is already
 * covered by clients catching up. ioredis re-subscribes by itself after reconnecting.
 */
const FIRE_AND_FORGET = ['publish', 'subscribe', 'psubscribe', 'ssubscribe', 'unsubscribe', 'punsubscribe', 'sunsubscribe'] as const;

function ignoreFireAndForgetRejections(client: Redis): void {
  const target = client as unknown as Record<(typeof FIRE_AND_FORGET)[number], (...args: unknown[]) => Promise<unknown>>;
  for (const name of FIRE_AND_FORGET) {
    const original = target[name].bind(client);
    target[name] = (...args: unknown[]) => {
      const pending = original(...args);
      pending.catch(() => {});
      return pending;
    };
  }
}

/**
 * The Socket.IO server: handshake (origin + session), one room per member, presence, the module
 * commands registered by boot, and the adapter that fans out across processes. Services never see
 * sockets: they get the Notifier returned here.
 */
import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { AUTH_COOKIE_NAME, SOCKET_MAX_FRAME_BYTES } from '@shared/constants.js';
import { rooms } from '@shared/realtime.js';
import type { AppContext } from '../context.js';
import type { SiteDirectory } from '../http/site.js';
import { createScaleOut, type ScaleOut } from './adapter.js';
import type { AdapterTrafficSnapshot } from './adapter-stats.js';
import { createEmitter } from './emitter.js';
import { frameArraysServerOptions } from './frame-arrays.js';
import { closeTransports, settleInFlightCommands } from './graceful-close.js';
import { errorResult, replyVia } from './ack.js';
import { notFound } from '../http/errors.js';
import { RoomSubscriptions } from './room-subscriptions.js';
import type { RequestOrigin } from '../http/request-origin.js';
import { authenticateSocket, originGuard } from './handshake.js';
import { releaseHandshakeRequest, releaseUpgradeResponse } from './release-request.js';
import { sessionReader } from './session-reader.js';
import { closeIfSessionEnded, recheckSessionsPeriodically } from './session-recheck.js';
import { forgetRememberedSession } from '../http/outage-tolerant-session-store.js';
import type { Notifier } from './notifier.js';
import { PresenceService } from './presence.js';
import { MemoryPresenceCounter, type PresenceCounter } from './presence-counter.js';
import { RedisPresenceCounter } from './presence-redis.js';
import { closeIfSlowConsumer, SLOW_CONSUMER_LIMITS, watchSlowConsumers, type SlowConsumerLimits } from './slow-consumer.js';
import type { CommandContext, MemberSocket, PresenceReader, RealtimeServer, SocketCommands } from './types.js';

/** Mobile-friendly: a ping every 25 s stays under typical NAT/proxy idle timeouts of 30-60 s. */
const PING_INTERVAL_MS = 25_000;
const PING_TIMEOUT_MS = 20_000;
/**
 * Sockets one member may hold on this node: a tab each, plus the few a flapping phone leaves until
 * their ping times out. The command allowances are per socket, so without a cap one member with
 * 200 sockets got 4,000 sync pages at once and held another member's request 11 s.
 */
export const MAX_SOCKETS_PER_MEMBER = 10;

export interface RealtimeOptions {
  sites: SiteDirectory;
  /** the origin a handshake was addressed to, read as the HTTP side reads it (http/request-origin.ts) */
  requestOrigin: RequestOrigin;
  /** per-socket command registrations of the modules (e.g. chats) */
  commands?: SocketCommands[];
  /** the fan-out between processes; by default built from the config (tests pass their own) */
  scaleOut?: ScaleOut;
  /** when a socket that does not read is closed (tests lower them) */
  slowConsumer?: SlowConsumerLimits;
}

export interface RealtimeStats {
  node: string;
  adapter: string;
  sockets: number;
  received: AdapterTrafficSnapshot;
}

export interface Realtime {
  notifier: Notifier;
  /** live online state across nodes, for REST answers that show profiles */
  presence: PresenceReader;
  stats(): RealtimeStats;
  /** whether both of the adapter's Redis connections are up; undefined without Redis */
  redisConnected?(): boolean;
  /** zeroes the traffic counters (benchmarks measure from a known point) */
  resetStats(): void;
  close(): Promise<void>;
}

/**
 * Whether a command's payload is binary data (a Socket.IO attachment arrives as a Buffer). No
 * command takes any (photos go over HTTP), so it counts as no payload: validated as an object, a
 * Buffer's every byte and method was named in the refusal, 380 KB answered to a 15 KB frame.
 */
function isBinary(payload: unknown): boolean {
  return ArrayBuffer.isView(payload) || payload instanceof ArrayBuffer;
}

/**
 * Socket.IO connection middleware after authenticateSocket: a member who already holds
 * MAX_SOCKETS_PER_MEMBER sockets here is refused with Error('too_many_sockets') (the page then
 * keeps up over REST, as when the socket is down). Counted from the member's room, which a socket
 * joins in the same tick as it passes here.
 */
function limitSocketsPerMember(io: RealtimeServer) {
  return (socket: MemberSocket, next: (err?: Error) => void): void => {
    const held = io.of('/').adapter.rooms.get(rooms.user(socket.data.userId))?.size ?? 0;
    next(held >= MAX_SOCKETS_PER_MEMBER ? new Error('too_many_sockets') : undefined);
  };
}

export async function attachRealtime(http: HttpServer, ctx: AppContext, options: RealtimeOptions): Promise<Realtime> {
  const scaleOut = options.scaleOut ?? (await createScaleOut(ctx.config));
  const io: RealtimeServer = new Server(http, {
    path: '/socket.io',
    serveClient: false,
    maxHttpBufferSize: SOCKET_MAX_FRAME_BYTES,
    pingInterval: PING_INTERVAL_MS,
    pingTimeout: PING_TIMEOUT_MS,
    allowRequest: originGuard(ctx, options.sites, options.requestOrigin),
    ...(scaleOut.adapter ? { adapter: scaleOut.adapter } : {}),
    ...frameArraysServerOptions(),
  });
  io.engine.use(sessionReader({ cookieName: AUTH_COOKIE_NAME, secret: ctx.sessionSecret, store: ctx.sessionStore }));
  io.engine.use(releaseUpgradeResponse);
  io.use(authenticateSocket(ctx, options.sites, options.requestOrigin));
  io.use(limitSocketsPerMember(io));

  const emitter = createEmitter(io, { singleNode: scaleOut.kind === 'memory', publishDown: scaleOut.publishDown, missedRoom: scaleOut.missedRoom });
  // A member whose only sockets were on a crashed node is announced offline by a surviving node.
  const sweptOffline = (userId: number, lastAliveAt: number | undefined, at: number) => track(Promise.resolve().then(() => presence.wentOffline(userId, lastAliveAt, at)));
  const counter: PresenceCounter & Partial<Pick<RedisPresenceCounter, 'nodeId' | 'resync' | 'localMembers' | 'handOver'>> = scaleOut.redis
    ? new RedisPresenceCounter(scaleOut.redis, sweptOffline, undefined, () => ctx.clock.now(), ctx.config.redisCommandTimeoutMs)
    : new MemoryPresenceCounter();
  const presence = new PresenceService(ctx, counter, emitter);
  const subscriptions = new RoomSubscriptions(scaleOut);
  const commandContext: CommandContext = {
    ctx,
    presence,
    siteOf: (socket) => options.sites.findNormalised(socket.data.host),
    receiving: (userId) => subscriptions.ready(rooms.user(userId)),
    join: joinRoom,
  };

  /** Joins `room`; resolves once this node receives what other nodes publish to it. */
  function joinRoom(socket: MemberSocket, room: string): Promise<void> {
    const { adapter } = io.of('/');
    const created = !adapter.rooms.has(room);
    void socket.join(room);
    // A socket that closed meanwhile (a command that awaited first, as a catch-up does) joins
    // nothing: Socket.IO makes join a no-op then. Tracking the room anyway sent an SSUBSCRIBE that
    // no room's deletion ever undid, and the node received that channel for the rest of its life.
    if (created && adapter.rooms.has(room)) subscriptions.track(room);
    return subscriptions.ready(room);
  }

  // Work still running when we shut down (presence writes) is awaited before the database closes.
  const pending = new Set<Promise<unknown>>();
  function track(work: Promise<unknown>): void {
    const guarded = work.catch((err: Error) => console.error('[realtime] presence:', err.message));
    pending.add(guarded);
    void guarded.finally(() => pending.delete(guarded));
  }

  // Built once and shared by every socket, because anything per socket costs memory per connected
  // member: no closures per socket, and one `onAny` entry instead of a listener per command in each
  // socket's own listener table. Socket.IO calls both with the socket as `this`.
  const handlers = new Map((options.commands ?? []).flatMap((build) => Object.entries(build(commandContext))));
  const slowConsumer = options.slowConsumer ?? SLOW_CONSUMER_LIMITS;
  const stopWatchingSlowConsumers = watchSlowConsumers(io, slowConsumer);
  const stopRecheckingSessions = recheckSessionsPeriodically(io, ctx.sessionStore, ctx.config.sessionRecheckMs);
  function dispatchCommand(this: MemberSocket, event: string, ...args: unknown[]): void {
    // A client that sends and never reads: no more work for it, and its queue is let go.
    if (closeIfSlowConsumer(this, slowConsumer)) return;
    // Socket.IO puts the ack last, after however many arguments the client sent: a command sent
    // with no payload, or with one too many, must still be answered.
    const last = args[args.length - 1];
    const ack = typeof last === 'function' ? last : undefined;
    const handler = handlers.get(event);
    // A command this server does not have (a misspelt name, a newer client during a deploy) is
    // answered as REST answers an unknown endpoint: left unanswered, the client waited for its
    // ack's timeout (10 s for a send) before it fell back to REST.
    if (!handler) return replyVia(ack)(errorResult(notFound()));
    const payload = args[0] === ack ? undefined : args[0];
    handler.call(this, isBinary(payload) ? undefined : payload, ack);
  }
  /**
   * Set when a node of several stops: its members are reconnecting elsewhere, not going offline
   * (handOver). A single node still counts them out, which records each member's last seen: no
   * other node will, and after the restart they read as seen when they last closed a tab.
   */
  let lettingGo = false;
  function onDisconnect(this: MemberSocket, reason: string): void {
    if (!lettingGo) track(presence.socketClosed(this.data.userId));
    // Closed by the server, as at a log-out on any node (endSession): this node stops remembering
    // the session for Redis outages, instead of waiting for its next read (outage-tolerant-session-store.ts).
    if (reason === 'server namespace disconnect') forgetRememberedSession(ctx.sessionStore, this.data.sessionId);
  }

  io.on('connection', (socket) => {
    const { userId } = socket.data;
    releaseHandshakeRequest(socket);
    // Not awaited here: the catch-up (`sync`) waits for it.
    void joinRoom(socket, rooms.user(userId));
    track(presence.socketOpened(userId));
    socket.onAny(dispatchCommand);
    socket.on('disconnect', onDisconnect);
    // After the join, so that a log-out racing this handshake is seen by one side or the other;
    // last, because a store that answers at once closes the socket here, and it must count out.
    closeIfSessionEnded(ctx.sessionStore, socket);
  });

  // Whatever was published while Redis was away is lost: members refetch from the database. So
  // do the members on other nodes to whom this node could not publish meanwhile.
  scaleOut.onRecovered((downMs, missedRooms) => {
    emitter.invalidateLocal('chats', downMs);
    emitter.invalidateRooms(missedRooms.filter(rooms.isUser), 'chats', downMs);
    track(resyncPresence(missedRooms.map(rooms.presenceProfile).filter((id) => id !== undefined)));
  });

  /**
   * Redis learns this node's counts again; then the watchers on other nodes hear the presence of
   * the members whose changes this node could not publish, of all its members when another
   * node had swept them offline meanwhile, and of those Redis had lost (it restarted empty: the
   * nodes whole before this one showed them offline to members who caught up meanwhile).
   */
  async function resyncPresence(missedProfiles: number[]): Promise<void> {
    if (!counter.resync || !counter.localMembers) return;
    const { swept, unlisted } = await counter.resync();
    await presence.announce([...new Set([...missedProfiles, ...(swept ? counter.localMembers() : unlisted)])]);
  }

  const nodeId = counter.nodeId ?? `pid-${process.pid}`;
  return {
    notifier: emitter.notifier,
    presence,
    stats: () => ({ node: nodeId, adapter: scaleOut.kind, sockets: io.engine.clientsCount, received: scaleOut.traffic.snapshot() }),
    resetStats: () => scaleOut.traffic.reset(),
    ...(scaleOut.connected ? { redisConnected: scaleOut.connected } : {}),
    async close() {
      stopWatchingSlowConsumers();
      stopRecheckingSessions();
      // This node's members only, once what they sent is answered; they reconnect elsewhere (graceful-close.ts).
      await settleInFlightCommands(ctx.db);
      lettingGo = counter.handOver !== undefined;
      await closeTransports(io);
      await Promise.all([...pending]);
      await (counter.handOver ? counter.handOver() : counter.close());
      // Redis first: io.close() has the adapter unsubscribe each room, pointless on connections
      // about to close, and waited for ever on a Redis that is away. Refused at once once closed.
      await scaleOut.close();
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
}

/**
 * The one place that emits to Socket.IO rooms. Services reach members through the Notifier
 * (room `user:<id>` on whichever node holds their sockets); presence goes to `presence:<id>`.
 */
import { rooms, type PresenceDto } from '@shared/realtime.js';
import type { Notifier } from './notifier.js';
import { invalidatePaced } from './paced-invalidation.js';
import type { InvalidatedResource, MemberSocket, RealtimeServer } from './types.js';

export interface RealtimeEmitter {
  notifier: Notifier;
  /** tells everyone watching this profile, except the members in `hiddenFrom` (blocks) */
  presenceChanged(presence: PresenceDto, hiddenFrom?: number[]): void;
  /**
   * false only when no socket anywhere watches this profile's presence. A single node knows its
   * rooms are the whole truth; with Redis a watcher may sit on another node, so the answer is true.
   */
  mayHavePresenceWatchers(profileId: number): boolean;
  /** tells every socket connected to THIS node to refetch a resource (after a Redis outage of `downMs`), paced */
  invalidateLocal(resource: InvalidatedResource, downMs?: number): void;
  /**
   * tells the members of these rooms connected to OTHER nodes to refetch a resource (after a Redis
   * outage of `downMs`); the ones here had `invalidateLocal`
   */
  invalidateRooms(roomNames: string[], resource: InvalidatedResource, downMs: number): void;
}

export interface EmitterOptions {
  /**
   * The adapter is Socket.IO's in-memory one, so this process holds every socket and its rooms are
   * the whole truth (with Redis, a member's other tabs may sit on any node).
   */
  singleNode: boolean;
  /**
   * True while Redis cannot take publishes (ScaleOut.publishDown). Emits then reach this node's
   * sockets at once, where the adapter would hold them until the publish failed; other nodes miss
   * them either way, and `missedRoom` notes the room so its members there are told to catch up
   * (`invalidate`) once this node publishes again.
   */
  publishDown?: () => boolean;
  missedRoom?: (room: string) => void;
}

export function createEmitter(io: RealtimeServer, options: EmitterOptions): RealtimeEmitter {
  /** This node's sockets in any of these rooms, each once. */
  function localSocketsIn(roomNames: string[]): MemberSocket[] {
    const { adapter, sockets } = io.of('/');
    const ids = new Set<string>();
    for (const room of roomNames) for (const id of adapter.rooms.get(room) ?? []) ids.add(id);
    return [...ids].map((id) => sockets.get(id)).filter((socket) => socket !== undefined);
  }
  io.on('invalidate-rooms', ({ rooms: roomNames, resource, down_ms }) => {
    invalidatePaced(localSocketsIn(roomNames), { resource, down_ms });
  });
  const publishDown = options.publishDown ?? (() => false);
  const missedRoom = options.missedRoom ?? (() => undefined);
  /** Where an emit to `room` goes: every node through the adapter, or this node alone while publishing is down. */
  function reachable(room: string) {
    if (!publishDown()) return io.to(room);
    missedRoom(room);
    return io.local.to(room);
  }

  function hasOtherLocalSocket(room: string, socketId: string): boolean {
    const members = io.of('/').adapter.rooms.get(room);
    return members !== undefined && (members.size > 1 || !members.has(socketId));
  }

  function disconnectWhere(userId: number, matches: (sessionId: string) => boolean): void {
    io.in(rooms.user(userId))
      .fetchSockets()
      .then((sockets) => {
        for (const socket of sockets) if (matches(socket.data.sessionId)) socket.disconnect(true);
      })
      .catch((err: Error) => console.error('[realtime] closing sockets of a session failed:', err.message));
  }

  return {
    notifier: {
      notify(userId, event, ...payload) {
        reachable(rooms.user(userId)).emit(event, ...payload);
      },
      notifyOthers(userId, socketId, event, ...payload) {
        // Each send echoes to the sender's other tabs; most members have none, and a broadcast
        // that reaches nobody still costs its encoding and room look-ups.
        if (options.singleNode && !hasOtherLocalSocket(rooms.user(userId), socketId)) return;
        reachable(rooms.user(userId)).except(socketId).emit(event, ...payload);
      },
      // A session's sockets are found among the member's (on every node, from the session id their
      // handshake stored in socket.data) rather than through a room per session: a room costs a few
      // hundred bytes per connected member, this look-up runs only at log-in, log-out and password changes.
      endSession(userId, sessionId) {
        disconnectWhere(userId, (socketSessionId) => socketSessionId === sessionId);
      },
      endOtherSessions(userId, keepSessionId) {
        if (keepSessionId === undefined) io.in(rooms.user(userId)).disconnectSockets(true);
        else disconnectWhere(userId, (socketSessionId) => socketSessionId !== keepSessionId);
      },
    },
    presenceChanged(presence, hiddenFrom = []) {
      reachable(rooms.presence(presence.profile)).except(hiddenFrom.map(rooms.user)).emit('presence', presence);
    },
    mayHavePresenceWatchers(profileId) {
      return !options.singleNode || io.of('/').adapter.rooms.has(rooms.presence(profileId));
    },
    invalidateLocal(resource, downMs) {
      // Paced: every member of the node is told, and each then asks the database (paced-invalidation.ts).
      invalidatePaced([...io.of('/').sockets.values()], downMs === undefined ? { resource } : { resource, down_ms: downMs });
    },
    invalidateRooms(roomNames, resource, downMs) {
      // One message for all of them, and to the other nodes only: a broadcast to the rooms would
      // also reach this node's members, who had their own invalidate a moment before, and every
      // one of them would catch up twice (the Redis-restart bench saw 874 invalidates for 500
      // members on one node).
      if (roomNames.length > 0) io.serverSideEmit('invalidate-rooms', { rooms: roomNames, resource, down_ms: downMs });
    },
  };
}

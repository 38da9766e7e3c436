/**
 * The one place that emits to Socket.IO rooms. Services reach members through the Notifier
 * (room `user:<id>` on whichever node holds their sockets); presence goes to `presence:<id>`.
 */
import { rooms, type PresenceDto, type ServerToClientEvents } from '@shared/realtime.js';
import type { Notifier } from './notifier.js';
import type { RealtimeServer } from './types.js';

export interface RealtimeEmitter {
  notifier: Notifier;
  /** tells everyone watching this profile, except the members in `hiddenFrom` (blocks) */
  presenceChanged(presence: PresenceDto, hiddenFrom?: number[]): void;
  /** tells every socket connected to THIS node to refetch a resource (after a Redis outage) */
  invalidateLocal(resource: Parameters<ServerToClientEvents['invalidate']>[0]['resource']): void;
}

export function createEmitter(io: RealtimeServer): RealtimeEmitter {
  return {
    notifier: {
      notify(userId, event, ...payload) {
        io.to(rooms.user(userId)).emit(event, ...payload);
      },
      notifyOthers(userId, socketId, event, ...payload) {
        io.to(rooms.user(userId)).except(socketId).emit(event, ...payload);
      },
      endSession(sessionId) {
        io.in(rooms.session(sessionId)).disconnectSockets(true);
      },
      endOtherSessions(userId, keepSessionId) {
        const target = io.in(rooms.user(userId));
        (keepSessionId ? target.except(rooms.session(keepSessionId)) : target).disconnectSockets(true);
      },
    },
    presenceChanged(presence, hiddenFrom = []) {
      io.to(rooms.presence(presence.profile)).except(hiddenFrom.map(rooms.user)).emit('presence', presence);
    },
    invalidateLocal(resource) {
      io.local.emit('invalidate', { resource });
    },
  };
}

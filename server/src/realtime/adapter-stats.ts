/**
 * Counts the adapter traffic this node receives from Redis, per room where the room can be told,
 * so tests and the benchmark can see what an uninvolved node pays for other nodes' rooms.
 */
export interface AdapterTrafficSnapshot {
  /** messages received from Redis (including this node's own echoes on pub/sub channels) */
  total: number;
  /** per room; traffic on a namespace-wide channel (classic broadcasts, requests) counts as '*' */
  byRoom: Record<string, number>;
}

/**
 * Rooms told apart at most; traffic of further rooms counts under OTHER_ROOMS. Tests and the
 * benchmark look at a few rooms; a node that runs for weeks receives the rooms of every member
 * who was ever on it (with the classic adapter, of every member of the site), and an entry per
 * room was kept for the life of the process.
 */
export const MAX_COUNTED_ROOMS = 1000;
export const OTHER_ROOMS = '(other rooms)';

export class AdapterTraffic {
  private total = 0;
  private readonly byRoom = new Map<string, number>();

  /** Counts one message seen on a Socket.IO channel such as `socket.io#/#user:5#` or `socket.io#/#`. */
  countChannel(channel: string): void {
    this.count(roomOfChannel(channel));
  }

  count(room: string): void {
    this.total++;
    const key = this.byRoom.has(room) || this.byRoom.size < MAX_COUNTED_ROOMS ? room : OTHER_ROOMS;
    this.byRoom.set(key, (this.byRoom.get(key) ?? 0) + 1);
  }

  snapshot(): AdapterTrafficSnapshot {
    return { total: this.total, byRoom: Object.fromEntries(this.byRoom) };
  }

  reset(): void {
    this.total = 0;
    this.byRoom.clear();
  }
}

/** 'socket.io#/#user:5#' -> 'user:5'; 'socket.io#/#' -> '*' (the namespace channel carries no room). */
export function roomOfChannel(channel: string): string {
  const parts = channel.split('#');
  // [prefix, namespace, room?, ''] for room channels; [prefix, namespace, ''] otherwise
  return parts.length >= 4 && parts[2] ? parts.slice(2, -1).join('#') : '*';
}

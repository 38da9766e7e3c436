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

export class AdapterTraffic {
  private total = 0;
  private readonly byRoom = new Map<string, number>();

  /** Counts one message seen on a Socket.IO channel such as `socket.io#/#user:5#` or `socket.io#/#`. */
  countChannel(channel: string): void {
    this.count(roomOfChannel(channel));
  }

  count(room: string): void {
    this.total++;
    this.byRoom.set(room, (this.byRoom.get(room) ?? 0) + 1);
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

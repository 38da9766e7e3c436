import { LAST_SEEN_SET_RIGHT_MS } from './constants.js';

/**
 * How a client takes in a presence state (a `presence` event, a `presence:watch` answer, a list
 * entry) over the one it shows. Frames of different nodes, and a command's answer against an
 * event, can arrive in another order than the server decided them (docs/parts/decisions-realtime.md,
 * "Presence frames that cross").
 */
export interface PresenceState {
  online: boolean;
  /** ISO 8601, or null (never seen, invisible, or hidden by a block) */
  last_seen: string | null;
  /** when the server decided it (PresenceDto.at); absent from a server or an answer without one */
  at?: number;
}

/**
 * The state to show: the one decided later (`at`, one clock for every node). A member whose tab
 * closed on one node while a new one opened on another was announced online and then, from the
 * slower node, offline: the viewer kept "offline" for someone connected. A state without `at`
 * is taken as the newer one (what the client did before).
 * "Last seen" only moves forward on the server (users.last_seen_at): an older one arriving after
 * a newer one (an answer read before the member left, delivered after the offline event) never
 * takes its place, unless it is more than LAST_SEEN_SET_RIGHT_MS older: the server took a stamp
 * set right after a clock that ran ahead, and the viewer kept the future one until a reload.
 * A null (invisible, blocked) does, when it is the newer state.
 */
export function newerPresence<T extends PresenceState>(held: T | undefined, incoming: T): T {
  const stale = held?.at !== undefined && incoming.at !== undefined && incoming.at < held.at;
  const [newer, older] = stale ? [held, incoming] : [incoming, held];
  if (!older?.last_seen || !newer.last_seen) return newer;
  const ahead = Date.parse(older.last_seen) - Date.parse(newer.last_seen);
  const lateSighting = ahead > 0 && ahead <= LAST_SEEN_SET_RIGHT_MS;
  return lateSighting ? { ...newer, last_seen: older.last_seen } : newer;
}

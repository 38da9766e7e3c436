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
}

/**
 * The state to show. "Last seen" only moves forward on the server (users.last_seen_at): an older
 * one arriving after a newer one (an answer read before the member left, delivered after the
 * offline event) never takes its place. A null (invisible, blocked) does.
 */
export function newerPresence<T extends PresenceState>(held: T | undefined, incoming: T): T {
  if (!held?.last_seen || !incoming.last_seen) return incoming;
  return Date.parse(held.last_seen) > Date.parse(incoming.last_seen) ? { ...incoming, last_seen: held.last_seen } : incoming;
}

import type { ScaleOut } from './adapter.js';
import { settleWithin } from '../settle-within.js';

/** How long a command waits for a room's subscription before it answers anyway (Redis may be down). */
const SUBSCRIPTION_WAIT_MS = 2000;
const RECEIVING = Promise.resolve();

/**
 * The rooms (member and presence rooms) this node has created whose subscription Redis has not
 * confirmed yet. A catch-up answered in that window could miss a message stored just after its
 * query and published before the subscription: neither the catch-up nor the live event would
 * bring it. So `sync` and `presence:watch` wait here first. Entries leave as soon as they settle:
 * nothing is kept per idle member.
 */
export class RoomSubscriptions {
  private readonly pending = new Map<string, Promise<void>>();

  constructor(private readonly scaleOut: Pick<ScaleOut, 'subscribed'>) {}

  /** Call when this node has just created `room` (its first local socket joined). */
  track(room: string): void {
    const { subscribed } = this.scaleOut;
    if (!subscribed || this.pending.has(room)) return;
    const subscribing = subscribed.call(this.scaleOut, room).catch(() => undefined);
    const settled = settleWithin(subscribing, SUBSCRIPTION_WAIT_MS, undefined).then(() => {
      this.pending.delete(room);
    });
    this.pending.set(room, settled);
  }

  /** Resolves once this node receives what other nodes publish to `room` (at once when it already does). */
  ready(room: string): Promise<void> {
    return this.pending.get(room) ?? RECEIVING;
  }
}

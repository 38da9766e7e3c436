/**
 * The subscriber connection's shard (un)subscribes while it is not ready (a Redis outage, the
 * first connect), kept as each channel's last wish instead of ioredis's offline queue.
 *
 * Why: every member room created or deleted on this node asks for an SSUBSCRIBE or SUNSUBSCRIBE,
 * and the subscriber never drops one (docs/decisions.md, Redis outages). Queued one by one, a node
 * whose members kept connecting and leaving during an outage queued about two commands per connection
 * for as long as Redis was away (411 after 200 connections in the test; a weekend's outage, millions),
 * and replayed them all when it came back. Only the last wish of each channel matters: the queue
 * now holds at most one entry per room, and is sent once ioredis has re-subscribed what it had.
 */
import type { Redis } from 'ioredis';

type ShardCommand = 'ssubscribe' | 'sunsubscribe';

interface Wish {
  subscribe: boolean;
  /** what the callers of a subscribe wait on: settled once the wish is sent (or given up) */
  sent: Promise<unknown>;
  settle: (outcome: Promise<unknown>) => void;
}

export function coalesceShardSubscriptions(sub: Redis): void {
  const target = sub as unknown as Record<ShardCommand, (...channels: unknown[]) => Promise<unknown>>;
  const send: Record<ShardCommand, (channel: string) => Promise<unknown>> = {
    ssubscribe: target.ssubscribe.bind(sub),
    sunsubscribe: target.sunsubscribe.bind(sub),
  };
  const wishes = new Map<string, Wish>();

  function wish(channel: string, subscribe: boolean): Promise<unknown> {
    const before = wishes.get(channel);
    // A room deleted meanwhile: its subscribers have nothing left to wait for.
    if (before && !subscribe) before.settle(Promise.resolve());
    if (before?.subscribe && subscribe) return before.sent;
    let settle!: Wish['settle'];
    const sent = new Promise<unknown>((resolve) => (settle = resolve));
    sent.catch(() => {}); // fire-and-forget callers (the adapter) never look
    wishes.set(channel, { subscribe, sent, settle });
    return sent;
  }

  for (const name of ['ssubscribe', 'sunsubscribe'] as const) {
    target[name] = (...args: unknown[]) => {
      if (sub.status === 'ready') return send[name](...(args as [string]));
      const channels = args.flat().filter((arg): arg is string => typeof arg === 'string');
      return Promise.all(channels.map((channel) => wish(channel, name === 'ssubscribe')));
    };
  }

  // After ioredis's own re-subscribes (made in the same turn as 'ready'): a room deleted during the
  // outage is unsubscribed after ioredis has subscribed it again.
  sub.on('ready', () =>
    setImmediate(() => {
      if (sub.status !== 'ready') return;
      for (const [channel, { subscribe, settle }] of wishes) settle(send[subscribe ? 'ssubscribe' : 'sunsubscribe'](channel));
      wishes.clear();
    }),
  );
}

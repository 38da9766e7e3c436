/**
 * When a node is whole again after losing Redis. A node holds two connections, one that publishes
 * and one that subscribes, and each reconnects on its own back-off: after a Redis restart one can
 * be back a retry (up to 2 s) before the other. Telling members to catch up when only the
 * subscriber was back (as this node did until session 34) let a message sent right after be
 * published into nothing: the publisher was still down, the receiving member had already caught
 * up, and the message stayed out of their chat until their next reconnect (a scale-out test saw
 * it once in CI). So the node counts as recovered only when:
 *  - both connections are ready again, and
 *  - the subscriber's re-subscriptions are confirmed. ioredis re-sends them as it turns ready,
 *    without waiting for Redis's answer; a PING sent after them is answered after them.
 */
import type { EventEmitter } from 'node:events';

/** What this needs of an ioredis client (a fake in tests). */
export interface WatchedConnection extends EventEmitter {
  ping(): Promise<unknown>;
}

export interface RedisRecovery {
  /** True from the moment the publishing connection is lost until it is ready again. */
  publishDown(): boolean;
}

interface Watched {
  everReady: boolean;
  down: boolean;
  /** bumped at each 'ready', so a confirmation for an earlier connection is not taken for this one */
  generation: number;
  lastError: string;
}

/**
 * Watches both connections; `onRecovered(downMs)` runs once per outage, `downMs` counted from the
 * first of the two connections lost. Errors are logged once per outage, not once per retry.
 */
export function watchRedisRecovery(
  pub: WatchedConnection,
  sub: WatchedConnection,
  isShuttingDown: () => boolean,
  onRecovered: (downMs: number) => void,
): RedisRecovery {
  let outageSince: number | null = null;
  let subscriptionsConfirmed = true;
  const publisher = watch(pub, 'pub');
  const subscriber = watch(sub, 'sub');

  function watch(client: WatchedConnection, name: string): Watched {
    const state: Watched = { everReady: false, down: false, generation: 0, lastError: '' };
    client.on('error', (err: Error) => {
      if (!state.everReady && !isShuttingDown() && err.message !== state.lastError) console.error(`[realtime] redis ${name}: ${err.message}`);
      state.lastError = err.message;
    });
    // Down means lost after it was once ready: not while it first connects, when commands wait in
    // ioredis's queue and go out once it is up.
    client.on('close', () => {
      if (!state.everReady || state.down || isShuttingDown()) return;
      state.down = true;
      // Monotonic: a wall clock stepped back during the outage made its length negative, and the
      // members' catch-up then reached back over none of it (frames lost in it stayed missing).
      outageSince ??= performance.now();
      console.error(`[realtime] redis ${name} connection lost; reconnecting`);
    });
    client.on('ready', () => {
      const wasDown = state.down;
      // A node started while Redis was away logged the failure: it says when it got through too.
      if (!state.everReady && state.lastError !== '') console.log(`[realtime] redis ${name} connected`);
      state.everReady = true;
      state.down = false;
      state.generation += 1;
      if (!wasDown) return;
      console.log(`[realtime] redis ${name} connection back`);
      if (client === sub) confirmSubscriptions(state.generation);
      else reportIfWhole();
    });
    return state;
  }

  function confirmSubscriptions(generation: number): void {
    subscriptionsConfirmed = false;
    sub.ping().then(
      () => {
        // Lost again before the answer: the next 'ready' confirms its own re-subscriptions.
        if (generation !== subscriber.generation || subscriber.down) return;
        subscriptionsConfirmed = true;
        reportIfWhole();
      },
      () => undefined,
    );
  }

  function reportIfWhole(): void {
    if (outageSince === null || publisher.down || subscriber.down || !subscriptionsConfirmed) return;
    const downMs = Math.round(performance.now() - outageSince);
    outageSince = null;
    onRecovered(downMs);
  }

  return { publishDown: () => publisher.down };
}

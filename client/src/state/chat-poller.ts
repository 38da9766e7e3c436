/**
 * When to poll the REST API because the socket is down (spec: every 60 s, 300 s with push, first
 * round 5 s after mount). Pure scheduling with injected timers so it is unit-tested without waiting:
 * - after mount, the first round runs startDelayMs later if the socket is not connected by then;
 * - while disconnected, rounds repeat every intervalMs() (read each time: push may change it);
 * - a connect cancels the next round; a later disconnect schedules a round startDelayMs later
 *   (never before the mount delay has passed);
 * - rounds never overlap: the next one is scheduled when the previous one settled.
 */
export interface PollTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

export interface FallbackPollerOptions {
  timers: PollTimers;
  startDelayMs: number;
  intervalMs: () => number;
  poll: () => Promise<unknown> | void;
}

export interface FallbackPoller {
  mount(): void;
  setConnected(connected: boolean): void;
  stop(): void;
  /** true while a polling cycle is armed (for diagnostics and tests) */
  isArmed(): boolean;
}

export function createFallbackPoller(options: FallbackPollerOptions): FallbackPoller {
  const { timers, startDelayMs } = options;
  let mountedAt: number | null = null;
  let connected = false;
  let stopped = false;
  let polling = false;
  let handle: unknown = null;

  const clear = () => {
    if (handle !== null) timers.clearTimeout(handle);
    handle = null;
  };

  const schedule = (ms: number) => {
    clear();
    handle = timers.setTimeout(() => {
      handle = null;
      void round();
    }, Math.max(0, ms));
  };

  const round = async () => {
    if (stopped || connected || polling) return;
    polling = true;
    try {
      await options.poll();
    } catch {
      // a failed round is retried at the next interval
    } finally {
      polling = false;
    }
    if (!stopped && !connected) schedule(options.intervalMs());
  };

  return {
    mount() {
      if (mountedAt !== null) return;
      mountedAt = timers.now();
      stopped = false;
      if (!connected) schedule(startDelayMs);
    },
    setConnected(next) {
      if (next === connected) return;
      connected = next;
      if (stopped || mountedAt === null) return;
      if (connected) {
        clear();
        return;
      }
      // Never below 0: a device clock set back since mount made it an hour negative, and the first
      // round waited that hour (no messages while the socket was down).
      const sinceMount = Math.max(0, timers.now() - mountedAt);
      schedule(Math.max(startDelayMs - sinceMount, Math.min(startDelayMs, options.intervalMs())));
    },
    stop() {
      stopped = true;
      clear();
    },
    isArmed: () => handle !== null,
  };
}

/** The interval the spec asks for, or a shorter one for tests (ignored in production builds). */
export function pollIntervalMs(pushSubscribed: boolean, override: number | null): number {
  if (override !== null) return override;
  return pushSubscribed ? 300_000 : 60_000;
}

/**
 * Reads the test override: `?pollms=N` or localStorage 'debug-poll-ms'. Honoured only when
 * `allowed` (a dev build, or a browser driven by automation such as Playwright: e2e runs against
 * the production bundle), never for an ordinary visitor, and never below 200 ms.
 */
export function readPollOverride(allowed: boolean, search: string, stored: string | null): number | null {
  if (!allowed) return null;
  const fromQuery = new URLSearchParams(search).get('pollms');
  const raw = fromQuery ?? stored;
  if (raw === null) return null;
  const value = Number(raw);
  return Number.isFinite(value) && value >= 200 ? Math.floor(value) : null;
}

/** Waits of the can't-connect page between attempts: 2, 4, 8, 16 then every 30 seconds. */
export function retryDelayMs(failures: number): number {
  return Math.min(2_000 * 2 ** Math.max(0, failures - 1), 30_000);
}

export interface RetrySchedule {
  /** counts a failed attempt and plans the next one after the back-off */
  failed(): void;
  /** runs an attempt at once (the "Try again" button) unless one is running */
  now(): void;
  /** the load succeeded: no more attempts, back-off starts afresh next time */
  stop(): void;
}

/**
 * Repeats `attempt` with back-off until stop(), and at once when the browser says it is online
 * again, so a phone that finds its network does not wait out the rest of a 30 s pause.
 */
export function createRetrySchedule(attempt: () => Promise<void>, delayMs = retryDelayMs): RetrySchedule {
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running = false;
  const onOnline = () => schedule.now();

  const clearTimer = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };

  const schedule: RetrySchedule = {
    failed() {
      failures += 1;
      clearTimer();
      timer = setTimeout(() => schedule.now(), delayMs(failures));
      window.addEventListener('online', onOnline);
    },
    now() {
      if (running) return;
      clearTimer();
      running = true;
      void attempt().finally(() => {
        running = false;
      });
    },
    stop() {
      failures = 0;
      clearTimer();
      window.removeEventListener('online', onOnline);
    },
  };
  return schedule;
}

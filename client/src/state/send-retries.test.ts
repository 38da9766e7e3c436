import { describe, expect, it } from 'vitest';
import { SERVER_ERROR_RETRY_MS, createSendRetries } from './send-retries.js';

/** Timers that only record what is scheduled; a test fires nothing. */
function recordingTimers() {
  const scheduled: number[] = [];
  return { scheduled, timers: { setTimeout: (_fn: () => void, ms: number) => scheduled.push(ms), clearTimeout: () => undefined } };
}

describe('tries again after server errors', () => {
  it('marks a message not sent only after three more server errors in a row', () => {
    const { timers, scheduled } = recordingTimers();
    const retries = createSendRetries(() => undefined, timers);
    const outcomes = [1, 2, 3, 4].map(() => retries.afterAttempt(2, 'k', 'server_error', true));
    expect(outcomes).toEqual([false, false, false, true]);
    expect(scheduled).toEqual([...SERVER_ERROR_RETRY_MS]);
  });

  it('counts afresh once the server settled the message (refused, then retried by the member)', () => {
    const { timers, scheduled } = recordingTimers();
    const retries = createSendRetries(() => undefined, timers);
    retries.afterAttempt(2, 'k', 'server_error', true);
    retries.afterAttempt(2, 'k', 'server_error', true);
    // Refused for credits; the member buys some and presses Retry: the same key goes again.
    expect(retries.afterAttempt(2, 'k', 'settled', true)).toBe(false);
    scheduled.length = 0;
    const outcomes = [1, 2, 3].map(() => retries.afterAttempt(2, 'k', 'server_error', true));
    expect(outcomes).toEqual([false, false, false]);
    expect(scheduled).toEqual([...SERVER_ERROR_RETRY_MS]);
  });
});

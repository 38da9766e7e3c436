/**
 * When a tab sends again by itself. A send the server settles (stored, or refused for a reason it
 * names) is done. Two outcomes are not settled:
 *
 * - the server's own error (the socket's `generic`, a REST 500: a database busy while a node
 *   restarts, say). The same send usually passes a moment later. Before, the socket marked it
 *   "Not sent" at once and REST left it pending until the next reconnect or poll round, which
 *   never comes while the socket stays up: a clock beside it for as long as the tab was open.
 *   Now it goes again after 2, 5 and 15 s, pending all along; a 4th such error marks it not sent,
 *   with Retry, for the member to decide.
 * - no answer (the ack and then REST got none, or the proxy said its servers are away: 502-504,
 *   or a CDN in front said to slow down: 429, since the server itself limits no sends).
 *   It stays pending: a reconnect or poll round sends it. While the socket stays connected
 *   neither comes, so the thread is tried again every 30 s.
 */

export const SERVER_ERROR_RETRY_MS: readonly number[] = [2_000, 5_000, 15_000];
export const UNANSWERED_RETRY_MS = 30_000;

export type SendOutcome = 'settled' | 'unanswered' | 'server_error';

export interface SendRetries {
  /** After an attempt at the message `key` of the thread with `profile`: true when it is to be marked not sent. */
  afterAttempt(profile: number, key: string, outcome: SendOutcome, socketConnected: boolean): boolean;
  /** The tab's realtime stopped (log-out, unmount): no attempt goes out later. */
  stop(): void;
}

interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export function createSendRetries(sendThread: (profile: number) => void, timers: Timers): SendRetries {
  /** per outgoing message: the server errors it met in a row */
  const serverErrors = new Map<string, number>();
  /** per thread: its next attempt */
  const scheduled = new Map<number, unknown>();

  const later = (profile: number, ms: number) => {
    const before = scheduled.get(profile);
    if (before !== undefined) timers.clearTimeout(before);
    scheduled.set(
      profile,
      timers.setTimeout(() => {
        scheduled.delete(profile);
        sendThread(profile);
      }, ms),
    );
  };

  return {
    afterAttempt(profile, key, outcome, socketConnected) {
      if (outcome === 'settled') {
        serverErrors.delete(key);
        return false;
      }
      if (outcome === 'unanswered') {
        if (socketConnected) later(profile, UNANSWERED_RETRY_MS);
        return false;
      }
      const errors = (serverErrors.get(key) ?? 0) + 1;
      if (errors > SERVER_ERROR_RETRY_MS.length) {
        serverErrors.delete(key);
        return true;
      }
      serverErrors.set(key, errors);
      later(profile, SERVER_ERROR_RETRY_MS[errors - 1]!);
      return false;
    },
    stop() {
      for (const handle of scheduled.values()) timers.clearTimeout(handle);
      scheduled.clear();
      serverErrors.clear();
    },
  };
}

import { describe, expect, it } from 'vitest';
import { createFallbackPoller } from './chat-poller.js';

describe('the fallback poller on reconnect', () => {
  it('keeps no round armed while the socket is connected, and arms one again when it drops', () => {
    let now = 0;
    const handles = new Set<number>();
    let next = 1;
    const timers = {
      setTimeout: () => {
        handles.add(next);
        return next++;
      },
      clearTimeout: (h: unknown) => void handles.delete(h as number),
      now: () => now,
    };
    const poller = createFallbackPoller({ timers, startDelayMs: 5_000, intervalMs: () => 60_000, poll: () => undefined });
    poller.mount();
    expect(poller.isArmed()).toBe(true);
    now = 1_000;
    poller.setConnected(true);
    expect(poller.isArmed()).toBe(false);
    expect(handles.size).toBe(0);
    poller.setConnected(false);
    expect(poller.isArmed()).toBe(true);
  });
});

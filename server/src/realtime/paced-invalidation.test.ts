/**
 * After a Redis outage a node tells its members to catch up a slice at a time, so their
 * catch-ups share the core with the live messages (told all at once, 10,000 catch-ups made one
 * turn of the event loop last 9.8 s in the chat bench).
 */
import { describe, expect, it } from 'vitest';
import { invalidatePaced } from './paced-invalidation.js';
import type { MemberSocket } from './types.js';

function fakeSockets(count: number) {
  const told: number[] = [];
  const sockets = Array.from({ length: count }, (_, i) => ({
    connected: true,
    emit: (event: string) => {
      if (event === 'invalidate') told.push(i);
      return true;
    },
  }));
  return { sockets, told, asMembers: sockets as unknown as MemberSocket[] };
}

/** Timers the test runs by hand: `advance(ms)` fires what is due. */
function manualTimers() {
  let now = 0;
  let queue: Array<{ at: number; fn: () => void }> = [];
  return {
    setTimeout: (fn: () => void, ms: number) => queue.push({ at: now + ms, fn }),
    advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const due = queue.filter((t) => t.at <= until).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        queue = queue.filter((t) => t !== due);
        now = due.at;
        due.fn();
      }
      now = until;
    },
  };
}

describe('telling sockets to catch up, paced', () => {
  it('tells them at the given rate, each once, the last after count / rate seconds', () => {
    const { asMembers, told } = fakeSockets(1000);
    const timers = manualTimers();
    invalidatePaced(asMembers, { resource: 'chats', down_ms: 2000 }, 400, timers);
    expect(told).toHaveLength(20);
    timers.advance(1000);
    expect(told).toHaveLength(420);
    timers.advance(1500);
    expect(told).toHaveLength(1000);
    expect(new Set(told).size).toBe(1000);
  });

  it('tells the last socket too when it is alone in the last slice', () => {
    const { asMembers, told } = fakeSockets(101);
    const timers = manualTimers();
    invalidatePaced(asMembers, { resource: 'chats' }, 200, timers);
    timers.advance(1000);
    expect(told).toHaveLength(101);
    expect(told).toContain(100);
  });

  it('skips sockets that closed before their turn', () => {
    const { sockets, asMembers, told } = fakeSockets(100);
    const timers = manualTimers();
    invalidatePaced(asMembers, { resource: 'chats' }, 200, timers);
    sockets[99]!.connected = false;
    timers.advance(1000);
    expect(told).toHaveLength(99);
    expect(told).not.toContain(99);
  });
});

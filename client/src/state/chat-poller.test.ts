import { describe, expect, it } from 'vitest';
import { createFallbackPoller, pollIntervalMs, readPollOverride, type PollTimers } from './chat-poller.js';

/**
 * Timers driven by hand: advance(ms) fires what falls due, in order. stepClock(ms) moves only the
 * device's clock (Date.now), as a member setting it does: timers run on elapsed time, unmoved.
 */
function manualTimers() {
  let now = 0;
  let clockStep = 0;
  let nextId = 1;
  const pending = new Map<number, { at: number; callback: () => void }>();
  const timers: PollTimers = {
    setTimeout(callback, ms) {
      const id = nextId++;
      pending.set(id, { at: now + ms, callback });
      return id;
    },
    clearTimeout(handle) {
      pending.delete(handle as number);
    },
    now: () => now + clockStep,
  };
  async function advance(ms: number) {
    const target = now + ms;
    for (;;) {
      const due = [...pending.entries()].filter(([, t]) => t.at <= target).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      pending.delete(due[0]);
      now = due[1].at;
      due[1].callback();
      await Promise.resolve();
      await Promise.resolve();
    }
    now = target;
  }
  return { timers, advance, stepClock: (ms: number) => (clockStep += ms) };
}

function setup(interval = 60_000) {
  const { timers, advance, stepClock } = manualTimers();
  const rounds: number[] = [];
  const poller = createFallbackPoller({ timers, startDelayMs: 5_000, intervalMs: () => interval, poll: () => { rounds.push(timers.now()); } });
  return { poller, advance, rounds, stepClock };
}

describe('fallback polling', () => {
  it('starts 5 s after mount and repeats every 60 s while the socket is down', async () => {
    const { poller, advance, rounds } = setup();
    poller.mount();
    await advance(4_999);
    expect(rounds).toEqual([]);
    await advance(1);
    expect(rounds).toEqual([5_000]);
    await advance(120_000);
    expect(rounds).toEqual([5_000, 65_000, 125_000]);
  });

  it('never polls while the socket is connected', async () => {
    const { poller, advance, rounds } = setup();
    poller.mount();
    poller.setConnected(true);
    await advance(600_000);
    expect(rounds).toEqual([]);
    expect(poller.isArmed()).toBe(false);
  });

  it('stops on reconnect and resumes 5 s after the socket drops again', async () => {
    const { poller, advance, rounds } = setup();
    poller.mount();
    await advance(5_000);
    expect(rounds).toEqual([5_000]);
    await advance(10_000);
    poller.setConnected(true);
    await advance(200_000);
    expect(rounds).toEqual([5_000]);
    poller.setConnected(false);
    await advance(5_000);
    expect(rounds).toEqual([5_000, 220_000]);
    await advance(60_000);
    expect(rounds).toEqual([5_000, 220_000, 280_000]);
  });

  it('polls 5 s after the socket drops, never before the mount delay', async () => {
    const { poller, advance, rounds } = setup();
    poller.mount();
    poller.setConnected(true);
    await advance(1_000);
    poller.setConnected(false);
    await advance(4_999);
    expect(rounds).toEqual([]);
    await advance(1);
    expect(rounds).toEqual([6_000]);
  });

  it('polls 5 s after the socket drops also when the device clock was set back since mount', async () => {
    const { poller, advance, rounds, stepClock } = setup();
    poller.mount();
    poller.setConnected(true);
    await advance(60_000);
    // The member sets the device's clock back an hour: no time passed since mount, as far as it says.
    stepClock(-3_600_000);
    poller.setConnected(false);
    await advance(5_000);
    expect(rounds).toHaveLength(1);
  });

  it('uses 300 s when push is subscribed', async () => {
    const { poller, advance, rounds } = setup(pollIntervalMs(true, null));
    poller.mount();
    await advance(305_000);
    expect(rounds).toEqual([5_000, 305_000]);
  });

  it('does nothing after stop', async () => {
    const { poller, advance, rounds } = setup();
    poller.mount();
    poller.stop();
    await advance(100_000);
    expect(rounds).toEqual([]);
  });

  it('keeps polling after a failed round', async () => {
    const { timers, advance } = manualTimers();
    let calls = 0;
    const poller = createFallbackPoller({ timers, startDelayMs: 5_000, intervalMs: () => 60_000, poll: async () => { calls++; throw new Error('offline'); } });
    poller.mount();
    await advance(65_000);
    expect(calls).toBe(2);
  });
});

describe('poll interval override', () => {
  it('is honoured only when allowed and sane', () => {
    expect(pollIntervalMs(false, null)).toBe(60_000);
    expect(readPollOverride(true, '?pollms=1500', null)).toBe(1500);
    expect(readPollOverride(true, '', '900')).toBe(900);
    expect(readPollOverride(false, '?pollms=1500', '900')).toBeNull();
    expect(readPollOverride(true, '?pollms=5', null)).toBeNull();
    expect(readPollOverride(true, '?pollms=abc', null)).toBeNull();
  });
});

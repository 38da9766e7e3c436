/**
 * When a node tells its members to catch up after losing Redis: only once it can both publish and
 * receive again. Fake connections, so the order in which the two come back is the test's choice
 * (with a real Redis restart it is a matter of retry timing, and CI once saw the bad order).
 */
import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchRedisRecovery, type WatchedConnection } from './redis-recovery.js';

class FakeConnection extends EventEmitter implements WatchedConnection {
  private answers: Array<() => void> = [];
  ping(): Promise<unknown> {
    return new Promise((resolve) => this.answers.push(() => resolve('PONG')));
  }
  /** Redis answers the PINGs sent so far */
  answer(): void {
    this.answers.splice(0).forEach((respond) => respond());
  }
  /** Redis answers the oldest PING still waiting */
  answerOldest(): void {
    this.answers.shift()?.();
  }
  pending(): number {
    return this.answers.length;
  }
}

let pub: FakeConnection;
let sub: FakeConnection;
let reports: number[];
let recovery: ReturnType<typeof watchRedisRecovery>;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'performance'] });
  vi.setSystemTime(new Date('2026-11-29T03:00:00Z'));
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  pub = new FakeConnection();
  sub = new FakeConnection();
  reports = [];
  recovery = watchRedisRecovery(pub, sub, () => false, (downMs) => reports.push(downMs));
  pub.emit('ready');
  sub.emit('ready');
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const settle = () => new Promise((resolve) => setImmediate(resolve));
/** Time passes (both clocks move); stepClock moves only the wall clock, as NTP stepping it does. */
const advance = (ms: number) => vi.advanceTimersByTime(ms);
const stepClock = (ms: number) => vi.setSystemTime(Date.now() + ms);

describe('a node recovering from a Redis outage', () => {
  it('does not report while its publisher is still down, though its subscriber is back', async () => {
    pub.emit('close');
    sub.emit('close');
    expect(recovery.publishDown()).toBe(true);
    advance(400);
    sub.emit('ready');
    sub.answer();
    await settle();
    expect(reports).toEqual([]);

    advance(1600);
    pub.emit('ready');
    await settle();
    expect(recovery.publishDown()).toBe(false);
    expect(reports).toEqual([2000]);
  });

  it('waits for Redis to confirm the re-subscriptions before reporting', async () => {
    sub.emit('close');
    pub.emit('close');
    advance(300);
    sub.emit('ready');
    pub.emit('ready');
    await settle();
    expect(sub.pending()).toBe(1);
    expect(reports).toEqual([]);
    sub.answer();
    await settle();
    expect(reports).toEqual([300]);
  });

  it('takes no confirmation meant for a connection that was lost again before it came', async () => {
    sub.emit('close');
    sub.emit('ready');
    sub.emit('close');
    sub.answer();
    await settle();
    expect(reports).toEqual([]);
    sub.emit('ready');
    sub.answer();
    await settle();
    expect(reports).toHaveLength(1);
  });

  // The answer to the first connection's PING says nothing of the re-subscriptions of the
  // second: reported then, a message published before they were confirmed would be lost.
  it('takes no confirmation meant for an earlier connection that arrives after the next one is ready', async () => {
    sub.emit('close');
    sub.emit('ready');
    sub.emit('close');
    sub.emit('ready');
    expect(sub.pending()).toBe(2);
    sub.answerOldest();
    await settle();
    expect(reports).toEqual([]);
    sub.answerOldest();
    await settle();
    expect(reports).toHaveLength(1);
  });

  it('counts the outage as it lasted when the server clock is stepped back during it', async () => {
    pub.emit('close');
    sub.emit('close');
    advance(1_000);
    // NTP steps the clock back an hour: the members' catch-up must still reach back over the outage.
    stepClock(-3_600_000);
    advance(1_000);
    pub.emit('ready');
    sub.emit('ready');
    sub.answer();
    await settle();
    expect(reports).toEqual([2_000]);
  });

  it('reports once per outage, counted from the first connection lost', async () => {
    sub.emit('close');
    advance(100);
    pub.emit('close');
    advance(200);
    pub.emit('ready');
    sub.emit('ready');
    sub.answer();
    await settle();
    pub.emit('ready');
    sub.emit('ready');
    sub.answer();
    await settle();
    expect(reports).toEqual([300]);
  });

  it('reports nothing for connections that are only starting up, nor for drops while shutting down', async () => {
    const starting = { pub: new FakeConnection(), sub: new FakeConnection() };
    let shuttingDown = false;
    const seen: number[] = [];
    watchRedisRecovery(starting.pub, starting.sub, () => shuttingDown, (downMs) => seen.push(downMs));
    starting.pub.emit('close');
    starting.pub.emit('ready');
    starting.sub.emit('ready');
    starting.sub.answer();
    shuttingDown = true;
    starting.pub.emit('close');
    starting.pub.emit('ready');
    await settle();
    expect(seen).toEqual([]);
  });
});

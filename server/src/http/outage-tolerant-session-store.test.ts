import { MemoryStore, type SessionData, type Store } from 'express-session';
import { describe, expect, it } from 'vitest';
import { HttpError } from './errors.js';
import { OutageTolerantSessionStore } from './outage-tolerant-session-store.js';

const MINUTE = 60_000;

/** A MemoryStore whose calls fail while `down` is set, as connect-redis does while Redis is away. */
function flakyStore() {
  const inner = new MemoryStore();
  const state = { down: false };
  const failing = (cb?: (err?: unknown) => void) => cb?.(new Error('Connection is closed.'));
  const store: Store = Object.assign(Object.create(inner) as Store, {
    get: (sid: string, cb: (err?: unknown, s?: SessionData | null) => void) => (state.down ? failing(cb) : inner.get(sid, cb)),
    set: (sid: string, s: SessionData, cb?: (err?: unknown) => void) => (state.down ? failing(cb) : inner.set(sid, s, cb)),
    destroy: (sid: string, cb?: (err?: unknown) => void) => (state.down ? failing(cb) : inner.destroy(sid, cb)),
  });
  return { store, state, inner };
}

function session(userId: number, extra: Partial<SessionData> & Record<string, unknown> = {}): SessionData {
  return { cookie: { originalMaxAge: 30 * 86_400_000, expires: new Date(Date.now() + 30 * 86_400_000) }, userId, epoch: 0, ...extra } as unknown as SessionData;
}

const get = (store: Store, sid: string) =>
  new Promise<{ err: unknown; session: SessionData | null | undefined }>((r) => store.get(sid, (err, s) => r({ err, session: s })));
const set = (store: Store, sid: string, s: SessionData) => new Promise<unknown>((r) => store.set(sid, s, (err) => r(err)));
const destroy = (store: Store, sid: string) => new Promise<unknown>((r) => store.destroy(sid, (err) => r(err)));

function setup(options: { capacity?: number } = {}) {
  const { store: flaky, state, inner } = flakyStore();
  const clock = { now: Date.now() };
  const store = new OutageTolerantSessionStore(flaky, { ...options, maxAgeMs: 10 * MINUTE, now: () => clock.now });
  return { store, state, clock, inner };
}

function expectUnavailable(err: unknown) {
  expect(err).toBeInstanceOf(HttpError);
  expect((err as HttpError).status).toBe(503);
  expect((err as HttpError).code).toBe('service_unavailable');
}

describe('OutageTolerantSessionStore', () => {
  it('serves a session it has read while the store fails, and a fresh copy each time', async () => {
    const { store, state } = setup();
    await set(store, 'a', session(7));
    expect((await get(store, 'a')).session).toMatchObject({ userId: 7 });
    state.down = true;
    const first = await get(store, 'a');
    expect(first.err).toBeNull();
    expect(first.session).toMatchObject({ userId: 7, epoch: 0 });
    (first.session as unknown as { userId: number }).userId = 99;
    expect((await get(store, 'a')).session).toMatchObject({ userId: 7 });
  });

  it('passes the failure on, as a 503, for a session it does not know', async () => {
    const { store, state } = setup();
    state.down = true;
    expectUnavailable((await get(store, 'unknown')).err);
  });

  it('serves a copy only within the age limit since its last read', async () => {
    const { store, state, clock } = setup();
    await set(store, 'a', session(7));
    clock.now += 9 * MINUTE;
    await get(store, 'a'); // read again: the age counts from here
    clock.now += 9 * MINUTE;
    state.down = true;
    expect((await get(store, 'a')).session).toMatchObject({ userId: 7 });
    clock.now += 2 * MINUTE;
    expectUnavailable((await get(store, 'a')).err);
  });

  it('does not serve a copy whose cookie has expired', async () => {
    const { store, state, clock } = setup();
    await set(store, 'a', { ...session(7), cookie: { originalMaxAge: MINUTE, expires: new Date(clock.now + MINUTE) } } as unknown as SessionData);
    state.down = true;
    clock.now += 2 * MINUTE;
    expectUnavailable((await get(store, 'a')).err);
  });

  it('forgets a session the store no longer has', async () => {
    const { store, state, inner } = setup();
    await set(store, 'a', session(7));
    await get(store, 'a');
    // ended elsewhere (another node's log-out): this node reads "not found"
    await destroy(inner, 'a');
    expect((await get(store, 'a')).session).toBeNull();
    state.down = true;
    expectUnavailable((await get(store, 'a')).err);
  });

  it('forgets a destroyed session, and a destroy that cannot reach the store fails', async () => {
    const { store, state } = setup();
    await set(store, 'a', session(7));
    await set(store, 'b', session(8));
    await destroy(store, 'a');
    state.down = true;
    expectUnavailable((await get(store, 'a')).err);
    expectUnavailable(await destroy(store, 'b'));
    expectUnavailable((await get(store, 'b')).err);
  });

  it('fails a write while the store is down, except the daily refresh of an unchanged session', async () => {
    const { store, state } = setup();
    await set(store, 'a', session(7));
    await get(store, 'a');
    state.down = true;
    const refreshed = { ...session(7, { refreshedAt: Date.now() }), cookie: { originalMaxAge: 1, expires: new Date(Date.now() + 31 * 86_400_000) } };
    expect(await set(store, 'a', refreshed as unknown as SessionData)).toBeUndefined();
    expect((await get(store, 'a')).session).toMatchObject({ userId: 7 });
    expectUnavailable(await set(store, 'a', session(7, { epoch: 1 })));
    // a failed real write leaves this node not knowing what the store holds
    expectUnavailable((await get(store, 'a')).err);
    expectUnavailable(await set(store, 'new', session(9)));
  });

  it('does not ask the store while the connection is known lost', async () => {
    const { store: flaky, state } = flakyStore();
    const down = { now: false };
    const store = new OutageTolerantSessionStore(flaky, { isDown: () => down.now });
    await set(store, 'a', session(7));
    state.down = true;
    down.now = true;
    let asked = 0;
    flaky.get = (...args: Parameters<Store['get']>) => (asked++, args[1](new Error('unreachable')));
    expect((await get(store, 'a')).session).toMatchObject({ userId: 7 });
    expectUnavailable((await get(store, 'b')).err);
    expectUnavailable(await set(store, 'b', session(8)));
    expect(asked).toBe(0);
  });

  it('evicts the least recently read session beyond its capacity', async () => {
    const { store, state } = setup({ capacity: 2 });
    await set(store, 'a', session(1));
    await set(store, 'b', session(2));
    await get(store, 'a'); // now b is the oldest
    await set(store, 'c', session(3));
    expect(store.size).toBe(2);
    state.down = true;
    expect((await get(store, 'a')).session).toMatchObject({ userId: 1 });
    expect((await get(store, 'c')).session).toMatchObject({ userId: 3 });
    expectUnavailable((await get(store, 'b')).err);
  });
});

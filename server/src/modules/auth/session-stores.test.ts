import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '@db/client.js';
import { sessions } from '@db/schema/index.js';
import { ManualClock } from '../../clock.js';
import { startServer } from '../../server.js';
import { createMember, insertTestSite } from '../../test/factories.js';
import { startTestServer, tempDir, testConfig, type TestServer } from '../../test/harness.js';
import { loggedInClient } from './auth-test-helpers.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** The session id inside a signed `auth.sid` cookie value (s:<sid>.<signature>). */
const sidOf = (cookie: string) => decodeURIComponent(cookie).slice(2).split('.')[0]!;

describe('session persistence', () => {
  it('a session survives a server restart on the same database file', async () => {
    const dir = tempDir('auth-restart-');
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const config = testConfig(dir);
    const setup = openDb(config.databaseFile);
    insertTestSite(setup);
    const member = await createMember(setup);
    setup.$client.close();
    const clock = new ManualClock(Date.now());

    const first = await startServer(config, { clock });
    const login = await fetch(`${first.url}/api/user.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: member.email, password: member.password }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
    await first.close();

    const second = await startServer(config, { clock });
    try {
      const me = await fetch(`${second.url}/api/user.php`, { headers: { cookie } });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { user: { id: number } }).user.id).toBe(member.id);
    } finally {
      await second.close();
    }
  });

  it('with REDIS_URL sessions live in Redis under sess:<id>, and log-out removes them', async () => {
    const server = await startTestServer({ REDIS_URL });
    cleanups.push(() => server.destroy());
    const redis = new Redis(REDIS_URL);
    cleanups.push(() => void redis.quit());

    const member = await createMember(server.db);
    const client = await loggedInClient(server, member.email, member.password);
    const sid = sidOf(client.cookie('auth.sid')!);
    const stored = await redis.get(`sess:${sid}`);
    expect(stored).not.toBeNull();
    expect(JSON.parse(stored!)).toMatchObject({ userId: member.id, epoch: 0 });
    expect(server.db.select().from(sessions).all()).toHaveLength(0);
    expect((await client.get('/api/user.php')).status).toBe(200);

    await client.get('/api/logout.php');
    expect(await redis.exists(`sess:${sid}`)).toBe(0);
  });
});

describe('sliding sessions', () => {
  const DAY = 86_400_000;

  /** Rewrites the stored session as if its cookie had been set `daysAgo` days ago. */
  function ageSession(server: TestServer, sid: string, daysAgo: number): void {
    const row = server.db.select().from(sessions).where(eq(sessions.sid, sid)).get()!;
    const sess = JSON.parse(row.sess) as { cookie: { expires: string } };
    const expiresAt = Date.now() + (30 - daysAgo) * DAY;
    sess.cookie.expires = new Date(expiresAt).toISOString();
    server.db.update(sessions).set({ sess: JSON.stringify(sess), expiresAt }).where(eq(sessions.sid, sid)).run();
  }

  it('a member active on a later day gets 30 fresh days; within the day nothing is re-sent or written', async () => {
    const server = await startTestServer();
    cleanups.push(() => server.destroy());
    const member = await createMember(server.db);
    const client = await loggedInClient(server, member.email, member.password);
    const sid = sidOf(client.cookie('auth.sid')!);

    const sameDay = await client.get('/api/user.php');
    expect(sameDay.status).toBe(200);
    expect(sameDay.headers.getSetCookie()).toEqual([]);

    ageSession(server, sid, 2);
    const later = await client.get('/api/user.php');
    expect(later.status).toBe(200);
    const setCookie = later.headers.getSetCookie().find((c) => c.startsWith('auth.sid='));
    expect(setCookie).toBeDefined();
    const cookieExpires = Date.parse(/Expires=([^;]+)/.exec(setCookie!)![1]!);
    expect(cookieExpires).toBeGreaterThan(Date.now() + 29.9 * DAY);
    const stored = server.db.select().from(sessions).where(eq(sessions.sid, sid)).get()!;
    expect(stored.expiresAt).toBeGreaterThan(Date.now() + 29.9 * DAY);
    // the same session id, so other tabs keep working
    expect(sidOf(setCookie!.split(';')[0]!.slice('auth.sid='.length))).toBe(sid);
  });
});

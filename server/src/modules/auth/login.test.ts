import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAttempts, sessions, users } from '@db/schema/index.js';
import { startTestServer, TestClient, type TestServer } from '../../test/harness.js';
import { createMember } from '../../test/factories.js';
import { loggedInClient } from './auth-test-helpers.js';
import { LoginService } from './login-service.js';
import type { PasswordHasher } from './passwords.js';

const THRESHOLD = 5;
const LOCK_MINUTES = 15;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ LOGIN_LOCK_THRESHOLD: String(THRESHOLD), LOGIN_LOCK_MINUTES: String(LOCK_MINUTES) });
});
afterAll(() => server.destroy());

const userById = (id: number) => server.db.select().from(users).where(eq(users.id, id)).get()!;

describe('GET /api/user.php', () => {
  it('answers 403 authentication_required when logged out', async () => {
    const res = await new TestClient(server.url).get('/api/user.php', { 'X-Request-Type': 'client' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'authentication_required', authentication_required: true });
  });

  it('returns the member with profile fields, and marks last seen at most once a minute', async () => {
    const member = await createMember(server.db, { name: 'Sophie', country: 'NL', credits: 7 });
    const client = await loggedInClient(server, member.email, member.password);
    const res = await client.get('/api/user.php', { 'X-Request-Type': 'client' });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      id: member.id, email: member.email, status: 'active', credits: 7, paid_user: false, logged_in: true, language: 'en',
      profile: { id: member.id, name: 'Sophie', country: 'NL', status: 'active', main_image: null },
    });
    expect(res.body.user).not.toHaveProperty('passwordHash');
    expect(res.body.user).not.toHaveProperty('password_hash');
    const firstSeen = userById(member.id).lastSeenAt;
    expect(firstSeen).toBe(server.clock.now());

    server.clock.advance(30_000);
    await client.get('/api/user.php');
    expect(userById(member.id).lastSeenAt).toBe(firstSeen);
    server.clock.advance(30_000);
    await client.get('/api/user.php');
    expect(userById(member.id).lastSeenAt).toBe(server.clock.now());
  });
});

describe('POST /api/user.php (log-in)', () => {
  it('logs in on a new session id and records the attempt', async () => {
    const member = await createMember(server.db);
    const client = new TestClient(server.url);
    await client.get('/api/user.php'); // no cookie is issued for anonymous requests
    const res = await client.post('/api/user.php', { email: `  ${member.email.toUpperCase()} `, password: member.password });
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(member.id);
    expect(client.cookie('auth.sid')).toBeTruthy();
    const before = client.cookie('auth.sid');
    await client.post('/api/user.php', { email: member.email, password: member.password });
    expect(client.cookie('auth.sid')).not.toBe(before);
    const attempts = server.db.select().from(loginAttempts).where(eq(loginAttempts.userId, member.id)).all();
    expect(attempts.map((a) => a.success)).toEqual([true, true]);
  });

  // Scripts cannot read the session, other sites' requests do not carry it except on a top-level
  // navigation, and behind a TLS-terminating proxy (TRUST_PROXY, loopback here) it never travels
  // over plain HTTP.
  it('sets the session cookie HttpOnly and SameSite=Lax, and Secure when a trusted proxy says HTTPS', async () => {
    const member = await createMember(server.db);
    const flagsOf = async (headers: Record<string, string>) => {
      const res = await new TestClient(server.url).post('/api/user.php', { email: member.email, password: member.password }, headers);
      expect(res.status).toBe(200);
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('auth.sid='))!;
      return cookie.split(';').slice(1).map((flag) => flag.trim().split('=')[0]!.toLowerCase());
    };
    const plain = await flagsOf({});
    expect(plain).toEqual(expect.arrayContaining(['path', 'expires', 'httponly', 'samesite']));
    expect(plain).not.toContain('secure');
    expect(await flagsOf({ 'x-forwarded-proto': 'https' })).toEqual(expect.arrayContaining(['httponly', 'samesite', 'secure']));
  });

  it('answers unknown address and wrong password identically with 401 login_failed', async () => {
    const member = await createMember(server.db);
    const unknown = await new TestClient(server.url).post('/api/user.php', { email: 'nobody@example.com', password: 'whatever1' });
    const wrong = await new TestClient(server.url).post('/api/user.php', { email: member.email, password: 'wrong password' });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual({ error: 'login_failed', message: 'Login failed, please try again' });
    expect(wrong.body).toEqual(unknown.body);
  });

  it('lets a not-confirmed member log in (the client shows the activation reminder)', async () => {
    const member = await createMember(server.db, { status: 'not_confirmed' });
    const res = await new TestClient(server.url).post('/api/user.php', { email: member.email, password: member.password });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ status: 'not_confirmed', profile: { status: 'disabled' } });
  });

  it('reactivates an account pending deletion', async () => {
    const member = await createMember(server.db, { status: 'pending_deletion' });
    server.db.update(users).set({ deletionRequestedAt: server.clock.now() }).where(eq(users.id, member.id)).run();
    const res = await new TestClient(server.url).post('/api/user.php', { email: member.email, password: member.password });
    expect(res.status).toBe(200);
    expect(res.body.user.status).toBe('active');
    expect(userById(member.id)).toMatchObject({ status: 'active', deletionRequestedAt: null });
  });

  it('refuses deleted accounts like unknown ones', async () => {
    const member = await createMember(server.db, { status: 'deleted' });
    const res = await new TestClient(server.url).post('/api/user.php', { email: member.email, password: member.password });
    expect(res.status).toBe(401);
  });

  it.each([
    ['missing password', { email: 'a@example.com' }, { password: 'password_required' }],
    ['empty password', { email: 'a@example.com', password: '' }, { password: 'password_required' }],
    ['missing email', { password: 'x' }, { email: 'email_required' }],
    ['e-mail of spaces only', { email: '   ', password: 'x' }, { email: 'email_required' }],
    ['both empty', { email: '', password: '' }, { email: 'email_required', password: 'password_required' }],
  ])('says a field left empty is missing: %s', async (_label, body, fields) => {
    const res = await new TestClient(server.url).post('/api/user.php', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: Object.values(fields)[0], fields });
    expect(res.body.fields).toEqual(fields);
  });

  it('says "Please enter your password." for an empty password, and counts no failed attempt', async () => {
    const member = await createMember(server.db);
    const client = new TestClient(server.url);
    for (let i = 0; i < 6; i++) {
      const res = await client.post('/api/user.php', { email: member.email, password: '' });
      expect(res.body).toMatchObject({ error: 'password_required', message: 'Please enter your password.' });
    }
    expect((await client.post('/api/user.php', { email: member.email, password: member.password })).status).toBe(200);
  });

  it.each([
    ['number as email', { email: 42, password: 'x' }, 'email'],
    ['array as password', { email: 'a@example.com', password: ['x'] }, 'password'],
  ])('answers 400 invalid_request for %s', async (_label, body, field) => {
    const res = await new TestClient(server.url).post('/api/user.php', body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_request');
    expect(res.body.fields).toHaveProperty(field);
  });

  it('refuses a password or address longer than any account can have with 400, counting no attempt against the account', async () => {
    const member = await createMember(server.db);
    for (const [body, field] of [
      [{ email: member.email, password: 'p'.repeat(129) }, 'password'],
      [{ email: `${'a'.repeat(250)}@example.com`, password: member.password }, 'email'],
    ] as const) {
      const res = await new TestClient(server.url).post('/api/user.php', body);
      expect(res.status, field).toBe(400);
      expect(res.body).toMatchObject({ error: 'invalid_request', fields: { [field]: 'invalid_request' } });
    }
    expect(server.db.select().from(loginAttempts).where(eq(loginAttempts.userId, member.id)).all()).toEqual([]);
    expect(server.db.select().from(loginAttempts).where(eq(loginAttempts.email, `${'a'.repeat(250)}@example.com`)).all()).toEqual([]);
  });

  it('answers malformed JSON and a JSON null body with 400', async () => {
    const broken = await new TestClient(server.url).post('/api/user.php', '{"email":"a@b.c",', { 'content-type': 'application/json' });
    expect(broken.status).toBe(400);
    expect(broken.body.error).toBe('invalid_json');
    const nullBody = await new TestClient(server.url).post('/api/user.php', 'null', { 'content-type': 'application/json' });
    expect(nullBody.status).toBe(400);
    // No body at all is an empty form: it says what is missing, as the form does.
    expect(nullBody.body).toMatchObject({ error: 'email_required' });
  });
});

describe('lockout', () => {
  it('locks at the threshold, refuses even the right password while locked, and unlocks after the lock time', async () => {
    const member = await createMember(server.db);
    const client = new TestClient(server.url);
    for (let i = 1; i < THRESHOLD; i++) {
      expect((await client.post('/api/user.php', { email: member.email, password: 'wrong password' })).status).toBe(401);
    }
    const locking = await client.post('/api/user.php', { email: member.email, password: 'wrong password' });
    expect(locking.status).toBe(429);
    expect(locking.body).toMatchObject({ error: 'account_locked', minutes: LOCK_MINUTES, message: `Too many incorrect attempts, account blocked for ${LOCK_MINUTES} min.` });

    server.clock.advance(10.5 * 60_000);
    const right = await client.post('/api/user.php', { email: member.email, password: member.password });
    expect(right.status).toBe(429);
    expect(right.body.minutes).toBe(5); // 4.5 minutes left, rounded up

    server.clock.advance(4.5 * 60_000);
    const after = await client.post('/api/user.php', { email: member.email, password: member.password });
    expect(after.status).toBe(200);
    expect(userById(member.id)).toMatchObject({ failedLogins: 0, lockedUntil: null });
  });

  it('never lasts longer than the lock time when the server clock is stepped back', async () => {
    const member = await createMember(server.db);
    const client = new TestClient(server.url);
    for (let i = 0; i < THRESHOLD; i++) await client.post('/api/user.php', { email: member.email, password: 'wrong password' });
    // NTP steps the server clock back an hour: the lock ends at most LOCK_MINUTES from now, not 75 minutes.
    server.clock.advance(-60 * 60_000);
    const locked = await client.post('/api/user.php', { email: member.email, password: member.password });
    expect(locked.status).toBe(429);
    expect(locked.body.minutes).toBe(LOCK_MINUTES);
    server.clock.advance(LOCK_MINUTES * 60_000);
    expect((await client.post('/api/user.php', { email: member.email, password: member.password })).status).toBe(200);
    server.clock.advance(45 * 60_000); // back where the other tests' clock was
  });

  it('starts counting afresh after a lock ran out', async () => {
    const member = await createMember(server.db);
    const client = new TestClient(server.url);
    for (let i = 0; i < THRESHOLD; i++) await client.post('/api/user.php', { email: member.email, password: 'nope nope' });
    server.clock.advance(LOCK_MINUTES * 60_000);
    const res = await client.post('/api/user.php', { email: member.email, password: 'nope nope' });
    expect(res.status).toBe(401);
    expect(userById(member.id)).toMatchObject({ failedLogins: 1, lockedUntil: null });
  });

  it('a success resets the counter', async () => {
    const member = await createMember(server.db);
    const client = new TestClient(server.url);
    for (let i = 1; i < THRESHOLD; i++) await client.post('/api/user.php', { email: member.email, password: 'nope nope' });
    expect(userById(member.id).failedLogins).toBe(THRESHOLD - 1);
    expect((await client.post('/api/user.php', { email: member.email, password: member.password })).status).toBe(200);
    expect(userById(member.id).failedLogins).toBe(0);
    expect((await client.post('/api/user.php', { email: member.email, password: 'nope nope' })).status).toBe(401);
  });

  it('twenty parallel wrong passwords lock exactly at the threshold', async () => {
    const member = await createMember(server.db);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => new TestClient(server.url).post('/api/user.php', { email: member.email, password: 'wrong password' })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(THRESHOLD - 1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - (THRESHOLD - 1));
    const row = userById(member.id);
    // The count stops where it locked: attempts against a locked account are not counted.
    expect(row.failedLogins).toBe(THRESHOLD);
    expect(row.lockedUntil).toBe(server.clock.now() + LOCK_MINUTES * 60_000);
    const attempts = server.db.select().from(loginAttempts).where(eq(loginAttempts.userId, member.id)).all();
    expect(attempts).toHaveLength(20);
    expect(attempts.every((a) => !a.success)).toBe(true);
  });
});

describe('PUT /api/user.php (language) and log-out', () => {
  it('changes the language, refusing unknown ones and leaving the old one intact', async () => {
    const member = await createMember(server.db);
    const client = await loggedInClient(server, member.email, member.password);
    const res = await client.put('/api/user.php', { language: 'pl' });
    expect(res.status).toBe(200);
    expect(res.body.user.language).toBe('pl');
    for (const bad of [{ language: 'xx' }, { language: 7 }, {}]) {
      const refused = await client.put('/api/user.php', bad);
      expect(refused.status).toBe(400);
      expect(refused.body.fields).toHaveProperty('language');
    }
    expect(userById(member.id).language).toBe('pl');
    expect((await new TestClient(server.url).put('/api/user.php', { language: 'de' })).status).toBe(403);
  });

  it('log-out destroys the session on the server, so the old cookie no longer works', async () => {
    const member = await createMember(server.db);
    const client = await loggedInClient(server, member.email, member.password);
    const oldCookie = client.cookieHeader();
    const sid = decodeURIComponent(client.cookie('auth.sid')!).slice(2).split('.')[0]!;
    expect(server.db.select().from(sessions).where(eq(sessions.sid, sid)).get()).toBeDefined();

    const res = await client.get('/api/logout.php');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(res.headers.getSetCookie().join()).toMatch(/auth\.sid=;/);
    expect(server.db.select().from(sessions).where(eq(sessions.sid, sid)).get()).toBeUndefined();

    const replay = await fetch(`${server.url}/api/user.php`, { headers: { cookie: oldCookie } });
    expect(replay.status).toBe(403);
  });

  it('log-out refuses a request another site sent the browser to, and keeps the session', async () => {
    const member = await createMember(server.db);
    const client = await loggedInClient(server, member.email, member.password);
    for (const initiator of ['cross-site', 'same-site']) {
      const res = await client.get('/api/logout.php', { 'sec-fetch-site': initiator, 'sec-fetch-mode': 'navigate' });
      expect(res.status).toBe(403);
    }
    expect((await client.get('/api/user.php')).status).toBe(200);
    expect((await client.get('/api/logout.php', { 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await client.get('/api/user.php')).status).toBe(403);
  });

  it('log-out without a session still answers ok', async () => {
    const res = await new TestClient(server.url).get('/api/logout.php');
    expect(res.status).toBe(200);
  });
});

describe('the log-in audit', () => {
  it('keeps 30 days of attempts: older rows go with a later log-in', async () => {
    const member = await createMember(server.db);
    const attemptsOf = () => server.db.select().from(loginAttempts).where(eq(loginAttempts.email, member.email)).all().length;
    await new TestClient(server.url).post('/api/user.php', { email: member.email, password: member.password });
    await new TestClient(server.url).post('/api/user.php', { email: member.email, password: 'wrong password' });
    expect(attemptsOf()).toBe(2);

    server.clock.advance(29 * 86_400_000);
    await new TestClient(server.url).post('/api/user.php', { email: 'someone-else@example.com', password: 'whatever1' });
    expect(attemptsOf()).toBe(2);
    server.clock.advance(2 * 86_400_000);
    await new TestClient(server.url).post('/api/user.php', { email: 'someone-else@example.com', password: 'whatever1' });
    expect(attemptsOf()).toBe(0);
  });
});

describe('a right password checked while the account got locked', () => {
  it('is refused with account_locked and recorded as a failed attempt', async () => {
    const member = await createMember(server.db);
    // The hash is verified outside the transaction, so parallel wrong attempts can lock the
    // account meanwhile: this hasher locks it while "hashing", then says the password is right.
    const lockingHasher = {
      hash: async () => '',
      verify: async () => {
        server.db.update(users).set({ lockedUntil: server.clock.now() + LOCK_MINUTES * 60_000 }).where(eq(users.id, member.id)).run();
        return true;
      },
    } as unknown as PasswordHasher;
    const login = new LoginService(server.ctx, lockingHasher);
    await expect(login.logIn({ siteId: server.siteId, email: member.email, password: member.password, ip: '127.0.0.1' })).rejects.toMatchObject({
      status: 429,
      code: 'account_locked',
      extra: { minutes: LOCK_MINUTES },
    });
    const attempts = server.db.select().from(loginAttempts).where(eq(loginAttempts.userId, member.id)).all();
    expect(attempts.map((a) => a.success)).toEqual([false]);
    expect(userById(member.id).lockedUntil).toBe(server.clock.now() + LOCK_MINUTES * 60_000);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens, users } from '@db/schema/index.js';
import { startTestServer, TestClient, type TestServer } from '../../test/harness.js';
import { createMember } from '../../test/factories.js';
import { linkFromLastMail, mailsTo, profileRow, signupFields, tokenFromLastMail, userRow } from './auth-test-helpers.js';

// The test site's own address (it answers for localhost): links go to the member's site.
const PUBLIC_URL = 'https://localhost';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL, ACTIVATION_TOKEN_HOURS: '72', RESET_MAILS_PER_DAY: '3' });
});
afterAll(() => server.destroy());

/** Signs up in a fresh browser and returns it with the address used. */
async function signUp(overrides: Record<string, unknown> = {}) {
  const client = new TestClient(server.url);
  const body = signupFields(overrides);
  const res = await client.post('/api/signup.php', body);
  expect(res.status).toBe(201);
  return { client, email: body.email as string };
}

describe('GET /api/activate.php', () => {
  it('mails a link built from PUBLIC_URL, never from the Host header, with only a hash stored', async () => {
    const { email } = await signUp();
    const link = linkFromLastMail(server.db, email);
    expect(link.startsWith(`${PUBLIC_URL}/api/activate.php?token=`)).toBe(true);
    const token = tokenFromLastMail(server.db, email);
    const stored = server.db.select().from(emailTokens).where(eq(emailTokens.userId, userRow(server.db, email)!.id)).all();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toContain(token);
    expect(stored[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('activates account and profile, logs the clicking browser in and redirects to /activate/done', async () => {
    const { email } = await signUp();
    const token = tokenFromLastMail(server.db, email);
    const browser = new TestClient(server.url); // e.g. the phone's mail app, not the sign-up browser
    const res = await browser.get(`/api/activate.php?token=${token}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/activate/done');
    const user = userRow(server.db, email)!;
    expect(user.status).toBe('active');
    expect(profileRow(server.db, user.id)!.status).toBe('active');
    const me = await browser.get('/api/user.php');
    expect(me.body.user).toMatchObject({ id: user.id, status: 'active', profile: { status: 'active' } });
  });

  it('a second click on the same link goes to /activate/error and changes nothing', async () => {
    const { email } = await signUp();
    const token = tokenFromLastMail(server.db, email);
    expect((await new TestClient(server.url).get(`/api/activate.php?token=${token}`)).headers.get('location')).toBe('/activate/done');
    const again = await new TestClient(server.url).get(`/api/activate.php?token=${token}`);
    expect(again.status).toBe(302);
    expect(again.headers.get('location')).toBe('/activate/error');
    expect((await new TestClient(server.url).get('/api/user.php')).status).toBe(403);
  });

  it('an expired link goes to /activate/error and leaves the account unconfirmed', async () => {
    const { email } = await signUp();
    const token = tokenFromLastMail(server.db, email);
    server.clock.advance(72 * 3_600_000);
    const res = await new TestClient(server.url).get(`/api/activate.php?token=${token}`);
    expect(res.headers.get('location')).toBe('/activate/error');
    expect(userRow(server.db, email)!.status).toBe('not_confirmed');
  });

  it('a link works until ACTIVATION_TOKEN_HOURS have passed, the sign-up mail’s and a re-sent one alike', async () => {
    const fromSignup = await signUp();
    const resent = await signUp();
    expect((await resent.client.post('/api/activation-mail.php')).status).toBe(200);
    const tokens = [tokenFromLastMail(server.db, fromSignup.email), tokenFromLastMail(server.db, resent.email)];
    // The mail promises 72 hours: a member who clicks on the third day is still let in.
    server.clock.advance(72 * 3_600_000 - 60_000);
    for (const token of tokens) {
      expect((await new TestClient(server.url).get(`/api/activate.php?token=${token}`)).headers.get('location')).toBe('/activate/done');
    }
    expect([userRow(server.db, fromSignup.email)!.status, userRow(server.db, resent.email)!.status]).toEqual(['active', 'active']);
  });

  it('the link of an account deleted since leaves it deleted: it does not come back to life', async () => {
    const { email } = await signUp();
    const token = tokenFromLastMail(server.db, email);
    const user = userRow(server.db, email)!;
    server.db.update(users).set({ status: 'deleted' }).where(eq(users.id, user.id)).run();
    await new TestClient(server.url).get(`/api/activate.php?token=${token}`);
    expect(userRow(server.db, email)!.status).toBe('deleted');
    expect(profileRow(server.db, user.id)!.status).toBe('disabled');
    expect((await new TestClient(server.url).post('/api/user.php', { email, password: signupFields().password })).status).toBe(401);
  });

  it('unknown, missing and malformed tokens go to /activate/error', async () => {
    for (const query of ['?token=nope', '', '?token=', `?token=${'x'.repeat(500)}`, '?token[]=a']) {
      const res = await new TestClient(server.url).get(`/api/activate.php${query}`);
      expect(res.status, query).toBe(302);
      expect(res.headers.get('location')).toBe('/activate/error');
    }
  });

  it('a reset token does not activate', async () => {
    const { email, client } = await signUp();
    await client.post('/api/password-reset.php', { email });
    const resetToken = tokenFromLastMail(server.db, email);
    expect((await new TestClient(server.url).get(`/api/activate.php?token=${resetToken}`)).headers.get('location')).toBe('/activate/error');
  });
});

describe('POST /api/activation-mail.php', () => {
  it('re-sends a new working link to an unconfirmed member, up to the daily limit', async () => {
    const { client, email } = await signUp({ language: 'de' });
    const res = await client.post('/api/activation-mail.php');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    const mails = mailsTo(server.db, email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe('Bestätige deine E-Mail-Adresse für Amora Test');

    expect((await client.post('/api/activation-mail.php')).status).toBe(200);
    const limited = await client.post('/api/activation-mail.php');
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe('rate_limited');
    expect(mailsTo(server.db, email)).toHaveLength(3);

    const token = tokenFromLastMail(server.db, email);
    expect((await new TestClient(server.url).get(`/api/activate.php?token=${token}`)).headers.get('location')).toBe('/activate/done');
  });

  it('answers 409 already_confirmed for an active member and 403 when logged out', async () => {
    const member = await createMember(server.db);
    const client = new TestClient(server.url);
    await client.post('/api/user.php', { email: member.email, password: member.password });
    const res = await client.post('/api/activation-mail.php');
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('already_confirmed');
    expect((await new TestClient(server.url).post('/api/activation-mail.php')).status).toBe(403);
  });
});

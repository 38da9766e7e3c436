import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@db/schema/index.js';
import { startTestServer, TestClient, type TestServer } from '../../test/harness.js';
import { createMember } from '../../test/factories.js';
import { lastMailTo, linkFromLastMail, loggedInClient, mailsTo, tokenFromLastMail } from './auth-test-helpers.js';

// The test site's own address (it answers for localhost): links go to the member's site.
const PUBLIC_URL = 'https://localhost';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL, RESET_MAILS_PER_DAY: '3', RESET_TOKEN_HOURS: '2', LOGIN_LOCK_THRESHOLD: '3' });
});
afterAll(() => server.destroy());

const hashOf = (id: number) => server.db.select().from(users).where(eq(users.id, id)).get()!.passwordHash;
const NEW_PASSWORD = 'a brand new password';

describe('POST /api/password-reset.php', () => {
  it('mails a reset link in the member’s language, built from PUBLIC_URL', async () => {
    const member = await createMember(server.db);
    server.db.update(users).set({ language: 'fr' }).where(eq(users.id, member.id)).run();
    const res = await new TestClient(server.url).post('/api/password-reset.php', { email: member.email });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(lastMailTo(server.db, member.email)!.subject).toBe('Réinitialise ton mot de passe Amora Test');
    expect(linkFromLastMail(server.db, member.email).startsWith(`${PUBLIC_URL}/reset-password/do?token=`)).toBe(true);
  });

  it('answers 404 email_not_found for an unknown address and 400 for a missing one', async () => {
    const res = await new TestClient(server.url).post('/api/password-reset.php', { email: 'nobody@example.com' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'email_not_found', message: 'E-mail address not found' });
    expect((await new TestClient(server.url).post('/api/password-reset.php', {})).status).toBe(400);
    expect((await new TestClient(server.url).post('/api/password-reset.php', { email: '   ' })).body).toMatchObject({ error: 'invalid_request', fields: { email: 'invalid_request' } });
    expect((await new TestClient(server.url).post('/api/password-reset.php', { email: { $ne: '' } })).status).toBe(400);
  });

  it('answers 404 email_not_found for a deleted account, and mails it no link', async () => {
    const member = await createMember(server.db, { status: 'deleted' });
    const res = await new TestClient(server.url).post('/api/password-reset.php', { email: member.email });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('email_not_found');
    expect(mailsTo(server.db, member.email)).toHaveLength(0);
  });

  it('sends at most RESET_MAILS_PER_DAY mails in 24 hours, then 429 reset_limit', async () => {
    const member = await createMember(server.db);
    const client = new TestClient(server.url);
    for (let i = 0; i < 3; i++) expect((await client.post('/api/password-reset.php', { email: member.email })).status).toBe(200);
    const limited = await client.post('/api/password-reset.php', { email: member.email });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ error: 'reset_limit', message: 'Too many password reset emails sent, please try again tomorrow.' });
    expect(mailsTo(server.db, member.email)).toHaveLength(3);
    server.clock.advance(24 * 3_600_000);
    expect((await client.post('/api/password-reset.php', { email: member.email })).status).toBe(200);
  });
});

describe('PUT /api/password-reset.php', () => {
  it('sets the new password, logs in, ends other sessions, and the link works once', async () => {
    const member = await createMember(server.db);
    const otherDevice = await loggedInClient(server, member.email, member.password);
    await new TestClient(server.url).post('/api/password-reset.php', { email: member.email });
    const token = tokenFromLastMail(server.db, member.email);

    const browser = new TestClient(server.url);
    const res = await browser.put('/api/password-reset.php', { token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(member.id);
    expect((await browser.get('/api/user.php')).status).toBe(200);
    expect((await otherDevice.get('/api/user.php')).status).toBe(403);
    expect((await new TestClient(server.url).post('/api/user.php', { email: member.email, password: NEW_PASSWORD })).status).toBe(200);
    expect((await new TestClient(server.url).post('/api/user.php', { email: member.email, password: member.password })).status).toBe(401);

    const hash = hashOf(member.id);
    const twice = await new TestClient(server.url).put('/api/password-reset.php', { token, password: 'yet another password', password_confirmation: 'yet another password' });
    expect(twice.status).toBe(400);
    expect(twice.body).toMatchObject({ error: 'link_invalid', message: 'Link expired or invalid, request a new email' });
    expect(hashOf(member.id)).toBe(hash);
  });

  it('refuses an expired link', async () => {
    const member = await createMember(server.db);
    await new TestClient(server.url).post('/api/password-reset.php', { email: member.email });
    const token = tokenFromLastMail(server.db, member.email);
    server.clock.advance(2 * 3_600_000);
    const res = await new TestClient(server.url).put('/api/password-reset.php', { token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('link_invalid');
  });

  it('checks the passwords before spending the link', async () => {
    const member = await createMember(server.db);
    await new TestClient(server.url).post('/api/password-reset.php', { email: member.email });
    const token = tokenFromLastMail(server.db, member.email);
    const client = new TestClient(server.url);
    const differ = await client.put('/api/password-reset.php', { token, password: NEW_PASSWORD, password_confirmation: `${NEW_PASSWORD}!` });
    expect(differ.status).toBe(400);
    expect(differ.body).toMatchObject({ error: 'passwords_differ', fields: { password_confirmation: 'passwords_differ' } });
    const short = await client.put('/api/password-reset.php', { token, password: 'short', password_confirmation: 'short' });
    expect(short.body.error).toBe('password_length');
    const empty = await client.put('/api/password-reset.php', { token, password: '', password_confirmation: '' });
    expect(empty.body).toMatchObject({ error: 'password_required', fields: { password: 'password_required' } });
    const emoji = await client.put('/api/password-reset.php', { token, password: '😀'.repeat(7), password_confirmation: '😀'.repeat(7) });
    expect(emoji.body.error).toBe('password_length');
    const typed = await client.put('/api/password-reset.php', { token, password: 12345678, password_confirmation: 12345678 });
    expect(typed.body.error).toBe('invalid_request');
    const unknown = await client.put('/api/password-reset.php', { token: 'made-up', password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(unknown.body.error).toBe('link_invalid');
    const ok = await client.put('/api/password-reset.php', { token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(ok.status).toBe(200);
  });

  it('lifts a lockout and confirms an unconfirmed account (the link proves the mailbox)', async () => {
    const member = await createMember(server.db, { status: 'not_confirmed' });
    for (let i = 0; i < 3; i++) await new TestClient(server.url).post('/api/user.php', { email: member.email, password: 'wrong password' });
    await new TestClient(server.url).post('/api/password-reset.php', { email: member.email });
    const token = tokenFromLastMail(server.db, member.email);
    const res = await new TestClient(server.url).put('/api/password-reset.php', { token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ status: 'active', profile: { status: 'active' } });
    expect(server.db.select().from(users).where(eq(users.id, member.id)).get()).toMatchObject({ failedLogins: 0, lockedUntil: null });
  });
});

describe('outstanding reset links after a new password', () => {
  const reset = (token: string) => new TestClient(server.url).put('/api/password-reset.php', { token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });

  it('an earlier reset link stops working once another one was used', async () => {
    const member = await createMember(server.db);
    await new TestClient(server.url).post('/api/password-reset.php', { email: member.email });
    const earlier = tokenFromLastMail(server.db, member.email);
    await new TestClient(server.url).post('/api/password-reset.php', { email: member.email });
    const later = tokenFromLastMail(server.db, member.email);
    expect((await reset(later)).status).toBe(200);
    const hashAfterReset = hashOf(member.id);
    expect(await reset(earlier)).toMatchObject({ status: 400, body: { error: 'link_invalid' } });
    expect(hashOf(member.id)).toBe(hashAfterReset);
  });

  it('a reset link mailed before a password change stops working', async () => {
    const member = await createMember(server.db);
    await new TestClient(server.url).post('/api/password-reset.php', { email: member.email });
    const token = tokenFromLastMail(server.db, member.email);
    const here = await loggedInClient(server, member.email, member.password);
    const changed = await here.put('/api/password.php', { old_password: member.password, password: 'my chosen password', password_confirmation: 'my chosen password' });
    expect(changed.status).toBe(200);
    expect(await reset(token)).toMatchObject({ status: 400, body: { error: 'link_invalid' } });
    expect((await new TestClient(server.url).post('/api/user.php', { email: member.email, password: 'my chosen password' })).status).toBe(200);
  });
});

describe('PUT /api/password.php', () => {
  it('changes the password, keeps this session and ends the others', async () => {
    const member = await createMember(server.db);
    const here = await loggedInClient(server, member.email, member.password);
    const elsewhere = await loggedInClient(server, member.email, member.password);
    const res = await here.put('/api/password.php', { old_password: member.password, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(member.id);
    expect((await here.get('/api/user.php')).status).toBe(200);
    expect((await elsewhere.get('/api/user.php')).status).toBe(403);
    expect((await new TestClient(server.url).post('/api/user.php', { email: member.email, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('refuses a wrong old password, mismatching or short new ones, and leaves the password as it was', async () => {
    const member = await createMember(server.db);
    const client = await loggedInClient(server, member.email, member.password);
    const hash = hashOf(member.id);
    const wrongOld = await client.put('/api/password.php', { old_password: 'not my password', password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body).toMatchObject({ error: 'old_password_wrong', message: 'Please check your old password.' });
    const differ = await client.put('/api/password.php', { old_password: member.password, password: NEW_PASSWORD, password_confirmation: 'something else' });
    expect(differ.body).toMatchObject({ error: 'passwords_differ', message: 'The entered passwords are not the same.' });
    const short = await client.put('/api/password.php', { old_password: member.password, password: '1234567', password_confirmation: '1234567' });
    expect(short.body.error).toBe('password_length');
    const empty = await client.put('/api/password.php', { old_password: member.password, password: '', password_confirmation: '' });
    expect(empty.body.error).toBe('password_required');
    const missing = await client.put('/api/password.php', { password: NEW_PASSWORD });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('invalid_request');
    expect(hashOf(member.id)).toBe(hash);
    expect((await client.get('/api/user.php')).status).toBe(200);
  });

  it('needs a log-in', async () => {
    const res = await new TestClient(server.url).put('/api/password.php', { old_password: 'x', password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body.authentication_required).toBe(true);
  });
});

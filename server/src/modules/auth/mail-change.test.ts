import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@db/schema/index.js';
import { startTestServer, TestClient, type TestServer } from '../../test/harness.js';
import { createMember } from '../../test/factories.js';
import { lastMailTo, linkFromLastMail, loggedInClient, tokenFromLastMail } from './auth-test-helpers.js';

// The test site's own address (it answers for localhost): links go to the member's site.
const PUBLIC_URL = 'https://localhost';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL });
});
afterAll(() => server.destroy());

const emailOf = (id: number) => server.db.select().from(users).where(eq(users.id, id)).get()!.email;
let n = 0;
const freshAddress = () => `moved${++n}-${process.pid}@example.org`;

describe('POST /api/mail-change.php', () => {
  it('mails a confirmation link to the new address (in the member’s language) and changes nothing yet', async () => {
    const member = await createMember(server.db);
    server.db.update(users).set({ language: 'it' }).where(eq(users.id, member.id)).run();
    const client = await loggedInClient(server, member.email, member.password);
    const to = freshAddress();
    const res = await client.post('/api/mail-change.php', { email: `  ${to.toUpperCase()} `, password: member.password });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(lastMailTo(server.db, to)!.subject).toBe('Conferma il tuo nuovo indirizzo e-mail per Amora Test');
    expect(linkFromLastMail(server.db, to).startsWith(`${PUBLIC_URL}/mail-change/do?token=`)).toBe(true);
    expect(lastMailTo(server.db, member.email)).toBeUndefined();
    expect(emailOf(member.id)).toBe(member.email);
  });

  it('refuses an invalid new address with 400 new_email_invalid (and a suggestion for a typo)', async () => {
    const member = await createMember(server.db);
    const client = await loggedInClient(server, member.email, member.password);
    const bad = await client.post('/api/mail-change.php', { email: 'not an address', password: member.password });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'new_email_invalid', message: 'New email adress is invalid.' });
    const typo = await client.post('/api/mail-change.php', { email: 'me@gmail', password: member.password });
    expect(typo.body.error).toBe('new_email_invalid');
    const same = await client.post('/api/mail-change.php', { email: member.email, password: member.password });
    expect(same.body.error).toBe('new_email_invalid');
  });

  it('refuses an address owned by another account with 409 email_taken, and a wrong password with 400', async () => {
    const member = await createMember(server.db);
    const other = await createMember(server.db);
    const client = await loggedInClient(server, member.email, member.password);
    const wrongPassword = await client.post('/api/mail-change.php', { email: other.email, password: 'not my password' });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.error).toBe('old_password_wrong');
    const taken = await client.post('/api/mail-change.php', { email: other.email, password: member.password });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ error: 'email_taken', message: 'This email address already owns an account on this website.' });
  });

  it('needs a log-in and well-typed input', async () => {
    expect((await new TestClient(server.url).post('/api/mail-change.php', { email: freshAddress(), password: 'x' })).status).toBe(403);
    const member = await createMember(server.db);
    const client = await loggedInClient(server, member.email, member.password);
    const res = await client.post('/api/mail-change.php', { email: 5 });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_request');
  });
});

describe('PUT /api/mail-change.php', () => {
  it('applies the new address once; the old one no longer logs in', async () => {
    const member = await createMember(server.db);
    const client = await loggedInClient(server, member.email, member.password);
    const to = freshAddress();
    await client.post('/api/mail-change.php', { email: to, password: member.password });
    const token = tokenFromLastMail(server.db, to);

    const res = await client.put('/api/mail-change.php', { token });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: member.id, email: to });
    expect(emailOf(member.id)).toBe(to);
    expect((await new TestClient(server.url).post('/api/user.php', { email: to, password: member.password })).status).toBe(200);
    expect((await new TestClient(server.url).post('/api/user.php', { email: member.email, password: member.password })).status).toBe(401);

    const again = await client.put('/api/mail-change.php', { token });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('link_invalid');
  });

  it('takes over the address of a deleted account, which keeps its row under a released address', async () => {
    const gone = await createMember(server.db, { status: 'deleted' });
    const member = await createMember(server.db);
    const client = await loggedInClient(server, member.email, member.password);
    expect((await client.post('/api/mail-change.php', { email: gone.email, password: member.password })).status).toBe(200);
    const res = await client.put('/api/mail-change.php', { token: tokenFromLastMail(server.db, gone.email) });
    expect(res.status).toBe(200);
    expect(emailOf(member.id)).toBe(gone.email);
    expect(emailOf(gone.id)).toBe(`deleted-${gone.id}:${gone.email}`);
  });

  it('logs in a browser that opens the link without a session', async () => {
    const member = await createMember(server.db);
    const client = await loggedInClient(server, member.email, member.password);
    const to = freshAddress();
    await client.post('/api/mail-change.php', { email: to, password: member.password });
    const browser = new TestClient(server.url);
    const res = await browser.put('/api/mail-change.php', { token: tokenFromLastMail(server.db, to) });
    expect(res.status).toBe(200);
    expect((await browser.get('/api/user.php')).body.user.email).toBe(to);
  });

  it('logs in a browser whose old session was ended by a password change', async () => {
    const member = await createMember(server.db);
    const stale = await loggedInClient(server, member.email, member.password);
    const owner = await loggedInClient(server, member.email, member.password);
    const to = freshAddress();
    await owner.post('/api/mail-change.php', { email: to, password: member.password });
    const newPassword = 'another fine password';
    expect((await owner.put('/api/password.php', { old_password: member.password, password: newPassword, password_confirmation: newPassword })).status).toBe(200);
    const res = await stale.put('/api/mail-change.php', { token: tokenFromLastMail(server.db, to) });
    expect(res.status).toBe(200);
    expect((await stale.get('/api/user.php')).body.user.email).toBe(to);
  });

  it('answers 409 email_taken when the address was taken in the meantime, leaving both accounts intact', async () => {
    const member = await createMember(server.db);
    const client = await loggedInClient(server, member.email, member.password);
    const to = freshAddress();
    await client.post('/api/mail-change.php', { email: to, password: member.password });
    const token = tokenFromLastMail(server.db, to);
    const squatter = await createMember(server.db, { email: to });
    const res = await client.put('/api/mail-change.php', { token });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('email_taken');
    expect(emailOf(member.id)).toBe(member.email);
    expect(emailOf(squatter.id)).toBe(to);
  });

  it('refuses unknown, expired and missing tokens', async () => {
    const client = new TestClient(server.url);
    expect((await client.put('/api/mail-change.php', { token: 'nonsense' })).body.error).toBe('link_invalid');
    expect((await client.put('/api/mail-change.php', {})).body.error).toBe('invalid_request');

    const member = await createMember(server.db);
    const owner = await loggedInClient(server, member.email, member.password);
    const to = freshAddress();
    await owner.post('/api/mail-change.php', { email: to, password: member.password });
    const token = tokenFromLastMail(server.db, to);
    server.clock.advance(server.ctx.config.activationTokenHours * 3_600_000);
    const expired = await owner.put('/api/mail-change.php', { token });
    expect(expired.status).toBe(400);
    expect(expired.body.error).toBe('link_invalid');
    expect(emailOf(member.id)).toBe(member.email);
  });

  it('a link still works a minute before its hours have passed', async () => {
    const member = await createMember(server.db);
    const owner = await loggedInClient(server, member.email, member.password);
    const to = freshAddress();
    await owner.post('/api/mail-change.php', { email: to, password: member.password });
    // The mail promises the activation hours (72 by default), not the 2 of a reset link.
    server.clock.advance(server.ctx.config.activationTokenHours * 3_600_000 - 60_000);
    const res = await owner.put('/api/mail-change.php', { token: tokenFromLastMail(server.db, to) });
    expect(res.status).toBe(200);
    expect(emailOf(member.id)).toBe(to);
  });
});

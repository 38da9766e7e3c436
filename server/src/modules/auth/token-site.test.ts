/**
 * A link mailed by one site of an installation works on that site only. Opened on another site
 * (the same server answering for several domains), it changes nothing and stays usable where it
 * belongs: it would otherwise set the password or address of a member of the first site and log
 * in a session that the second site refuses anyway.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@db/schema/index.js';
import { createMember, insertTestSite } from '../../test/factories.js';
import { startTestServer, TestClient, type TestServer } from '../../test/harness.js';
import { tokenFromLastMail } from './auth-test-helpers.js';
import { issueToken } from './tokens.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // Before the first request loads the site list. The test site answers for 127.0.0.1; this one
  // is reached through the loopback proxy's X-Forwarded-Host (TRUST_PROXY is loopback).
  insertTestSite(server.db, { domain: 'other-site.test', aliases: [] });
});
afterAll(() => server.destroy());

const OTHER_SITE = { 'x-forwarded-host': 'other-site.test' };
const NEW_PASSWORD = 'a brand new password';
const userOf = (id: number) => server.db.select().from(users).where(eq(users.id, id)).get()!;
const issue = (userId: number, purpose: 'activate' | 'mail_change', newEmail?: string) =>
  issueToken(server.db, { userId, purpose, ttlMs: 3_600_000, now: server.clock.now(), newEmail });

describe('an e-mail link opened on another site of the installation', () => {
  it('reset password: 400 link_invalid there, the password unchanged; the link still works on its own site', async () => {
    const member = await createMember(server.db);
    await new TestClient(server.url).post('/api/password-reset.php', { email: member.email });
    const token = tokenFromLastMail(server.db, member.email);
    const hashBefore = userOf(member.id).passwordHash;

    const elsewhere = await new TestClient(server.url).put('/api/password-reset.php', { token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD }, OTHER_SITE);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body).toMatchObject({ error: 'link_invalid' });
    expect(userOf(member.id).passwordHash).toBe(hashBefore);

    const home = await new TestClient(server.url).put('/api/password-reset.php', { token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(home.status).toBe(200);
    expect(userOf(member.id).passwordHash).not.toBe(hashBefore);
  });

  it('activation: the error page there, the account still unconfirmed; confirmed on its own site', async () => {
    const member = await createMember(server.db, { status: 'not_confirmed' });
    const token = issue(member.id, 'activate');

    const elsewhere = await new TestClient(server.url).get(`/api/activate.php?token=${token}`, OTHER_SITE);
    expect(elsewhere.status).toBe(302);
    expect(elsewhere.headers.get('location')).toBe('/activate/error');
    expect(userOf(member.id).status).toBe('not_confirmed');

    const home = await new TestClient(server.url).get(`/api/activate.php?token=${token}`);
    expect(home.headers.get('location')).toBe('/activate/done');
    expect(userOf(member.id).status).not.toBe('not_confirmed');
  });

  it('mail change: 400 link_invalid there, the address unchanged; changed on its own site', async () => {
    const member = await createMember(server.db);
    const token = issue(member.id, 'mail_change', `moved-${member.id}@example.com`);

    const elsewhere = await new TestClient(server.url).put('/api/mail-change.php', { token }, OTHER_SITE);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body).toMatchObject({ error: 'link_invalid' });
    expect(userOf(member.id).email).toBe(member.email);

    const home = await new TestClient(server.url).put('/api/mail-change.php', { token });
    expect(home.status).toBe(200);
    expect(userOf(member.id).email).toBe(`moved-${member.id}@example.com`);
  });
});

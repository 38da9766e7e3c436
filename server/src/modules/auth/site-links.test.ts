/**
 * One server answers for several white-label sites. A member's account mails link to the member's
 * own site: a member of the second site opening a link on the first site's domain lands on a
 * stranger's brand, where the link is refused anyway (token-site.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, insertTestSite } from '../../test/factories.js';
import { startTestServer, TestClient, type TestServer } from '../../test/harness.js';
import { linkFromLastMail, signupFields } from './auth-test-helpers.js';

let server: TestServer;
let otherSiteId: number;
beforeAll(async () => {
  // PUBLIC_URL names the first site (the test site answers for localhost and 127.0.0.1).
  server = await startTestServer({ PUBLIC_URL: 'https://localhost' });
  // Before the first request loads the site list; reached through X-Forwarded-Host (TRUST_PROXY is loopback).
  otherSiteId = insertTestSite(server.db, { domain: 'other-site.test', aliases: ['www.other-site.test'], name: 'Other Site' });
});
afterAll(() => server.destroy());

const OTHER_SITE = { 'x-forwarded-host': 'other-site.test' };

describe('account mails of a member of the second site', () => {
  it('activation: the link is on the member’s site domain', async () => {
    const body = signupFields();
    const res = await new TestClient(server.url, OTHER_SITE).post('/api/signup.php', body);
    expect(res.status).toBe(201);
    expect(linkFromLastMail(server.db, body.email as string)).toMatch(/^https:\/\/other-site\.test\/api\/activate\.php\?token=/);
  });

  it('password reset: the link is on the member’s site domain', async () => {
    const member = await createMember(server.db, { siteId: otherSiteId });
    const res = await new TestClient(server.url, OTHER_SITE).post('/api/password-reset.php', { email: member.email });
    expect(res.status).toBe(200);
    expect(linkFromLastMail(server.db, member.email)).toMatch(/^https:\/\/other-site\.test\/reset-password\/do\?token=/);
  });

  it('e-mail change: the link is on the member’s site domain', async () => {
    const member = await createMember(server.db, { siteId: otherSiteId });
    const client = new TestClient(server.url, OTHER_SITE);
    expect((await client.post('/api/user.php', { email: member.email, password: member.password })).status).toBe(200);
    const to = `moved-${member.id}@example.com`;
    const res = await client.post('/api/mail-change.php', { email: to, password: member.password });
    expect(res.status).toBe(200);
    expect(linkFromLastMail(server.db, to)).toMatch(/^https:\/\/other-site\.test\/mail-change\/do\?token=/);
  });

  it('a member of the first site still gets PUBLIC_URL’s links', async () => {
    const member = await createMember(server.db, { siteId: server.siteId });
    await new TestClient(server.url).post('/api/password-reset.php', { email: member.email });
    expect(linkFromLastMail(server.db, member.email)).toMatch(/^https:\/\/localhost\/reset-password\/do\?token=/);
  });
});

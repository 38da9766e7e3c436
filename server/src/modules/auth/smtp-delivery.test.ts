import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestSite } from '../../test/factories.js';
import { startTestServer, TestClient, type TestServer } from '../../test/harness.js';
import { signupFields, userRow } from './auth-test-helpers.js';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

let smtp: SMTPServer;
let server: TestServer;
const inbox: Received[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        inbox.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  // MAIL_FROM's name is the installation's, not a site's: each mail goes out under its site's name.
  server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: 'http://127.0.0.1:1', MAIL_FROM: 'Amora Mailer <hello@amora.test>' });
  // Before the first request loads the site list; reached through X-Forwarded-Host (TRUST_PROXY is loopback).
  insertTestSite(server.db, { domain: 'other-site.test', aliases: [], name: 'Other Site', supportEmail: 'help@other-site.test' });
});
afterAll(async () => {
  await server.destroy();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** Undoes quoted-printable soft line breaks and =XX escapes, enough to read a link back. */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Signs a new member up (on the site `headers` name) and returns the activation mail the SMTP server received. */
async function signUpAndReceiveMail(headers: Record<string, string> = {}) {
  const body = signupFields();
  const res = await new TestClient(server.url, headers).post('/api/signup.php', body);
  expect(res.status).toBe(201);
  const mail = inbox.find((m) => m.to.includes(body.email as string));
  expect(mail).toBeDefined();
  return { body, mail: mail! };
}

describe('real mail delivery over SMTP', () => {
  it('sends the activation mail through SMTP_URL, and its link activates the account', async () => {
    const { body, mail } = await signUpAndReceiveMail();
    expect(mail.raw).toMatch(/^Subject: Confirm your e-mail address for Amora Test/m);
    // Sent from MAIL_FROM's address: a mail from no sender, or another, is refused or filtered by many receivers.
    expect(mail.from).toBe('hello@amora.test');
    expect(mail.raw).toMatch(/^From: Amora Test <hello@amora\.test>\r?$/m);
    expect(mail.raw).toMatch(/^Reply-To: support@localhost\r?$/m);
    const decoded = decodeQuotedPrintable(mail.raw);
    const link = /http:\/\/127\.0\.0\.1:1\/api\/activate\.php\?token=[A-Za-z0-9_-]+/.exec(decoded)?.[0];
    expect(link).toBeDefined();

    // PUBLIC_URL points elsewhere on purpose: follow the link's path on the test server.
    const browser = new TestClient(server.url);
    const activated = await browser.get(new URL(link!).pathname + new URL(link!).search);
    expect(activated.status).toBe(302);
    expect(activated.headers.get('location')).toBe('/activate/done');
    expect(userRow(server.db, body.email as string)!.status).toBe('active');
    expect((await browser.get('/api/user.php')).body.user.status).toBe('active');
  });

  it('sends a second site’s mail under that site’s name, with replies going to its support address', async () => {
    const { mail } = await signUpAndReceiveMail({ 'x-forwarded-host': 'other-site.test' });
    expect(mail.raw).toMatch(/^Subject: Confirm your e-mail address for Other Site/m);
    expect(mail.from).toBe('hello@amora.test');
    expect(mail.raw).toMatch(/^From: Other Site <hello@amora\.test>\r?$/m);
    expect(mail.raw).toMatch(/^Reply-To: help@other-site\.test\r?$/m);
  });
});

/**
 * A mail server that accepts the connection and then says nothing (overloaded, or a firewall that
 * swallows the traffic) must not hold the member's request past the app's deadline: the client
 * gives up on an answer after `deadlines.headersMs` (15 s) and sends the request again.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TestClient, type TestServer } from '../../test/harness.js';
import { and, eq } from 'drizzle-orm';
import { emailTokens } from '@db/schema/index.js';
import { signupFields, userRow } from './auth-test-helpers.js';
import { linkMailRequests, withAppRetries, type SignedUp } from './mail-request-cases.js';

/** The client's deadline for an answer, scaled down as MAIL_SEND_TIMEOUT_MS is below. */
const CLIENT_DEADLINE_MS = 2_000;

let smtp: Server;
const stalled = new Set<Socket>();
let server: TestServer;

beforeAll(async () => {
  // Takes the connection and never greets.
  smtp = createServer((socket) => {
    stalled.add(socket);
    socket.on('close', () => stalled.delete(socket));
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.address() as AddressInfo).port;
  server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_SEND_TIMEOUT_MS: '300' });
});
afterAll(async () => {
  for (const socket of stalled) socket.destroy();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await server.destroy();
});

/** What the app's fetch does: an attempt without an answer in time is given up and made again. */
function clientOfTheApp(): TestClient {
  return new TestClient(server.url, {}, (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(CLIENT_DEADLINE_MS) }));
}
async function signedUp(): Promise<SignedUp> {
  const browser = clientOfTheApp();
  const body = signupFields();
  expect((await withAppRetries(() => browser.post('/api/signup.php', body))).status).toBe(201);
  return { browser, body };
}

describe('a mail server that never greets', () => {
  it('does not turn a sign-up into "this address already owns an account"', async () => {
    const browser = clientOfTheApp();
    const body = signupFields();
    const res = await withAppRetries(() => browser.post('/api/signup.php', body));
    expect(res.body.error).toBeUndefined();
    expect(res.status).toBe(201);
    // Logged in, as after any sign-up, and the account is there to be activated from the reminder.
    expect((await browser.get('/api/user.php')).body.user.email).toBe(body.email);
    expect(userRow(server.db, body.email as string)!.status).toBe('not_confirmed');
  });
});

describe.each(linkMailRequests(signedUp, clientOfTheApp))('%s against a mail server that never greets', (_, prepare) => {
  it('is not answered "too many mails today" although no mail went out', async () => {
    const ask = await prepare();
    const res = await withAppRetries(ask);
    expect(res.status).not.toBe(429);
    expect(res.body).toEqual({ ok: true });
  });
});

describe('a mail that fails after the member was answered', () => {
  it('does not count against the day\'s reset mails', async () => {
    const { body } = await signedUp();
    const browser = clientOfTheApp();
    const userId = userRow(server.db, body.email as string)!.id;
    const resetTokens = () => server.db.select().from(emailTokens).where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, 'reset_password'))).all();
    for (let i = 0; i < 3; i++) expect((await withAppRetries(() => browser.post('/api/password-reset.php', { email: body.email }))).body).toEqual({ ok: true });
    expect(resetTokens()).toHaveLength(3);

    // The mail server drops the stalled connections: none of the three mails went out.
    for (const socket of stalled) socket.destroy();
    await expect.poll(() => resetTokens().length).toBe(0);
    expect((await withAppRetries(() => browser.post('/api/password-reset.php', { email: body.email }))).body).toEqual({ ok: true });
  });
});

/**
 * A mail server that refuses the connection: reset, e-mail change and activation resend answer
 * 503 try_later (decisions-auth.md), and the app sends a request that got a 503 again by itself.
 */
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TestClient, type TestServer } from '../../test/harness.js';
import { signupFields } from './auth-test-helpers.js';
import { linkMailRequests, withAppRetries, type SignedUp } from './mail-request-cases.js';

let server: TestServer;

beforeAll(async () => {
  // A port that was free a moment ago: nothing listens there, so every connection is refused.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}` });
});
afterAll(async () => {
  await server.destroy();
});

async function signedUp(): Promise<SignedUp> {
  const browser = new TestClient(server.url);
  const body = signupFields();
  expect((await browser.post('/api/signup.php', body)).status).toBe(201);
  return { browser, body };
}

describe.each(linkMailRequests(signedUp, () => new TestClient(server.url)))('%s while the mail server refuses', (_, prepare) => {
  it('tells the member to try later, not that they asked for too many mails', async () => {
    const ask = await prepare();
    const res = await withAppRetries(ask);
    expect(res.body.error).toBe('try_later');
    expect(res.status).toBe(503);
  });
});

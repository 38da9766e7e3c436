/**
 * A mail server that accepts the connection and then says nothing (overloaded, or a firewall that
 * swallows the traffic) must not hold the member's request past the app's deadline: the client
 * gives up on an answer after `deadlines.headersMs` (15 s) and sends the request again.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TestClient, type TestServer } from '../../test/harness.js';
import { signupFields, userRow } from './auth-test-helpers.js';

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
async function withRetries<T>(attempt: () => Promise<T>, retries = 5): Promise<T> {
  for (let tried = 0; ; tried++) {
    try {
      return await attempt();
    } catch (err) {
      if (tried >= retries) throw err;
    }
  }
}

describe('a mail server that never greets', () => {
  it('does not turn a sign-up into "this address already owns an account"', async () => {
    const browser = clientOfTheApp();
    const body = signupFields();
    const res = await withRetries(() => browser.post('/api/signup.php', body));
    expect(res.body.error).toBeUndefined();
    expect(res.status).toBe(201);
    // Logged in, as after any sign-up, and the account is there to be activated from the reminder.
    expect((await browser.get('/api/user.php')).body.user.email).toBe(body.email);
    expect(userRow(server.db, body.email as string)!.status).toBe('not_confirmed');
  });
});

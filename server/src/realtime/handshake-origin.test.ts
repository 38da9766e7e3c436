/**
 * The socket handshake's Origin check against the origin the handshake is addressed to: scheme,
 * host and port, behind a proxy the forwarded ones when TRUST_PROXY trusts it. Browsers send a
 * member's cookie to every port and scheme of the host, so a page of another app on the same host
 * (http://localhost:8080 beside the app on :3000) must not get a socket in the member's name.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../test/factories.js';
import { startTestServer, type TestServer } from '../test/harness.js';
import { loginAs } from '../test/login.js';
import { openSocket } from './testing.js';

let direct: TestServer;
let untrusting: TestServer;
beforeAll(async () => {
  // The test connects from loopback, which TRUST_PROXY's default (loopback) trusts as a proxy.
  direct = await startTestServer();
  untrusting = await startTestServer({ TRUST_PROXY: 'false' });
});
afterAll(async () => {
  await direct?.destroy();
  await untrusting?.destroy();
});

/** A logged-in member's cookie on `server`. */
async function cookieOn(server: TestServer): Promise<string> {
  return (await loginAs(server, await createMember(server.db))).cookieHeader();
}

/**
 * Opens a socket.io-client socket with `headers` (Origin, Host, X-Forwarded-*) as a member and
 * says whether the handshake was accepted; the engine's own polling handshake must answer alike
 * (403 when refused), so the refusal is the Origin check's and not something else's.
 */
async function handshake(server: TestServer, headers: Record<string, string>): Promise<'accepted' | 'refused'> {
  const cookie = await cookieOn(server);
  const { origin, ...rest } = headers;
  const outcome = await openSocket(server.url, { cookie, origin, headers: rest }).then(
    (socket) => {
      socket.close();
      return 'accepted' as const;
    },
    () => 'refused' as const,
  );
  const polling = await pollingHandshake(server, { ...headers, cookie });
  expect(polling.status, `polling handshake with ${JSON.stringify(headers)}`).toBe(outcome === 'accepted' ? 200 : 403);
  if (outcome === 'refused') expect(polling.body).toBe('{"code":4,"message":"origin_not_allowed"}');
  return outcome;
}

/** engine.io's long-polling handshake, through node:http: fetch does not send a Host of our choosing. */
function pollingHandshake(server: TestServer, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}/socket.io/?EIO=4&transport=polling`, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.once('error', reject);
    req.end();
  });
}

describe('the Origin of a socket handshake', () => {
  it('is accepted from a page of the very origin the socket connects to', async () => {
    expect(await handshake(direct, { origin: direct.url })).toBe('accepted');
  });

  it('is refused from another port of the same host', async () => {
    const port = Number(new URL(direct.url).port);
    expect(await handshake(direct, { origin: `http://127.0.0.1:${port === 8080 ? 8081 : 8080}` })).toBe('refused');
    expect(await handshake(direct, { origin: 'http://127.0.0.1' })).toBe('refused');
  });

  it('is refused from another scheme of the same host and port', async () => {
    expect(await handshake(direct, { origin: direct.url.replace('http:', 'https:') })).toBe('refused');
  });

  it('takes the site with or without www., as the rest of the app does', async () => {
    const { port } = new URL(direct.url);
    expect(await handshake(direct, { host: `localhost:${port}`, origin: `http://www.localhost:${port}` })).toBe('accepted');
    expect(await handshake(direct, { host: `www.localhost:${port}`, origin: `http://localhost:${port}` })).toBe('accepted');
    expect(await handshake(direct, { host: `localhost:${port}`, origin: `http://www.localhost:${Number(port) + 1}` })).toBe('refused');
  });

  // The dev setup: Vite on :5173 passes /socket.io through with the browser's Host.
  it('compares with the Host the browser addressed, so a proxy that keeps it works', async () => {
    expect(await handshake(direct, { host: 'localhost:5173', origin: 'http://localhost:5173' })).toBe('accepted');
    expect(await handshake(direct, { host: 'localhost:5173', origin: 'http://localhost:5174' })).toBe('refused');
  });

  // A TLS proxy at https://localhost (the default port) in front of the node.
  const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'localhost' };

  it('compares with the forwarded scheme and host behind a proxy TRUST_PROXY trusts', async () => {
    expect(await handshake(direct, { ...forwarded, origin: 'https://localhost' })).toBe('accepted');
    expect(await handshake(direct, { ...forwarded, origin: 'http://localhost' })).toBe('refused');
    expect(await handshake(direct, { ...forwarded, origin: 'https://localhost:8443' })).toBe('refused');
    expect(await handshake(direct, { ...forwarded, origin: direct.url })).toBe('refused');
  });

  it('ignores the forwarded scheme and host from a proxy it does not trust', async () => {
    expect(await handshake(untrusting, { ...forwarded, origin: 'https://localhost' })).toBe('refused');
    expect(await handshake(untrusting, { ...forwarded, origin: untrusting.url })).toBe('accepted');
  });
});

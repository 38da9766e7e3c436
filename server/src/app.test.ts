import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertTestSite } from './test/factories.js';
import { startTestServer, tempDir, TestClient, type TestServer } from './test/harness.js';
import { rawRequest } from './test/raw-http.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.destroy());

describe('http shell', () => {
  it('answers an unknown host with 404 unknown_site', async () => {
    // fetch cannot override Host, so speak HTTP directly.
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(`${server.url}/api/settings.php`, { headers: { host: 'evil.example' } }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(404);
    expect(JSON.parse(body)).toMatchObject({ error: 'unknown_site' });
  });

  // Sites are kept per process for half a minute: one the operator adds must answer after that, without a restart.
  it('answers for a site added while the server runs once the kept site list is half a minute old', async () => {
    const before = await rawRequest(`${server.url}/api/settings.php`, { host: 'added-later.example' });
    expect(before.status).toBe(404);
    insertTestSite(server.db, { domain: 'added-later.example', aliases: [], name: 'Added Later' });
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 31_000);
    try {
      const after = await rawRequest(`${server.url}/api/settings.php`, { host: 'added-later.example' });
      expect(after.status).toBe(200);
      expect(JSON.parse(after.body.toString())).toMatchObject({ name: 'Added Later', domain: 'added-later.example' });
    } finally {
      clock.mockRestore();
    }
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await new TestClient(server.url).get('/api/nothing-here.php');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'not_found', message: 'Not found' });
  });

  it('rejects malformed JSON with 400 invalid_json', async () => {
    const res = await new TestClient(server.url).post('/api/user.php', '{"email": ', { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'invalid_json' });
  });

  it('answers a body in a charset or encoding it cannot read with 415, not a 500', async () => {
    const unreadable: Array<Record<string, string>> = [{ 'content-type': 'application/json; charset=koi8-x' }, { 'content-type': 'application/json', 'content-encoding': 'compress-x' }];
    for (const headers of unreadable) {
      const res = await new TestClient(server.url).post('/api/user.php', '{"email":"a@b.co","password":"x"}', headers);
      expect(res.status, JSON.stringify(headers)).toBe(415);
      expect(res.body).toMatchObject({ error: 'invalid_request' });
    }
  });

  it('rejects a 10 MB body with 413 and does not crash', async () => {
    const big = JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(10 * 1024 * 1024) });
    const res = await new TestClient(server.url).post('/api/user.php', big);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ error: 'payload_too_large' });
    const after = await new TestClient(server.url).get('/api/nothing-here.php');
    expect(after.status).toBe(404);
  });
});

describe('client shell', () => {
  let shellServer: TestServer;
  beforeAll(async () => {
    const clientDir = tempDir('dating-client-');
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(clientDir, 'sw-push.js'), 'const VERSION = 2;');
    writeFileSync(join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    shellServer = await startTestServer({}, { clientDir });
    // A second site whose photos come from a CDN (before the first request loads the site list).
    insertTestSite(shellServer.db, { domain: 'cdn-site.test', aliases: [], cdnPrefix: 'https://cdn.example.net/photos/' });
  });
  afterAll(() => shellServer.destroy());

  it('serves the shell with 200 for a client route and 404 for an unknown one', async () => {
    const client = new TestClient(shellServer.url);
    expect((await client.get('/members/12')).status).toBe(200);
    expect((await client.get('/no-such-page')).status).toBe(404);
  });

  // A deployment replaces the hashed assets the shell names: a shell kept from before would load none.
  it('has every browser revalidate the shell (no-cache), on a client route and on an unknown path', async () => {
    const client = new TestClient(shellServer.url);
    for (const path of ['/members/12', '/no-such-page']) expect((await client.get(path)).headers.get('cache-control'), path).toBe('no-cache');
  });

  // Regression: decodeURIComponent in the route matcher threw on a broken escape and answered 500.
  it('answers a path with a malformed percent-escape with the 404 shell, not a 500', async () => {
    const res = await new TestClient(shellServer.url).get('/members/%E0%A4%A');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/html/);
  });

  // Browsers pick up a new deployment's worker, and the app shell it keeps, at the next check.
  it('serves the service worker with Cache-Control no-cache, other public files for an hour', async () => {
    const client = new TestClient(shellServer.url);
    const worker = await client.get('/sw-push.js?v=2');
    expect(worker.status).toBe(200);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expect(worker.headers.get('content-type')).toMatch(/javascript/);
    expect((await client.get('/favicon.svg')).headers.get('cache-control')).toBe('public, max-age=3600');
  });

  // Markup that ever reached the page (a name or message rendered unescaped by a future bug) must
  // not run, load a script, send what it read elsewhere, or frame the page.
  it('answers the shell, and /index.html the service worker keeps, under a policy that allows nothing but its own origin', async () => {
    const { host } = new URL(shellServer.url);
    for (const path of ['/members/12', '/no-such-page', '/index.html']) {
      const res = await rawRequest(`${shellServer.url}${path}`);
      const policy = directives(res.headers['content-security-policy']);
      expect(policy).toMatchObject({
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'connect-src': ["'self'", `ws://${host}`],
        'object-src': ["'none'"],
        'base-uri': ["'none'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
      });
    }
  });

  it("lets a site's photos come from its CDN, and names no socket host for a host no site serves", async () => {
    const cdn = directives((await rawRequest(`${shellServer.url}/members/12`, { host: 'cdn-site.test' })).headers['content-security-policy']);
    expect(cdn['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://cdn.example.net']);
    expect(cdn['connect-src']).toEqual(["'self'", 'ws://cdn-site.test']);
    // The Host header is the client's: it never widens (or breaks into) the policy.
    const unknown = await rawRequest(`${shellServer.url}/members/12`, { host: 'evil.example;script-src' });
    expect(directives(unknown.headers['content-security-policy'])['connect-src']).toEqual(["'self'"]);
    expect(directives(unknown.headers['content-security-policy'])['script-src']).toEqual(["'self'"]);
  });
});

/** A Content-Security-Policy header as directive -> sources. */
function directives(header: string | string[] | undefined): Record<string, string[]> {
  expect(typeof header).toBe('string');
  const parsed: Record<string, string[]> = {};
  for (const part of String(header).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) parsed[name] = sources;
  }
  return parsed;
}

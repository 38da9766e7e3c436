/**
 * What a request outside the API routes gets when it cannot be served: the API's JSON error shape,
 * over real HTTP, where Node answered an empty 431 or 400 and Express its HTML "Cannot POST" page.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, tempDir, type TestServer } from '../test/harness.js';
import { rawRequest, type RawResponse } from '../test/raw-http.js';

let server: TestServer;
beforeAll(async () => {
  const clientDir = tempDir('dating-client-');
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(join(clientDir, 'assets', 'app-1234.js'), 'export {};');
  server = await startTestServer({}, { clientDir });
  mkdirSync(server.ctx.config.uploadsDir, { recursive: true });
  writeFileSync(join(server.ctx.config.uploadsDir, 'photo.jpg'), 'jpeg');
});
afterAll(() => server.destroy());

const json = (res: RawResponse) => JSON.parse(res.body.toString('utf8')) as Record<string, unknown>;

/** Bytes written straight to the socket (for requests no HTTP client sends), and the whole answer. */
function rawExchange(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('a request Node refuses before any route sees it', () => {
  it('a URL over 16 KB answers 431 with a JSON body naming the error', async () => {
    const res = await rawRequest(`${server.url}/api/user.php?q=${'a'.repeat(17_000)}`);
    expect(res.status).toBe(431);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(json(res)).toEqual({ error: 'payload_too_large', message: 'The request is too large.' });
  });

  it('headers over 16 KB answer the same', async () => {
    const res = await rawRequest(`${server.url}/`, { 'x-filler': 'b'.repeat(17_000) });
    expect(res.status).toBe(431);
    expect(json(res)).toMatchObject({ error: 'payload_too_large' });
  });

  it('a request that is not HTTP answers 400 invalid_request in JSON', async () => {
    const answer = await rawExchange('NOT HTTP AT ALL\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toMatch(/\r\ncontent-type: application\/json/i);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ error: 'invalid_request' });
  });

  it('the server still answers after them', async () => {
    expect((await rawRequest(`${server.url}/healthz`)).status).toBe(200);
  });
});

describe('a method a path outside the API does not take', () => {
  const methodNotAllowed = { error: 'method_not_allowed', message: 'This request method is not allowed here.' };

  it('a path that answers GET (the health check, a client route, a file, a photo) answers 405 in JSON with Allow: GET, HEAD', async () => {
    for (const [method, path] of [
      ['POST', '/healthz'],
      ['POST', '/'],
      ['PUT', '/login'],
      ['DELETE', '/members/12'],
      ['POST', '/index.html'],
      ['POST', '/favicon.svg'],
      ['PATCH', '/assets/app-1234.js'],
      ['POST', '/media/photo.jpg'],
    ] as const) {
      const res = await rawRequest(`${server.url}${path}`, {}, method);
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.allow, `${method} ${path}`).toBe('GET, HEAD');
      expect(res.headers['content-type'], `${method} ${path}`).toMatch(/^application\/json/);
      expect(json(res), `${method} ${path}`).toEqual(methodNotAllowed);
    }
  });

  it('a path nothing answers answers 404 not_found in JSON, whatever the method', async () => {
    for (const [method, path] of [
      ['POST', '/no-such-page'],
      ['PUT', '/assets/missing.js'],
      ['POST', '/media/missing.jpg'],
      ['POST', '/media/%E0%A4%A'],
    ] as const) {
      const res = await rawRequest(`${server.url}${path}`, {}, method);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers.allow, `${method} ${path}`).toBeUndefined();
      expect(json(res), `${method} ${path}`).toEqual({ error: 'not_found', message: 'Not found' });
    }
  });

  it('GET still serves them', async () => {
    expect((await rawRequest(`${server.url}/login`)).status).toBe(200);
    expect((await rawRequest(`${server.url}/assets/app-1234.js`)).body.toString()).toBe('export {};');
    expect((await rawRequest(`${server.url}/media/photo.jpg`)).body.toString()).toBe('jpeg');
  });
});

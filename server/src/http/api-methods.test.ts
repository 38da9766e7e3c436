/**
 * A method an API path does not take: `405 method_not_allowed` with `Allow` naming the methods it
 * does take, as outside the API (non-api-errors.test.ts), where it was `404 not_found` as for a
 * path that does not exist; a client could not tell a misspelt path from a wrong method.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.js';
import { rawRequest, type RawResponse } from '../test/raw-http.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.destroy());

const json = (res: RawResponse) => JSON.parse(res.body.toString('utf8')) as Record<string, unknown>;
const methodNotAllowed = { error: 'method_not_allowed', message: 'This request method is not allowed here.' };

describe('a method an API path does not take', () => {
  it('answers 405 in JSON with Allow listing the methods the path takes (HEAD wherever GET)', async () => {
    for (const [method, path, allow] of [
      ['GET', '/api/page-hidden.php', 'POST'],
      ['PUT', '/api/chats.php', 'GET, HEAD'],
      ['PATCH', '/api/user.php', 'GET, HEAD, POST, PUT'],
      ['DELETE', '/api/user.php', 'GET, HEAD, POST, PUT'],
      ['GET', '/api/block.php', 'POST, DELETE'],
      ['POST', '/api/settings.php', 'GET, HEAD'],
      // matched as the router matches: case-insensitive, a trailing slash allowed
      ['PUT', '/api/Chats.php/', 'GET, HEAD'],
    ] as const) {
      const res = await rawRequest(`${server.url}${path}`, {}, method);
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.allow, `${method} ${path}`).toBe(allow);
      expect(res.headers['content-type'], `${method} ${path}`).toMatch(/^application\/json/);
      expect(res.headers['cache-control'], `${method} ${path}`).toBe('no-store');
      expect(json(res), `${method} ${path}`).toEqual(methodNotAllowed);
    }
  });

  it('HEAD on a path without GET is a 405 too (no body, as for any HEAD)', async () => {
    const res = await rawRequest(`${server.url}/api/page-hidden.php`, {}, 'HEAD');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.body.length).toBe(0);
  });

  it('a path no route has stays 404 not_found without Allow, whatever the method', async () => {
    for (const [method, path] of [
      ['GET', '/api/no-such.php'],
      ['POST', '/api/no-such.php'],
      ['PUT', '/api/chats.php/extra'],
      ['GET', '/api/'],
    ] as const) {
      const res = await rawRequest(`${server.url}${path}`, {}, method);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers.allow, `${method} ${path}`).toBeUndefined();
      expect(json(res), `${method} ${path}`).toEqual({ error: 'not_found', message: 'Not found' });
    }
  });

  it('the methods a path takes are still served', async () => {
    expect((await rawRequest(`${server.url}/api/settings.php`)).status).toBe(200);
    expect((await rawRequest(`${server.url}/api/settings.php`, {}, 'HEAD')).status).toBe(200);
    expect((await rawRequest(`${server.url}/api/page-hidden.php`, {}, 'POST')).status).toBe(204);
  });

  it('a write from another origin is still refused before its method is looked at', async () => {
    const port = Number(new URL(server.url).port);
    const origin = `http://127.0.0.1:${port === 8080 ? 8081 : 8080}`;
    const res = await rawRequest(`${server.url}/api/chats.php`, { origin }, 'PUT');
    expect(res.status).toBe(403);
    expect(json(res)).toMatchObject({ error: 'origin_not_allowed' });
  });

  it('OPTIONS (a CORS preflight) is answered as before: no route grants it', async () => {
    for (const path of ['/api/user.php', '/api/no-such.php']) {
      const res = await rawRequest(
        `${server.url}${path}`,
        { origin: 'http://127.0.0.1:8080', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
        'OPTIONS',
      );
      expect(res.status, path).toBe(404);
      expect(res.headers.allow, path).toBeUndefined();
      expect(res.headers['access-control-allow-origin'], path).toBeUndefined();
      expect(json(res), path).toEqual({ error: 'not_found', message: 'Not found' });
    }
  });
});

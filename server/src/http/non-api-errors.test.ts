/**
 * What a request outside the API routes gets when it cannot be served: the API's JSON error shape,
 * over real HTTP, where Node answered an empty 431 or 400 and Express its HTML "Cannot POST" page.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server as HttpServer } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, tempDir, type TestServer } from '../test/harness.js';
import { answerClientErrorsInJson } from './client-errors.js';
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

describe('a request Node refuses for its chunk extensions or its slow headers', () => {
  // A bare server with the handler the app's server takes, and Node's header and request timeouts
  // (60 s and 300 s by default) cut short, so the 408 comes within the test.
  const HEADERS_TIMEOUT_MS = 300;
  let bare: HttpServer;
  let port: number;
  beforeAll(async () => {
    bare = createServer({ headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: 600, connectionsCheckingInterval: 50 }, (req, res) => {
      req.resume();
      req.on('end', () => res.end('ok'));
    });
    answerClientErrorsInJson(bare);
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    port = (bare.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => bare.close(() => resolve())));

  /** Writes the bytes and reads until the server closes: the answer, whether it ended the connection, and when. */
  function exchange(bytes: string): Promise<{ answer: string; closedByServer: boolean; ms: number }> {
    return new Promise((resolve, reject) => {
      const started = Date.now();
      const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
      let answer = '';
      let closedByServer = false;
      const guard = setTimeout(() => {
        socket.destroy();
        reject(new Error(`no close within 5 s; got ${JSON.stringify(answer.slice(0, 200))}`));
      }, 5000);
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
      socket.on('end', () => {
        closedByServer = true;
        socket.end();
      });
      // the server may close while a long request is still being written: what it answered counts
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearTimeout(guard);
        resolve({ answer, closedByServer, ms: Date.now() - started });
      });
    });
  }
  const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as unknown;

  it('a chunk extension over Node\'s 16 KB limit answers 413 payload_too_large in JSON and closes', async () => {
    const { answer, closedByServer } = await exchange(
      `POST /api/messages.php HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n1;ext=${'x'.repeat(20_000)}\r\na\r\n0\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toMatch(/\r\ncontent-type: application\/json/i);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(bodyOf(answer)).toEqual({ error: 'payload_too_large', message: 'The request is too large.' });
    expect(answer).not.toContain('ok');
    expect(closedByServer).toBe(true);
  });

  it('headers that do not arrive within headersTimeout answer 408 try_later in JSON and close', async () => {
    const { answer, closedByServer, ms } = await exchange('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toMatch(/\r\ncontent-type: application\/json/i);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(bodyOf(answer)).toEqual({ error: 'try_later', message: 'An error occured, please try again later.' });
    expect(closedByServer).toBe(true);
    // not before the timeout, and long before a default one
    expect(ms).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 10);
    expect(ms).toBeLessThan(3000);
  });

  it('a whole request in time is still answered', async () => {
    const { answer } = await exchange('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
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

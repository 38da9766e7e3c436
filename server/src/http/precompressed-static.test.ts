/**
 * The built client as the server sends it: a client directory precompressed by the build's own
 * plugin (client/vite-plugins/precompress.ts), served by a full test server.
 */
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../../client/vite-plugins/precompress.js';
import { startTestServer, tempDir, type TestServer } from '../test/harness.js';
import { rawRequest } from '../test/raw-http.js';

/** Text that compresses like a built chunk. */
const text = (line: string, bytes: number) => line.repeat(Math.ceil(bytes / line.length)).slice(0, bytes);

const ASSET = '/assets/index-Ca3PjnfU.js';
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

let server: TestServer;
let clientDir: string;
const fileBytes = (urlPath: string) => readFileSync(join(clientDir, urlPath));
const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => rawRequest(server.url + path, headers, method);

beforeAll(async () => {
  clientDir = tempDir('dating-client-');
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(join(clientDir, ASSET), text('export const label = (n) => `item ${n}`;\n', 30_000));
  writeFileSync(join(clientDir, 'assets/index-D1UD-c4k.css'), text('.chat-list__item { display: flex; gap: 8px; }\n', 8_000));
  writeFileSync(join(clientDir, 'index.html'), `<!doctype html><html><head>${text('<link rel="modulepreload" href="/assets/x.js">', 1_500)}</head><body><div id="root"></div></body></html>`);
  writeFileSync(join(clientDir, 'sw-push.js'), text("self.addEventListener('push', () => {});\n", 6_000));
  writeFileSync(join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await precompressDirectory(clientDir);
  server = await startTestServer({}, { clientDir });
});
afterAll(() => server.destroy());

describe('a built asset', () => {
  it('goes brotli-encoded to a browser that takes br and gzip, and decodes to the file', async () => {
    const res = await get(ASSET, { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.body).equals(fileBytes(ASSET))).toBe(true);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(fileBytes(ASSET).length / 10);
  });

  it('goes gzip-encoded when only gzip is taken', async () => {
    for (const acceptEncoding of ['gzip', 'gzip, deflate', 'br;q=0, gzip', 'gzip;q=1, br;q=0.5, *;q=0']) {
      const res = await get(ASSET, { 'accept-encoding': acceptEncoding });
      expect(res.headers['content-encoding'], acceptEncoding).toBe('gzip');
      expect(gunzipSync(res.body).equals(fileBytes(ASSET)), acceptEncoding).toBe(true);
    }
  });

  it('goes as it is when no encoding of ours is taken', async () => {
    for (const headers of [{} as Record<string, string>, { 'accept-encoding': 'br;q=0, gzip;q=0' }, { 'accept-encoding': 'deflate' }, { 'accept-encoding': 'identity' }]) {
      const res = await get(ASSET, headers);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body.equals(fileBytes(ASSET))).toBe(true);
      // A shared cache must not hand this copy to a browser that takes brotli, nor the reverse.
      expect(res.headers.vary).toBe('Accept-Encoding');
    }
  });

  it('keeps its Content-Type, its year-long immutable caching and Vary in every encoding', async () => {
    for (const acceptEncoding of ['br', 'gzip', 'identity']) {
      const res = await get(ASSET, { 'accept-encoding': acceptEncoding });
      expect(res.headers['content-type'], acceptEncoding).toBe('text/javascript; charset=utf-8');
      expect(res.headers['cache-control'], acceptEncoding).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary, acceptEncoding).toBe('Accept-Encoding');
      expect(res.headers['x-content-type-options'], acceptEncoding).toBe('nosniff');
    }
    const css = await get('/assets/index-D1UD-c4k.css', BROWSER);
    expect(css.headers['content-encoding']).toBe('br');
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('answers HEAD with the headers of the GET and no body', async () => {
    const head = await get(ASSET, BROWSER, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBe(statSync(join(clientDir, `${ASSET}.br`)).size);
    expect(head.headers['content-type']).toMatch(/javascript/);
  });

  // A compressed variant is sent whole; the uncompressed file keeps its byte ranges.
  it('offers byte ranges of the file only, not of a variant', async () => {
    const whole = await get(ASSET, { ...BROWSER, range: 'bytes=0-99' });
    expect(whole.status).toBe(200);
    expect(whole.headers['accept-ranges']).toBeUndefined();
    expect(brotliDecompressSync(whole.body).equals(fileBytes(ASSET))).toBe(true);
    const part = await get(ASSET, { range: 'bytes=0-99' });
    expect(part.status).toBe(206);
    expect(part.body.equals(fileBytes(ASSET).subarray(0, 100))).toBe(true);
  });

  it("revalidates a variant against the variant's own ETag", async () => {
    const br = await get(ASSET, { 'accept-encoding': 'br' });
    const identity = await get(ASSET);
    expect(br.headers.etag).toBeTruthy();
    expect(br.headers.etag).not.toBe(identity.headers.etag);
    const again = await get(ASSET, { 'accept-encoding': 'br', 'if-none-match': br.headers.etag! });
    expect(again.status).toBe(304);
  });

  it('is still a 404 when missing, and a variant asked for by its own name is one too', async () => {
    for (const path of ['/assets/missing-abc.js', `${ASSET}.br`, `${ASSET}.gz`]) {
      const res = await get(path, BROWSER);
      expect(res.status, path).toBe(404);
      expect(res.headers['content-encoding'], path).toBeUndefined();
      expect(JSON.parse(res.body.toString()), path).toMatchObject({ error: 'not_found' });
    }
  });
});

describe('the other built files', () => {
  it('sends the service worker compressed and still no-cache', async () => {
    const res = await get('/sw-push.js?v=2', BROWSER);
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(res.body).equals(fileBytes('/sw-push.js'))).toBe(true);
  });

  it('sends a file the build left uncompressed (under 1 KB) as it is, cached for an hour', async () => {
    const res = await get('/favicon.svg', BROWSER);
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.headers['content-type']).toBe('image/svg+xml');
  });

  it('does not serve /sw-push.js.br as a file of its own', async () => {
    const res = await get('/sw-push.js.br', BROWSER);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/html/); // the 404 shell
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.body).equals(fileBytes('/index.html'))).toBe(true);
  });
});

describe('the app shell', () => {
  it('goes compressed for a client route and for a 404, no-cache, as HTML', async () => {
    for (const [path, status] of [['/members/12', 200], ['/no-such-page', 404]] as const) {
      const res = await get(path, BROWSER);
      expect(res.status, path).toBe(status);
      expect(res.headers['content-encoding'], path).toBe('br');
      expect(res.headers['content-type'], path).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control'], path).toBe('no-cache');
      expect(res.headers.vary, path).toBe('Cookie, Accept-Encoding');
      expect(brotliDecompressSync(res.body).equals(fileBytes('/index.html')), path).toBe(true);
    }
    const gzip = await get('/members/12', { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gzip.body).equals(fileBytes('/index.html'))).toBe(true);
    const plain = await get('/members/12');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(fileBytes('/index.html'))).toBe(true);
  });

  it('answers HEAD without a body', async () => {
    const head = await get('/members/12', BROWSER, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body.length).toBe(0);
  });
});

// Socket.IO answers its own requests before Express sees them; nothing here may touch them.
describe('Socket.IO', () => {
  it('gets its polling handshake without any encoding or Vary of ours', async () => {
    const res = await get('/socket.io/?EIO=4&transport=polling', BROWSER);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary ?? '').not.toMatch(/accept-encoding/i);
  });
});

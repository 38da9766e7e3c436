import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERESTS } from '@db/seed/data/interests.js';
import { interests } from '@db/schema/index.js';
import { startTestServer, type TestServer } from '../test/harness.js';
import { rawRequest } from '../test/raw-http.js';
import { COMPRESS_JSON_MIN_BYTES } from './compress-json.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  server.db.insert(interests).values([...INTERESTS]).run();
});
afterAll(() => server.destroy());

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => rawRequest(server.url + path, headers, method);
/** Every interest the seed knows, with its English label: several KB, the same for everyone. */
const LARGE = '/api/interests.php?lang=en';

describe('API JSON', () => {
  it('goes gzip-encoded when it is 1 KB or more, and decodes to the same answer', async () => {
    const plain = await get(LARGE);
    expect(plain.body.length).toBeGreaterThan(COMPRESS_JSON_MIN_BYTES);
    const res = await get(LARGE, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(plain.body.length / 2);
    expect(gunzipSync(res.body).equals(plain.body)).toBe(true);
  });

  it('goes brotli-encoded to a client that takes brotli alone', async () => {
    const plain = await get(LARGE);
    const res = await get(LARGE, { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.body).equals(plain.body)).toBe(true);
  });

  it('goes as it is, with Vary, to a client that takes neither', async () => {
    for (const headers of [{} as Record<string, string>, { 'accept-encoding': 'br;q=0, gzip;q=0' }]) {
      const res = await get(LARGE, headers);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/Accept-Encoding/);
      expect(JSON.parse(res.body.toString())).toBeInstanceOf(Object);
    }
  });

  it('leaves an answer under 1 KB alone', async () => {
    for (const path of ['/api/user.php', '/api/nothing-here.php']) {
      const res = await get(path, { 'accept-encoding': 'gzip, br' });
      expect(res.body.length, path).toBeLessThan(COMPRESS_JSON_MIN_BYTES);
      expect(res.headers['content-encoding'], path).toBeUndefined();
      expect(JSON.parse(res.body.toString()), path).toHaveProperty('error');
    }
  });

  it('answers HEAD with no encoding of a body it does not carry', async () => {
    const res = await get(LARGE, { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.length).toBe(0);
  });
});

// Photos and avatars are compressed formats or sent as they are stored; only /api compresses here.
describe('/media', () => {
  it('sends an uploaded file as it is', async () => {
    mkdirSync(join(server.dataDir, 'uploads/avatars'), { recursive: true });
    writeFileSync(join(server.dataDir, 'uploads/avatars/1.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${'<circle r="1"/>'.repeat(200)}</svg>`);
    const res = await get('/media/avatars/1.svg', { 'accept-encoding': 'gzip, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

/**
 * deploy/nginx.conf's compression, run by Debian's nginx (test/nginx.ts) in front of a stub
 * upstream that answers like the app: some text as it is, some already encoded by the app.
 */
import { createServer, type Server } from 'node:http';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startNginx, type RunningNginx } from './test/nginx.js';
import { rawRequest } from './test/raw-http.js';

const JSON_TEXT = JSON.stringify({ chats: Array.from({ length: 40 }, (_, id) => ({ id, name: `Member ${id}`, online: id % 2 === 0 })) });
const SCRIPT = Buffer.from('export const label = (n) => `item ${n}`;\n'.repeat(200));
const SCRIPT_BR = brotliCompressSync(SCRIPT);

/**
 * path -> what the app would answer there. As the app does, every answer of 1 KB or more that it
 * could have compressed names Accept-Encoding in Vary, also when it goes as it is
 * (http/compress-json.ts, http/precompressed-static.ts).
 */
const ANSWERS: Record<string, { type: string; body: Buffer; encoding?: string; vary?: string }> = {
  '/api/chats.php': { type: 'application/json; charset=utf-8', body: Buffer.from(JSON_TEXT), vary: 'Accept-Encoding' },
  '/api/user.php': { type: 'application/json; charset=utf-8', body: Buffer.from('{"error":"authentication_required"}') },
  '/assets/index-abc.js': { type: 'text/javascript; charset=utf-8', body: SCRIPT_BR, encoding: 'br', vary: 'Accept-Encoding' },
  '/socket.io/': { type: 'text/plain; charset=UTF-8', body: Buffer.from(JSON_TEXT) },
};

let upstream: Server;
let lb: RunningNginx;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    const answer = ANSWERS[new URL(req.url ?? '/', 'http://x').pathname];
    if (!answer) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': answer.type, 'content-length': answer.body.length, ...(answer.encoding ? { 'content-encoding': answer.encoding } : {}), ...(answer.vary ? { vary: answer.vary } : {}) });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const { port } = upstream.address() as { port: number };
  lb = await startNginx([port, port]);
}, 30_000);

afterEach((context) => {
  if (context.task.result?.state === 'fail') console.error(`--- nginx error log ---\n${lb.errors().slice(-2000)}`);
});

afterAll(async () => {
  await lb?.stop();
  await new Promise((resolve) => upstream?.close(resolve));
});

const get = (path: string, headers: Record<string, string> = {}) => rawRequest(lb.url + path, headers);
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

describe('deploy/nginx.conf compression', () => {
  it('gzips text the app sent as it is, keeping its Vary once', async () => {
    const res = await get('/api/chats.php', BROWSER);
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    // nginx's gzip_vary would add a second Accept-Encoding to the app's.
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(gunzipSync(res.body).toString()).toBe(JSON_TEXT);
  });

  it('sends it as it is to a client that takes no gzip', async () => {
    const res = await get('/api/chats.php');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toBe(JSON_TEXT);
  });

  it("passes the app's own encoding through untouched", async () => {
    const res = await get('/assets/index-abc.js', BROWSER);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body.equals(SCRIPT_BR)).toBe(true);
    expect(brotliDecompressSync(res.body).equals(SCRIPT)).toBe(true);
  });

  it('leaves answers under 1 KB and Socket.IO alone', async () => {
    expect((await get('/api/user.php', BROWSER)).headers['content-encoding']).toBeUndefined();
    const poll = await get('/socket.io/?EIO=4&transport=polling', BROWSER);
    expect(poll.headers['content-encoding']).toBeUndefined();
    expect(poll.body.toString()).toBe(JSON_TEXT);
  });
});

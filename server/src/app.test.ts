import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TestClient, type TestServer } from './test/harness.js';

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

  it('rejects a 10 MB body with 413 and does not crash', async () => {
    const big = JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(10 * 1024 * 1024) });
    const res = await new TestClient(server.url).post('/api/user.php', big);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ error: 'payload_too_large' });
    const after = await new TestClient(server.url).get('/api/nothing-here.php');
    expect(after.status).toBe(404);
  });
});

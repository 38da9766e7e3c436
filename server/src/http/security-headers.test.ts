/**
 * The headers every answer carries, and HSTS only where the member came over HTTPS: through the
 * operator's TLS proxy (X-Forwarded-Proto from a trusted address, loopback by default), never on
 * the plain-HTTP default, which browsers must go on reaching.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TestClient, type TestServer } from '../test/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.destroy();
});

describe('security headers', () => {
  it.each(['/api/gifts.php', '/login'])('%s: no sniffing, no framing, no full referrer; HSTS only over HTTPS', async (path) => {
    const client = new TestClient(server.url);
    const plain = await client.get(path);
    expect(plain.headers.get('x-content-type-options')).toBe('nosniff');
    expect(plain.headers.get('x-frame-options')).toBe('DENY');
    expect(plain.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(plain.headers.get('strict-transport-security')).toBeNull();

    const overTls = await client.get(path, { 'x-forwarded-proto': 'https' });
    expect(overTls.headers.get('strict-transport-security')).toBe('max-age=15552000');
  });

  it('believes X-Forwarded-Proto only from a trusted proxy', async () => {
    const untrusting = await startTestServer({ TRUST_PROXY: 'false' });
    try {
      const res = await new TestClient(untrusting.url).get('/api/gifts.php', { 'x-forwarded-proto': 'https' });
      expect(res.status).toBe(200);
      expect(res.headers.get('strict-transport-security')).toBeNull();
    } finally {
      await untrusting.destroy();
    }
  });
});

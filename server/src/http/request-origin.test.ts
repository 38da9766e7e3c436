/**
 * The socket handshake reads the origin a request was addressed to with requestOriginOf; REST
 * requests are read by Express (req.protocol, req.host). Both must read a proxy's headers alike,
 * under every TRUST_PROXY form, or a page could pass one check and fail the other.
 */
import { request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness.js';
import { originUrl, pageMayAddress, requestOriginOf, sameOrigin } from './request-origin.js';
import { SiteDirectory } from './site.js';

const servers: Array<{ close(): void }> = [];
afterAll(() => servers.forEach((s) => s.close()));

/** What Express and requestOriginOf each make of one request with `headers`, under `trust`. */
async function bothReadings(trust: string | number | boolean, headers: IncomingHttpHeaders): Promise<{ express: string; ours: string | undefined }> {
  const app = express();
  app.set('trust proxy', trust);
  const ours = requestOriginOf(app);
  app.get('/', (req, res) => {
    res.json({ express: originUrl(`${req.protocol}://${req.host}`)?.origin, ours: ours(req)?.origin });
  });
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: '/', headers }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve(JSON.parse(body)));
    })
      .once('error', reject)
      .end();
  });
}

const proxied = { host: 'node1:3000', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'dates.example' };

describe('requestOriginOf', () => {
  it.each([
    ['loopback', proxied, 'https://dates.example'],
    [1, proxied, 'https://dates.example'],
    [true, { ...proxied, 'x-forwarded-host': 'dates.example:8443, inner.example' }, 'https://dates.example:8443'],
    [false, proxied, 'http://node1:3000'],
    ['10.0.0.0/8', proxied, 'http://node1:3000'],
    ['loopback', { host: 'Dates.Example:80' }, 'http://dates.example'],
    ['loopback', { host: 'dates.example', 'x-forwarded-proto': 'https' }, 'https://dates.example'],
  ] as const)('reads the request as Express does (trust proxy %s)', async (trust, headers, origin) => {
    expect(await bothReadings(trust, headers)).toEqual({ express: origin, ours: origin });
  });
});

describe('sameOrigin', () => {
  const same = (a: string, b: string) => sameOrigin(originUrl(a)!, originUrl(b)!);

  it('needs the scheme, the host and the port to match, www. aside', () => {
    expect(same('http://localhost:3000', 'http://localhost:3000')).toBe(true);
    expect(same('https://www.dates.example', 'https://dates.example:443')).toBe(true);
    expect(same('http://localhost:8080', 'http://localhost:3000')).toBe(false);
    expect(same('https://localhost:3000', 'http://localhost:3000')).toBe(false);
    expect(same('http://evil.example:3000', 'http://localhost:3000')).toBe(false);
  });
});

describe('pageMayAddress', () => {
  // PUBLIC_URL's page may write from its origin, not from another app on another port or scheme of its host.
  it("lets PUBLIC_URL's own origin through, and no other port or scheme of its host", () => {
    const database = openTestDatabase();
    try {
      const sites = new SiteDirectory(database.db);
      const addressed = originUrl('http://127.0.0.1:3000');
      const publicOrigin = originUrl('https://dates.example');
      expect(pageMayAddress('https://dates.example', addressed, publicOrigin, sites)).toBe(true);
      expect(pageMayAddress('https://dates.example:8443', addressed, publicOrigin, sites)).toBe(false);
      expect(pageMayAddress('http://dates.example', addressed, publicOrigin, sites)).toBe(false);
    } finally {
      database.close();
    }
  });
});

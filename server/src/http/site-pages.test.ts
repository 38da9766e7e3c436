/**
 * One server answers for several white-label sites: what a browser reads before the app runs
 * (the web app manifest an "install" uses, the shell's title and description a search engine or a
 * shared link shows) names the site of the host asked, not the build's default brand.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestSite } from '../test/factories.js';
import { startTestServer, tempDir, TestClient, type TestServer } from '../test/harness.js';

const MANIFEST = JSON.stringify({ name: 'Amora', short_name: 'Amora', description: 'Meet singles near you.', start_url: '/members', display: 'standalone', icons: [{ src: '/favicon.svg', sizes: 'any' }] });

let server: TestServer;
beforeAll(async () => {
  const clientDir = tempDir('site-pages-client-');
  // The build writes compressed variants beside the files (client/vite-plugins/precompress.ts).
  writeFileSync(join(clientDir, 'manifest.webmanifest'), MANIFEST);
  writeFileSync(join(clientDir, 'manifest.webmanifest.gz'), gzipSync(MANIFEST));
  writeFileSync(join(clientDir, 'manifest.webmanifest.br'), brotliCompressSync(MANIFEST));
  server = await startTestServer({}, { clientDir });
  // Before the first request loads the site list; reached through X-Forwarded-Host (TRUST_PROXY is loopback).
  insertTestSite(server.db, { domain: 'other-site.test', aliases: [], name: 'Other Site', description: 'Dates on the other site.' });
});
afterAll(() => server.destroy());

const OTHER_SITE = { 'x-forwarded-host': 'other-site.test' };

describe('/manifest.webmanifest', () => {
  it('names the site of the host asked, keeping the rest of the built manifest', async () => {
    const first = await new TestClient(server.url).get('/manifest.webmanifest');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(first.body).toMatchObject({ name: 'Amora Test', short_name: 'Amora Test', start_url: '/members', display: 'standalone' });

    const other = await new TestClient(server.url, OTHER_SITE).get('/manifest.webmanifest');
    expect(other.status).toBe(200);
    expect(other.body).toMatchObject({ name: 'Other Site', short_name: 'Other Site', description: 'Dates on the other site.', start_url: '/members' });
    expect(other.body.icons).toEqual([{ src: '/favicon.svg', sizes: 'any' }]);
  });

  it('names the site also for a browser that takes compressed files', async () => {
    for (const encoding of ['br', 'gzip']) {
      const other = await new TestClient(server.url, { ...OTHER_SITE, 'accept-encoding': encoding }).get('/manifest.webmanifest');
      expect(other.body, encoding).toMatchObject({ name: 'Other Site' });
    }
  });

  it('answers the built manifest as it is for a host no site serves', async () => {
    const res = await new TestClient(server.url, { 'x-forwarded-host': 'nobody.test' }).get('/manifest.webmanifest');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(JSON.parse(MANIFEST));
  });
});

/**
 * One server answers for several white-label sites: what a browser reads before the app runs
 * (the web app manifest an "install" uses, the shell's title and description a search engine or a
 * shared link shows) names the site of the host asked, not the build's default brand.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteRow } from '@db/schema/index.js';
import { LOCALES } from '@shared/constants.js';
import { insertTestSite } from '../test/factories.js';
import { startTestServer, tempDir, TestClient, type TestServer } from '../test/harness.js';
import { siteShells } from './site-shells.js';

const MANIFEST = JSON.stringify({ name: 'Amora', short_name: 'Amora', description: 'Meet singles near you.', start_url: '/members', display: 'standalone', icons: [{ src: '/favicon.svg', sizes: 'any' }] });

const SHELL = [
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" />',
  '<meta name="description" content="Meet singles near you, chat in real time." />',
  '<title>Amora</title></head><body><div id="root"></div>',
  '<noscript>Please enable JavaScript to use this website.</noscript></body></html>',
].join('\n');

let server: TestServer;
beforeAll(async () => {
  const clientDir = tempDir('site-pages-client-');
  // The build writes compressed variants beside the files (client/vite-plugins/precompress.ts).
  writeFileSync(join(clientDir, 'index.html'), SHELL);
  writeFileSync(join(clientDir, 'index.html.gz'), gzipSync(SHELL));
  writeFileSync(join(clientDir, 'index.html.br'), brotliCompressSync(SHELL));
  writeFileSync(join(clientDir, 'manifest.webmanifest'), MANIFEST);
  writeFileSync(join(clientDir, 'manifest.webmanifest.gz'), gzipSync(MANIFEST));
  writeFileSync(join(clientDir, 'manifest.webmanifest.br'), brotliCompressSync(MANIFEST));
  server = await startTestServer({}, { clientDir });
  // Before the first request loads the site list; reached through X-Forwarded-Host (TRUST_PROXY is loopback).
  insertTestSite(server.db, { domain: 'other-site.test', aliases: [], name: 'Other Site', description: 'Dates on the other site.', indexTitle: 'Other Site <dates> & more' });
  insertTestSite(server.db, { domain: 'long-name.test', aliases: [], name: 'Romantische Ontmoetingen Nederland' });
  insertTestSite(server.db, { domain: 'german-site.test', aliases: [], name: 'Deutsche Seite', domainLanguage: 'de_DE' });
  insertTestSite(server.db, { domain: 'portuguese-site.test', aliases: [], name: 'Site Português', domainLanguage: 'pt_BR' });
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

  it('gives a long-named site a short name that fits under a home-screen icon, keeping the full name', async () => {
    const res = await new TestClient(server.url, { 'x-forwarded-host': 'long-name.test' }).get('/manifest.webmanifest');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Romantische Ontmoetingen Nederland', short_name: 'Romantische' });
  });

  it('answers the built manifest as it is for a host no site serves', async () => {
    const res = await new TestClient(server.url, { 'x-forwarded-host': 'nobody.test' }).get('/manifest.webmanifest');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(JSON.parse(MANIFEST));
  });
});

/** The shell's <title> and meta description, as a browser (or a crawler) reads them. */
function head(html: string): { title: string | undefined; description: string | undefined } {
  return {
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    description: /<meta name="description" content="([^"]*)"/.exec(html)?.[1],
  };
}

describe('the app shell', () => {
  it('carries the site’s index title and description', async () => {
    const res = await new TestClient(server.url, OTHER_SITE).get('/members');
    expect(res.status).toBe(200);
    expect(head(res.body)).toEqual({ title: 'Other Site &lt;dates&gt; &amp; more', description: 'Dates on the other site.' });
  });

  it('falls back to the site’s name without an index title, and to the built description without one', async () => {
    const res = await new TestClient(server.url).get('/members');
    expect(head(res.body)).toEqual({ title: 'Amora Test', description: 'Meet singles near you, chat in real time.' });
  });

  it('is the site’s also compressed, on the 404 shell and on /index.html the service worker keeps', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      for (const path of ['/members', '/no-such-page', '/index.html']) {
        const res = await new TestClient(server.url, { ...OTHER_SITE, 'accept-encoding': encoding }).get(path);
        expect(head(res.body).title, `${encoding} ${path}`).toBe('Other Site &lt;dates&gt; &amp; more');
      }
    }
  });
});

describe('a site whose title is edited', () => {
  it('gets a shell with each new title, and its first one back when the edit is undone', () => {
    const dir = tempDir('site-shells-');
    writeFileSync(join(dir, 'index.html'), SHELL);
    const shellFor = siteShells(join(dir, 'index.html'));
    const site = (indexTitle: string) => ({ id: 7, name: 'Seven', description: '', indexTitle }) as unknown as SiteRow;
    const title = (indexTitle: string) => head(shellFor(site(indexTitle), 'en')!.identity.toString('utf8')).title;
    expect(title('Dates tonight')).toBe('Dates tonight');
    expect(title('Dates this weekend')).toBe('Dates this weekend');
    expect(title('Dates tonight')).toBe('Dates tonight');
  });
});

/** The shell's lang and <noscript> text, what a browser without scripts has. */
function language(html: string): { lang: string | undefined; noscript: string | undefined } {
  return { lang: /<html[^>]*\slang="([^"]*)"/.exec(html)?.[1], noscript: /<noscript>([^<]*)<\/noscript>/.exec(html)?.[1] };
}

/** A page of the shell as a browser asks for it: its own cookies and languages (TestClient sends its jar's). */
async function shellPage(host: string, headers: Record<string, string> = {}, path = '/members') {
  const res = await fetch(server.url + path, { headers: { 'x-forwarded-host': host, ...headers } });
  return { status: res.status, vary: res.headers.get('vary') ?? '', ...language(await res.text()) };
}

const GERMAN = 'Bitte aktiviere JavaScript, um diese Website zu nutzen.';

describe('the language the shell starts in (as the client chooses it)', () => {
  it('is the language cookie’s, a choice made on this device', async () => {
    expect(await shellPage('other-site.test', { cookie: 'auth.sid=x; i18n_redirected=fr' })).toMatchObject({ status: 200, lang: 'fr', noscript: 'Active JavaScript pour utiliser ce site.' });
    expect(await shellPage('german-site.test', { cookie: 'i18n_redirected=pl' })).toMatchObject({ lang: 'pl' });
  });

  it('without a cookie is the site’s domain_language', async () => {
    expect(await shellPage('german-site.test')).toMatchObject({ status: 200, lang: 'de', noscript: GERMAN });
  });

  it('takes a cookie that names no language of ours as no cookie', async () => {
    expect(await shellPage('german-site.test', { cookie: 'i18n_redirected=pt' })).toMatchObject({ lang: 'de', noscript: GERMAN });
    expect(await shellPage('german-site.test', { cookie: 'i18n_redirected=%E0%A4%A' })).toMatchObject({ status: 200, lang: 'de' });
  });

  it('is English when the site’s language is none of ours', async () => {
    expect(await shellPage('portuguese-site.test')).toMatchObject({ lang: 'en', noscript: 'Please enable JavaScript to use this website.' });
  });

  it('does not follow the browser’s language, as the client does not', async () => {
    expect(await shellPage('other-site.test', { 'accept-language': 'de-DE,de;q=0.9' })).toMatchObject({ lang: 'en' });
  });

  it('says the <noscript> line in each of the seven languages', async () => {
    const lines = new Map<string, string | undefined>();
    for (const locale of LOCALES) {
      const page = await shellPage('other-site.test', { cookie: `i18n_redirected=${locale}` });
      expect(page.lang, locale).toBe(locale);
      lines.set(locale, page.noscript);
    }
    expect(new Set(lines.values()).size).toBe(LOCALES.length);
  });

  it('is the same compressed, on the 404 shell and on the /index.html the service worker keeps, which vary by cookie', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      for (const path of ['/members', '/no-such-page', '/index.html']) {
        const page = await shellPage('german-site.test', { cookie: 'i18n_redirected=it', 'accept-encoding': encoding }, path);
        expect(page.lang, `${encoding} ${path}`).toBe('it');
        expect(page.noscript, `${encoding} ${path}`).toBe('Attiva JavaScript per usare questo sito.');
        // A cache (the browser's, a proxy's) must not give one visitor's language to another.
        expect(page.vary.toLowerCase(), `${encoding} ${path}`).toContain('cookie');
      }
    }
  });
});

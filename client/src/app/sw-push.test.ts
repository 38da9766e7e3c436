import { describe, expect, it } from 'vitest';
import { loadWorker, ORIGIN, WORKER_SOURCE, type FakeRequest } from './sw-push-fakes.js';
import { PUSH_WORKER_VERSION } from './service-worker.js';

/** The offline app shell of client/public/sw-push.js (run in a sandbox, see sw-push-fakes.ts). */
const MANIFEST = {
  build: 'abc123',
  files: ['/index.html', '/favicon.svg', '/manifest.webmanifest', '/assets/index-Ab1.js', '/assets/index-Cd2.css', '/assets/de-Ef3.js'],
};
const CACHE = 'amora-shell-v2-abc123';
const SHELL_HTML = '<!doctype html><div id="root"></div>';

const ok = (body: string) => Promise.resolve(new Response(body, { status: 200 }));
const offline = () => Promise.reject(new TypeError('Failed to fetch'));
const servesFiles = (request: FakeRequest) => ok(new URL(request.url).pathname === '/index.html' ? SHELL_HTML : `file ${new URL(request.url).pathname}`);

async function installedWorker() {
  const worker = loadWorker(MANIFEST);
  worker.setNetwork(servesFiles);
  await worker.lifecycle('install');
  await worker.lifecycle('activate');
  worker.requests.length = 0;
  return worker;
}

describe('sw-push.js: which requests the cache may answer', () => {
  type Strategy = (request: { method: string; url: string; mode: string }, origin: string, precached: string[]) => string;
  const strategyFor = loadWorker(MANIFEST).scope.strategyFor as Strategy;
  const strategy = (url: string, init: { method?: string; mode?: string } = {}) =>
    strategyFor({ method: init.method ?? 'GET', mode: init.mode ?? 'cors', url: new URL(url, ORIGIN).href }, ORIGIN, MANIFEST.files);

  it('navigations go to the network first, with the shell as fallback', () => {
    expect(strategy('/chats', { mode: 'navigate' })).toBe('shell');
    expect(strategy('/members/12?tab=photos', { mode: 'navigate' })).toBe('shell');
    expect(strategy('/no-such-page', { mode: 'navigate' })).toBe('shell');
  });

  it('API calls, socket.io, uploads, dev pages and anything not GET are left to the network', () => {
    expect(strategy('/api/user.php')).toBe('network');
    expect(strategy('/api/user.php', { mode: 'navigate' })).toBe('network');
    expect(strategy('/api')).toBe('network');
    expect(strategy('/socket.io/?EIO=4&transport=polling&t=x')).toBe('network');
    expect(strategy('/media/photos/1.jpg', { mode: 'no-cors' })).toBe('network');
    expect(strategy('/media/photos/1.jpg', { mode: 'navigate' })).toBe('network');
    expect(strategy('/dev/outbox', { mode: 'navigate' })).toBe('network');
    expect(strategy('/chats', { method: 'POST', mode: 'navigate' })).toBe('network');
    expect(strategy('/assets/index-Ab1.js', { method: 'HEAD' })).toBe('network');
  });

  it('built assets and the precached public files come from the cache first', () => {
    expect(strategy('/assets/index-Ab1.js')).toBe('cache');
    expect(strategy('/assets/from-a-newer-build-Zz9.js')).toBe('cache');
    expect(strategy('/favicon.svg', { mode: 'no-cors' })).toBe('cache');
    expect(strategy('/manifest.webmanifest')).toBe('cache');
  });

  it('other files, queries and other origins are left to the network', () => {
    expect(strategy('/robots.txt')).toBe('network');
    expect(strategy('/favicon.svg?v=3')).toBe('network');
    expect(strategy('/sw-push.js?v=2')).toBe('network');
    expect(strategy('https://maps.example.com/tile.png')).toBe('network');
    expect(strategy('https://maps.example.com/assets/x.js')).toBe('network');
  });
});

describe('sw-push.js: install and activate', () => {
  it('precaches the build\'s files into its own cache, revalidating the unhashed ones, and takes over at once', async () => {
    const worker = loadWorker(MANIFEST);
    worker.setNetwork(servesFiles);
    await worker.lifecycle('install');
    expect(worker.skippedWaiting()).toBe(true);
    expect([...worker.caches.keys()]).toEqual([CACHE]);
    expect([...worker.caches.get(CACHE)!.entries.keys()]).toEqual(MANIFEST.files.map((file) => `${ORIGIN}${file}`));
    const cacheMode = Object.fromEntries(worker.requests.map((r) => [new URL(r.url).pathname, r.cache]));
    expect(cacheMode).toMatchObject({ '/index.html': 'no-cache', '/favicon.svg': 'no-cache', '/assets/index-Ab1.js': 'default' });
  });

  it('fails the install when a file cannot be fetched, so the previous worker keeps serving', async () => {
    const worker = loadWorker(MANIFEST);
    worker.setNetwork((request) => (request.url.endsWith('.css') ? Promise.resolve(new Response('', { status: 404 })) : servesFiles(request)));
    await expect(worker.lifecycle('install')).rejects.toThrow();
  });

  it("fails the install when a captive portal answers the build's files with its page, so no chunk is kept as HTML", async () => {
    // Hotel or train wifi that starts asking for its terms while a new deployment's worker
    // installs: a 200 with the portal's page for each file. Kept, each chunk was that page for as
    // long as the deployment lasted (the cache answers first): a page that could not start.
    const worker = loadWorker(MANIFEST);
    const portal = '<!doctype html><title>Hotel WiFi</title><form>Accept the terms</form>';
    worker.setNetwork((request) =>
      request.url.endsWith('/index.html') ? servesFiles(request) : Promise.resolve(new Response(portal, { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' } })),
    );
    await expect(worker.lifecycle('install')).rejects.toThrow();
    expect(worker.caches.get(CACHE)?.entries.size ?? 0).toBe(0);
  });

  it('on activate drops the shell caches of older builds, keeps other caches and claims the pages', async () => {
    const older = loadWorker({ build: 'old999', files: ['/index.html'] });
    older.setNetwork(servesFiles);
    await older.lifecycle('install');
    const worker = loadWorker(MANIFEST);
    worker.caches.set('amora-shell-v2-old999', older.caches.get('amora-shell-v2-old999')!);
    await (worker.scope.caches as { open(name: string): Promise<unknown> }).open('push-payloads');
    worker.setNetwork(servesFiles);
    await worker.lifecycle('install');
    await worker.lifecycle('activate');
    expect([...worker.caches.keys()].sort()).toEqual([CACHE, 'push-payloads']);
    expect(worker.claimed()).toBe(true);
    // Regression: with navigation preload a navigation the worker leaves to the network went to the
    // server twice, and the second GET of a one-time activation link answered /activate/error.
    expect(worker.preloadEnabled()).toBe(false);
  });

  it('unbuilt (the placeholder left in), it caches nothing', async () => {
    const worker = loadWorker(null);
    worker.setNetwork(servesFiles);
    await worker.lifecycle('install');
    expect(worker.requests).toEqual([]);
    expect(worker.fetch({ url: '/favicon.svg' })).toBeNull();
  });
});

describe('sw-push.js: answers', () => {
  it('a navigation is answered by the network while it works', async () => {
    const worker = await installedWorker();
    worker.setNetwork(() => ok('fresh shell'));
    expect(await (await worker.fetch({ url: '/chats', mode: 'navigate' }))!.text()).toBe('fresh shell');
    expect(worker.requests.map((r) => new URL(r.url).pathname)).toEqual(['/chats']);
  });

  it('a navigation without network gets the cached app shell, for any path', async () => {
    const worker = await installedWorker();
    worker.setNetwork(offline);
    expect(await (await worker.fetch({ url: '/chats', mode: 'navigate' }))!.text()).toBe(SHELL_HTML);
    expect(await (await worker.fetch({ url: '/members/12', mode: 'navigate' }))!.text()).toBe(SHELL_HTML);
  });

  it('a proxy\'s 502, 503 or 504 (the app behind it is down) gets the cached app shell, like no network', async () => {
    const worker = await installedWorker();
    for (const status of [502, 503, 504]) {
      worker.setNetwork(() => Promise.resolve(new Response('<h1>Bad Gateway</h1>', { status })));
      const answer = (await worker.fetch({ url: '/chats', mode: 'navigate' }))!;
      expect([status, answer.status, await answer.text()]).toEqual([status, 200, SHELL_HTML]);
    }
  });

  it('any other server answer is passed on, errors too: the app\'s 404 and 500 are its own', async () => {
    const worker = await installedWorker();
    for (const status of [404, 500]) {
      worker.setNetwork(() => Promise.resolve(new Response(`status ${status}`, { status })));
      const answer = (await worker.fetch({ url: '/no-such-page', mode: 'navigate' }))!;
      expect([answer.status, await answer.text()]).toEqual([status, `status ${status}`]);
    }
  });

  it('a 502 without a cached shell is passed on as it is', async () => {
    const worker = loadWorker(MANIFEST);
    worker.setNetwork(() => Promise.resolve(new Response('bad gateway', { status: 502 })));
    expect((await worker.fetch({ url: '/chats', mode: 'navigate' }))!.status).toBe(502);
  });

  it('without network and without a cached shell, the navigation fails as it would without a worker', async () => {
    const worker = loadWorker(MANIFEST);
    worker.setNetwork(offline);
    await expect(worker.fetch({ url: '/chats', mode: 'navigate' })).rejects.toThrow('Failed to fetch');
  });

  it('a built asset comes from the cache without a request; one not cached from the network', async () => {
    const worker = await installedWorker();
    worker.setNetwork(offline);
    expect(await (await worker.fetch({ url: '/assets/de-Ef3.js' }))!.text()).toBe('file /assets/de-Ef3.js');
    expect(worker.requests).toEqual([]);
    worker.setNetwork(() => ok('newer'));
    expect(await (await worker.fetch({ url: '/assets/newer-Zz9.js' }))!.text()).toBe('newer');
  });

  it('API calls and socket.io polling are not answered by the worker at all', async () => {
    const worker = await installedWorker();
    expect(worker.fetch({ url: '/api/user.php' })).toBeNull();
    expect(worker.fetch({ url: '/api/messages.php', method: 'POST' })).toBeNull();
    expect(worker.fetch({ url: '/socket.io/?EIO=4&transport=polling' })).toBeNull();
    expect(worker.requests).toEqual([]);
  });
});

describe('sw-push.js version', () => {
  it('is the one the client registers (spec section 7: version 2)', () => {
    expect(WORKER_SOURCE).toMatch(new RegExp(`^const VERSION = ${PUSH_WORKER_VERSION};$`, 'm'));
    expect(PUSH_WORKER_VERSION).toBe(2);
  });
});

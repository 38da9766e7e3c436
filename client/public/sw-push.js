/* Push service worker, version 2 (spec section 7), registered by client/src/app/service-worker.ts.
   Push handling is a stub until the push-notifications release. What it does today is keep the app
   shell, so a member who opens the app with no network at all sees our "Can't connect" page (which
   retries by itself) instead of the browser's error page. See docs/decisions.md, "Offline start". */
const VERSION = 2;

// Written by the build (client/vite-plugins/shell-precache.ts): the root-relative URLs of the app
// shell (index.html, what it links to, every built chunk) and a hash of their contents. Left as it
// is here (unbuilt), the worker caches nothing and answers nothing from a cache.
const SHELL = { build: 'unbuilt', files: [] };

// One cache per build: a new deployment's worker fills its own and deletes the older ones.
const CACHE_PREFIX = 'amora-shell-';
const CACHE_NAME = `${CACHE_PREFIX}v${VERSION}-${SHELL.build}`;
const SHELL_URL = '/index.html';
// First path segments that are never answered from a cache, not even for a navigation.
const NETWORK_ONLY_SEGMENTS = ['api', 'socket.io', 'media', 'dev'];

/**
 * How the worker answers a request: 'network' leaves it untouched (no respondWith: the browser
 * fetches it as if there were no worker, so the app's own offline handling sees its failures),
 * 'shell' tries the network and falls back to the cached app shell only when the network fails,
 * 'cache' answers from the cache first (hashed /assets/ files never change; the other precached
 * files change only with a new build, which brings a new worker and cache).
 */
function strategyFor(request, origin, precachedPaths) {
  if (request.method !== 'GET') return 'network';
  const url = new URL(request.url);
  if (url.origin !== origin) return 'network';
  if (NETWORK_ONLY_SEGMENTS.includes(url.pathname.split('/')[1])) return 'network';
  if (request.mode === 'navigate') return 'shell';
  if (url.search === '' && (url.pathname.startsWith('/assets/') || precachedPaths.includes(url.pathname))) return 'cache';
  return 'network';
}

/** Caches of other builds of this shell; caches with other names (a later push release's) stay. */
function isOutdatedShellCache(name, currentName) {
  return name.startsWith(CACHE_PREFIX) && name !== currentName;
}

/** Hashed assets may come from the HTTP cache; the unhashed files (index.html, icons) are revalidated. */
function precacheRequest(path, base) {
  return new Request(new URL(path, base), { cache: path.startsWith('/assets/') ? 'default' : 'no-cache' });
}

/**
 * Whether an answer can be the file at `path`: a 200 of HTML for a script, a style sheet or an icon
 * is a captive portal's log-in page (hotel or train wifi asking for its terms), not ours. Kept, it
 * was that chunk for as long as the deployment lasted, since the cache answers first.
 */
function isShellFile(path, response) {
  if (!response.ok) return false;
  const type = response.headers.get('Content-Type') || '';
  return path.endsWith('.html') || !type.startsWith('text/html');
}

async function precacheShell() {
  // All or nothing: if one file fails the install fails, and the previous worker keeps serving.
  const requests = SHELL.files.map((path) => precacheRequest(path, self.location.origin));
  const responses = await Promise.all(requests.map((request) => fetch(request)));
  const wrong = SHELL.files.find((path, i) => !isShellFile(path, responses[i]));
  if (wrong) throw new TypeError(`precache: ${wrong} did not come from the app`);
  const cache = await caches.open(CACHE_NAME);
  try {
    await Promise.all(requests.map((request, i) => cache.put(request, responses[i])));
  } catch (error) {
    await caches.delete(CACHE_NAME);
    throw error;
  }
}

async function dropOutdatedCaches() {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => isOutdatedShellCache(name, CACHE_NAME)).map((name) => caches.delete(name)));
}

// No navigation preload, though it would save the worker's start-up time on a navigation: the
// browser sends the preload request for every navigation, also those the worker leaves to the
// network, which then go out a second time. A one-time link (/api/activate.php?token=...) would be
// used up by the first request and answer the member with its error page.
// Our server answers every navigation with the shell (200, or 404 for an unknown path). A 502,
// 503 or 504 is a load balancer or proxy saying the app behind it is down (a restart, a
// deployment): to the member that is no connection, and the cached shell's "Can't connect" page,
// which retries by itself, serves them better than the proxy's bare error page.
const GATEWAY_DOWN_STATUSES = [502, 503, 504];

async function cachedShell() {
  return caches.match(SHELL_URL, { cacheName: CACHE_NAME });
}

async function networkFirstShell(request) {
  let response;
  try {
    response = await fetch(request);
  } catch (networkError) {
    const shell = await cachedShell();
    if (shell) return shell;
    throw networkError;
  }
  if (!GATEWAY_DOWN_STATUSES.includes(response.status)) return response;
  return (await cachedShell()) ?? response;
}

async function cacheFirst(request) {
  const cached = await caches.match(request, { cacheName: CACHE_NAME });
  return cached ?? fetch(request);
}

self.addEventListener('install', (event) => {
  // A new deployment takes over at once instead of waiting for every tab to close.
  self.skipWaiting();
  event.waitUntil(precacheShell());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      await dropOutdatedCaches();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const strategy = strategyFor(event.request, self.location.origin, SHELL.files);
  if (strategy === 'shell') event.respondWith(networkFirstShell(event.request));
  else if (strategy === 'cache') event.respondWith(cacheFirst(event.request));
});

self.addEventListener('push', () => {
  // Notifications are shown by the push release; version kept for cache busting.
  void VERSION;
});

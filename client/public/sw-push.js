/* Push service worker, version 2 (spec section 7). A stub until the push-notifications release:
   the client does not register it yet. */
const VERSION = 2;

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('push', () => {
  // Notifications are shown by the push release; version kept for cache busting.
  void VERSION;
});

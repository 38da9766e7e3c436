/** The push worker's version (spec section 7); VERSION in client/public/sw-push.js says the same (a unit test checks). */
export const PUSH_WORKER_VERSION = 2;
/**
 * The spec names version 2 of /sw-push.js: the version in the registered URL shows which one a
 * browser runs (DevTools, access logs). The server ignores the query; the worker reads nothing from it.
 */
export const PUSH_WORKER_URL = `/sw-push.js?v=${PUSH_WORKER_VERSION}`;

/**
 * Registers the push worker, which also keeps the app shell so a start without any network shows
 * the "Can't connect" page. Production builds only: under the Vite dev server there is no built
 * shell to keep, and a worker there would only get in the way of reloading changed code. It waits
 * for the page's load event so the worker's precaching does not compete with the first render.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    // updateViaCache 'none': update checks always ask the server for the worker (it is also sent
    // with Cache-Control: no-cache). A refusal (private mode, an insecure origin) only means no
    // offline start; the app works as before.
    navigator.serviceWorker.register(PUSH_WORKER_URL, { updateViaCache: 'none' }).catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

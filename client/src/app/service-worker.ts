/** The push worker's version (spec section 7); VERSION in client/public/sw-push.js says the same (a unit test checks). */
export const PUSH_WORKER_VERSION = 2;
/**
 * The spec names version 2 of /sw-push.js: the version in the registered URL shows which one a
 * browser runs (DevTools, access logs). The server ignores the query; the worker reads nothing from it.
 */
export const PUSH_WORKER_URL = `/sw-push.js?v=${PUSH_WORKER_VERSION}`;

/**
 * Registration waits this long after the load event. A new worker's install downloads the whole
 * shell (~40 files): right after load it competed with what a start still fetches after the first
 * render (the chat's socket, its chunks, avatars), and opening a chat took 0.2-1 s longer to get
 * live on the e2e machine. Once installed, later visits pay nothing.
 */
export const REGISTER_AFTER_LOAD_MS = 5_000;

/**
 * Registers the push worker, which also keeps the app shell so a start without any network shows
 * the "Can't connect" page. Production builds only: under the Vite dev server there is no built
 * shell to keep, and a worker there would only get in the way of reloading changed code.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    // updateViaCache 'none': update checks always ask the server for the worker (it is also sent
    // with Cache-Control: no-cache). A refusal (private mode, an insecure origin) only means no
    // offline start; the app works as before.
    navigator.serviceWorker.register(PUSH_WORKER_URL, { updateViaCache: 'none' }).catch(() => undefined);
  };
  const registerLater = () => setTimeout(register, REGISTER_AFTER_LOAD_MS);
  if (document.readyState === 'complete') registerLater();
  else window.addEventListener('load', registerLater, { once: true });
}

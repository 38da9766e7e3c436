const STORAGE_KEY = 'chunk-reload-at';
const MIN_INTERVAL_MS = 60_000;

/** True for the errors browsers throw when a lazy chunk of an older deploy is gone. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Failed to fetch dynamically|error loading dynamically|Unable to preload CSS/i.test(message);
}

/**
 * Reloads the page to pick up the new deploy, at most once a minute (spec section 8), so a
 * chunk that is really broken cannot cause a reload loop. Returns whether it reloaded.
 */
export function reloadForChunkError(now = Date.now()): boolean {
  let last = 0;
  try {
    last = Number(sessionStorage.getItem(STORAGE_KEY) ?? 0);
    if (now - last < MIN_INTERVAL_MS) return false;
    sessionStorage.setItem(STORAGE_KEY, String(now));
  } catch {
    return false;
  }
  location.reload();
  return true;
}

export function installChunkReload(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadForChunkError()) event.preventDefault();
  });
}

/**
 * Loads a lazy chunk and hands it over, trying again with a growing pause after a failure (a
 * network blip as the page starts). Browsers fetch a failed dynamic import again on the next
 * try (Chromium 156 does, seen here). Returns the cancel function.
 */
export function loadWithRetry<T>(load: () => Promise<T>, use: (loaded: T) => void, firstPauseMs = 2_000, longestPauseMs = 60_000): () => void {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const attempt = (pauseMs: number) => {
    load().then(
      (loaded) => {
        if (!cancelled) use(loaded);
      },
      () => {
        if (!cancelled) timer = setTimeout(() => attempt(Math.min(pauseMs * 2, longestPauseMs)), pauseMs);
      },
    );
  };
  attempt(firstPauseMs);
  return () => {
    cancelled = true;
    clearTimeout(timer);
  };
}

import { useEffect } from 'react';
import { loadWithRetry } from './load-with-retry.js';

/**
 * Mount point of the realtime connection, rendered only while a member is logged in. The owner
 * (state/realtime.ts) is imported lazily so neither it nor socket.io-client weigh on the landing
 * page. The app icon's badge: AppBadgeSync.
 */
export function RealtimeBridge() {
  useEffect(() => {
    let stop: (() => void) | null = null;
    // Tried again when the chunk fails to load: without it the tab had no socket and no polling.
    const cancel = loadWithRetry(
      () => import('../state/realtime.js'),
      (realtime) => {
        stop = realtime.startRealtime();
      },
    );
    return () => {
      cancel();
      stop?.();
    };
  }, []);

  return null;
}

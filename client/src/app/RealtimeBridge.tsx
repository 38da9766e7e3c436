import { useEffect } from 'react';
import { countsAtom } from '../state/counts.js';
import { useAtomValue } from '../state/jotai.js';
import { loadWithRetry } from './load-with-retry.js';

interface BadgeNavigator {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
}

/**
 * Mount point of the realtime connection, rendered only while a member is logged in. The owner
 * (state/realtime.ts) is imported lazily so neither it nor socket.io-client weigh on the landing
 * page. Also mirrors the badge total onto the installed app's icon where the browser supports it.
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

  const badge = useAtomValue(countsAtom).badge;
  useEffect(() => {
    const nav = navigator as Navigator & BadgeNavigator;
    // Badge failures (unsupported, not installed, permission) are silently ignored (spec section 8).
    try {
      const pending = badge > 0 ? nav.setAppBadge?.(badge) : nav.clearAppBadge?.();
      pending?.catch(() => undefined);
    } catch {
      // ignored
    }
  }, [badge]);

  return null;
}

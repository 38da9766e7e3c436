import { useEffect } from 'react';
import { countsAtom } from '../state/counts.js';
import { useAtomValue } from '../state/jotai.js';
import { userAtom, userLoadedAtom } from '../state/user.js';

interface BadgeNavigator {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
}

/**
 * Mirrors the badge total onto the installed app's icon where the browser supports it, and clears
 * it once no member is logged in. The icon's badge outlives the page: mirrored only while a member
 * was logged in, it kept her unread count on a shared device after she logged out.
 */
export function AppBadgeSync() {
  const loaded = useAtomValue(userLoadedAtom);
  const member = useAtomValue(userAtom) !== null;
  const badge = useAtomValue(countsAtom).badge;
  const shown = member ? badge : 0;
  useEffect(() => {
    if (!loaded) return;
    const nav = navigator as Navigator & BadgeNavigator;
    // Badge failures (unsupported, not installed, permission) are silently ignored (spec section 8).
    try {
      const pending = shown > 0 ? nav.setAppBadge?.(shown) : nav.clearAppBadge?.();
      pending?.catch(() => undefined);
    } catch {
      // ignored
    }
  }, [loaded, shown]);
  return null;
}

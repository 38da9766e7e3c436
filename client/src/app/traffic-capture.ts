import { parseTrafficSource, searchWithoutCpc } from '@shared/rules/traffic-source.js';
import { TRACKING_STORAGE_KEY } from '../state/tracking.js';

/**
 * Stores the traffic source of the landing URL (spec section 5) and removes `cpc` from the
 * address bar, so the cost per click never ends up in shared or bookmarked links.
 */
export function captureTrafficSource(): void {
  const record = parseTrafficSource(location.search);
  if (record) {
    try {
      localStorage.setItem(TRACKING_STORAGE_KEY, JSON.stringify(record));
    } catch {
      // storage disabled: sign-up simply goes without a traffic source
    }
  }
  const search = searchWithoutCpc(location.search);
  if (search !== null) history.replaceState(history.state, '', `${location.pathname}${search}${location.hash}`);
}

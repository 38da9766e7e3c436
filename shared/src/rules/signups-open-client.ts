import { areSignupsOpen } from './signups-open.js';
import { parseTrafficSource, type TrackingRecord } from './traffic-source.js';

/**
 * Client view of spec section 5 on top of the shared server rule: the traffic source may be the
 * stored record or a network query parameter of the current address. The server decides for
 * real; the client uses this to show the invite-only notice up front.
 */
export function signupsOpenForVisitor(setting: string | null | undefined, stored: TrackingRecord | null, search = ''): boolean {
  if (setting === undefined || setting === null) return true;
  const source = stored?.network ? stored : parseTrafficSource(search);
  return areSignupsOpen(setting, source);
}

/** Query parameters that identify where a visitor came from (spec section 5). */
export const TRAFFIC_PARAMS = ['network', 'ref', 'sub', 'sub1', 'sub2', 'sub3', 'aff_sub', 'aff_sub1', 'aff_sub2', 'aff_sub3'] as const;
export type TrafficParam = (typeof TRAFFIC_PARAMS)[number];
export type TrackingRecord = Partial<Record<TrafficParam, string>>;

/**
 * Affiliate links often carry unreplaced macros like `{clickid}`: the braces are stripped. So are
 * control characters (`%07`, `%0A` in a link): sign-up refuses them in a traffic source
 * (api/text.ts lineText), and the member, who never typed the link, could not sign up at all.
 */
function clean(value: string): string {
  return cutWhole(value.replace(/[{}\p{Cc}]/gu, '').trim(), MAX_UNITS);
}

/** What sign-up takes of a tracking value (api/auth.ts `shortText`): 200 UTF-16 units. */
const MAX_UNITS = 200;

/**
 * The longest start of `value` of at most `max` UTF-16 units that ends between two characters.
 * A plain slice could end inside a surrogate pair (an emoji): its lone first half was stored and
 * sent with the sign-up, which refuses text that is not whole characters (api/text.ts), so the
 * member could not sign up. Cut on code points, still within the units sign-up counts.
 */
function cutWhole(value: string, max: number): string {
  if (value.length <= max) return value;
  const last = value.charCodeAt(max - 1);
  return last >= 0xd800 && last <= 0xdbff ? value.slice(0, max - 1) : value.slice(0, max);
}

/** The tracking record carried by a query string, or null when it carries none. */
export function parseTrafficSource(search: string): TrackingRecord | null {
  const params = new URLSearchParams(search);
  const record: TrackingRecord = {};
  for (const key of TRAFFIC_PARAMS) {
    const value = params.get(key);
    if (value === null) continue;
    const cleaned = clean(value);
    if (cleaned) record[key] = cleaned;
  }
  return Object.keys(record).length > 0 ? record : null;
}

/** The query string without the `cpc` parameter (removed from the address bar), or null if there was none. */
export function searchWithoutCpc(search: string): string | null {
  const params = new URLSearchParams(search);
  if (!params.has('cpc')) return null;
  params.delete('cpc');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** A visitor has a traffic source when a network is known (stored or in the query). */
export function hasTrafficSource(stored: TrackingRecord | null | undefined, search = ''): boolean {
  return !!stored?.network || !!new URLSearchParams(search).get('network');
}

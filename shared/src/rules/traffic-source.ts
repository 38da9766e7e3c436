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
  return value.replace(/[{}\p{Cc}]/gu, '').trim().slice(0, 200);
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

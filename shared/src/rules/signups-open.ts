/** A traffic source as captured from the landing URL (network, ref, sub ... query parameters). */
export interface TrafficSourceLike {
  network?: string | null;
}

/**
 * Whether this site takes new sign-ups (spec section 6): setting 'all' is open to everyone,
 * 'with_trafficsource' only to visitors who arrived with a traffic source naming a network,
 * anything else means invitation only.
 */
export function areSignupsOpen(setting: string, trafficSource?: TrafficSourceLike | null): boolean {
  if (setting === 'all') return true;
  if (setting === 'with_trafficsource') return Boolean(trafficSource?.network?.trim());
  return false;
}

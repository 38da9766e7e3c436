/**
 * The address of a site's pages for links in its mails. Built from the stored site row and
 * PUBLIC_URL, never from the request's Host header: a forged Host would otherwise put an
 * attacker's domain into a reset mail.
 */
import type { SiteRow } from '@db/schema/index.js';
import { normaliseHost } from '../../http/site.js';

/**
 * PUBLIC_URL itself for the site it names (domain or alias, so `www.` and a dev port stay as
 * configured); for every other site, PUBLIC_URL's scheme and port on that site's domain. One
 * deployment serves several white-label domains, and a member of the second must not be sent to
 * the first one's pages (where the link is refused anyway: tokens work on their own site only).
 */
export function siteBaseUrl(publicUrl: string, site: SiteRow): string {
  const url = new URL(publicUrl);
  const publicHost = normaliseHost(url.hostname);
  const names = [site.domain, ...site.aliases].map(normaliseHost);
  if (names.includes(publicHost)) return publicUrl;
  url.hostname = site.domain;
  return url.origin;
}

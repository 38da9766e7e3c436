/**
 * /manifest.webmanifest per site. The build writes one manifest naming the default brand; a
 * member who installs the app from a second site's domain would get an icon labelled with the
 * first site's name. So the server answers the built manifest with the name (and description) of
 * the site of the host asked. A host no site serves gets the built file as it is.
 */
import type { RequestHandler } from 'express';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { SiteRow } from '@db/schema/index.js';
import { homeScreenName } from './home-screen-name.js';
import type { SiteDirectory } from './site.js';

export const MANIFEST_PATH = '/manifest.webmanifest';

/**
 * The built manifest with the site's name, a short name a home screen shows whole
 * (home-screen-name.ts), and its description if it has one.
 */
export function manifestForSite(built: Record<string, unknown>, site: SiteRow): Record<string, unknown> {
  return { ...built, name: site.name, short_name: homeScreenName(site.name), ...(site.description ? { description: site.description } : {}) };
}

/**
 * Answers GET/HEAD /manifest.webmanifest for the host's site; passes everything else on (and the
 * manifest, too, when the build has none, so the static files answer as before). Comes before the
 * static files, which would send the build's compressed variant of the default manifest.
 */
export function siteManifest(clientDir: string, sites: SiteDirectory): RequestHandler {
  const file = resolve(clientDir, MANIFEST_PATH.slice(1));
  let built: Record<string, unknown> | undefined;
  return (req, res, next) => {
    if (req.path !== MANIFEST_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    const site = sites.find(req.hostname ?? '');
    if (!site || !existsSync(file)) return next();
    built ??= JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    // As the static files: an hour, then revalidated (a site's new name shows within the hour).
    res.type('application/manifest+json').setHeader('Cache-Control', 'public, max-age=3600');
    res.send(JSON.stringify(manifestForSite(built, site)));
  };
}

/**
 * The app shell (index.html) per site. The build writes one shell whose <title> and meta
 * description name the default brand; a search engine, a shared link's preview and the browser tab
 * before the app runs showed it on every domain. Each site gets the built shell with its own
 * index_title (or name) and description, compressed once like the build's variants.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { existsSync } from 'node:fs';
import type { SiteRow } from '@db/schema/index.js';
import { PRECOMPRESSED_ENCODINGS, type PrecompressedEncoding } from '@shared/precompressed.js';
import { escapeHtml } from '../modules/auth/mails/html-escape.js';
import { readPrecompressed, type PrecompressedBody } from './precompressed-static.js';

const TITLE = /<title>[^<]*<\/title>/;
const DESCRIPTION = /(<meta name="description" content=")[^"]*(")/;

const COMPRESS: Record<PrecompressedEncoding, (html: Buffer) => Buffer> = {
  br: (html) => brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }),
  gzip: (html) => gzipSync(html, { level: 9 }),
};

/** The shell's text with the site's title (index_title, else its name) and description (when it has one). */
export function shellForSite(html: string, site: SiteRow): string {
  const title = site.indexTitle || site.name;
  let page = html.replace(TITLE, () => `<title>${escapeHtml(title)}</title>`);
  if (site.description) page = page.replace(DESCRIPTION, (_, open: string, close: string) => `${open}${escapeHtml(site.description)}${close}`);
  return page;
}

/**
 * The shell for a request's site: the built one for a host no site serves, undefined while the
 * client is not built. One shell per site (a few KB each), made again when its title, name or
 * description changed (seen once the site list reloads); kept by those settings alone, every edit
 * left its old shell behind until a restart.
 */
export function siteShells(indexFile: string): (site: SiteRow | undefined) => PrecompressedBody | undefined {
  let built: PrecompressedBody | undefined;
  const bySite = new Map<number, { settings: string; shell: PrecompressedBody }>();
  return (site) => {
    if (!built) {
      if (!existsSync(indexFile)) return undefined;
      built = readPrecompressed(indexFile);
    }
    if (!site) return built;
    const settings = `${site.indexTitle}\n${site.name}\n${site.description}`;
    const kept = bySite.get(site.id);
    let shell = kept?.settings === settings ? kept.shell : undefined;
    if (!shell) {
      const identity = Buffer.from(shellForSite(built.identity.toString('utf8'), site));
      const variants: PrecompressedBody['variants'] = {};
      // The encodings the build wrote (none for a shell under 1 KB), so the answer negotiates alike.
      for (const encoding of PRECOMPRESSED_ENCODINGS) if (built.variants[encoding]) variants[encoding] = COMPRESS[encoding](identity);
      shell = { identity, variants };
      bySite.set(site.id, { settings, shell });
    }
    return shell;
  };
}

/**
 * The app shell (index.html) per site and language. The build writes one shell whose <title> and
 * meta description name the default brand; a search engine, a shared link's preview and the
 * browser tab before the app runs showed it on every domain. Each site gets the built shell with
 * its own index_title (or name) and description, compressed once like the build's variants.
 * It also starts in the language the client will choose (@shared/rules/start-language.ts): the
 * built `lang="en"` and English <noscript> text were all a browser without scripts (and a screen
 * reader or a translation prompt before the app ran) had, whatever the visitor's language.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { existsSync } from 'node:fs';
import type { SiteRow } from '@db/schema/index.js';
import type { Locale } from '@shared/constants.js';
import { PRECOMPRESSED_ENCODINGS, type PrecompressedEncoding } from '@shared/precompressed.js';
import { escapeHtml } from '../modules/auth/mails/html-escape.js';
import { NOSCRIPT_TEXT } from './noscript-text.js';
import { readPrecompressed, type PrecompressedBody } from './precompressed-static.js';

const TITLE = /<title>[^<]*<\/title>/;
const DESCRIPTION = /(<meta name="description" content=")[^"]*(")/;
const HTML_LANG = /(<html[^>]*\slang=")[^"]*(")/;
const NOSCRIPT = /<noscript>[^<]*<\/noscript>/;

const COMPRESS: Record<PrecompressedEncoding, (html: Buffer) => Buffer> = {
  br: (html) => brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }),
  gzip: (html) => gzipSync(html, { level: 9 }),
};

/**
 * The shell's text with the site's title (index_title, else its name) and description (when it
 * has one), in `locale`: its `lang` and <noscript> text.
 */
export function shellForSite(html: string, site: SiteRow, locale: Locale): string {
  const title = site.indexTitle || site.name;
  let page = html.replace(TITLE, () => `<title>${escapeHtml(title)}</title>`);
  if (site.description) page = page.replace(DESCRIPTION, (_, open: string, close: string) => `${open}${escapeHtml(site.description)}${close}`);
  page = page.replace(HTML_LANG, (_, open: string, close: string) => `${open}${locale}${close}`);
  return page.replace(NOSCRIPT, () => `<noscript>${escapeHtml(NOSCRIPT_TEXT[locale])}</noscript>`);
}

/**
 * The shell for a request's site in a language: the built one for a host no site serves, undefined
 * while the client is not built. One shell per site and language (a few KB each, made when first
 * asked for), made again when its title, name or description changed (seen once the site list
 * reloads); kept by those settings alone, every edit left its old shell behind until a restart.
 */
export function siteShells(indexFile: string): (site: SiteRow | undefined, locale: Locale) => PrecompressedBody | undefined {
  let built: PrecompressedBody | undefined;
  const bySiteAndLocale = new Map<string, { settings: string; shell: PrecompressedBody }>();
  return (site, locale) => {
    if (!built) {
      if (!existsSync(indexFile)) return undefined;
      built = readPrecompressed(indexFile);
    }
    if (!site) return built;
    const settings = `${site.indexTitle}\n${site.name}\n${site.description}`;
    const key = `${site.id} ${locale}`;
    const kept = bySiteAndLocale.get(key);
    let shell = kept?.settings === settings ? kept.shell : undefined;
    if (!shell) {
      const identity = Buffer.from(shellForSite(built.identity.toString('utf8'), site, locale));
      const variants: PrecompressedBody['variants'] = {};
      // The encodings the build wrote (none for a shell under 1 KB), so the answer negotiates alike.
      for (const encoding of PRECOMPRESSED_ENCODINGS) if (built.variants[encoding]) variants[encoding] = COMPRESS[encoding](identity);
      shell = { identity, variants };
      bySiteAndLocale.set(key, { settings, shell });
    }
    return shell;
  };
}

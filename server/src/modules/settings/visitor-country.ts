/**
 * Which country a visitor is in, without a GeoIP database (none ships offline): a country header
 * set by a trusted proxy or CDN (Cloudflare's CF-IPCountry, or X-Country-Code), else the region
 * of the browser's preferred language (nl-NL -> NL), else the site's first country.
 */
import type { Request } from 'express';

const COUNTRY_HEADERS = ['cf-ipcountry', 'x-country-code'] as const;
/** Cloudflare's "unknown" and "Tor" pseudo-countries. */
const NOT_A_COUNTRY = new Set(['XX', 'T1']);

function validCountry(value: string | undefined): string | undefined {
  const code = value?.trim().toUpperCase();
  return code && /^[A-Z]{2}$/.test(code) && !NOT_A_COUNTRY.has(code) ? code : undefined;
}

/** The region of the most preferred Accept-Language entry that names one ('de-AT;q=0.8' -> 'AT'). */
export function countryFromAcceptLanguage(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const entries = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((e) => e.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of entries) {
    // language[-script]-REGION; numeric regions (es-419) are not countries.
    const region = tag.split('-').slice(1).find((sub) => /^[A-Za-z]{2}$/.test(sub));
    const country = validCountry(region);
    if (country) return country;
  }
  return undefined;
}

/** True when the direct peer is a proxy we trust (config TRUST_PROXY), so its headers may be believed. */
function peerIsTrustedProxy(req: Request): boolean {
  const trust: unknown = req.app.get('trust proxy fn');
  const peer = req.socket.remoteAddress;
  return typeof trust === 'function' && peer !== undefined && Boolean(trust(peer, 0));
}

export interface VisitorCountry {
  geoipCountry: string;
  selectedCountry: string;
}

export function visitorCountry(req: Request, siteCountries: readonly string[]): VisitorCountry {
  const fallback = siteCountries[0] ?? '';
  const fromProxy = peerIsTrustedProxy(req) ? COUNTRY_HEADERS.map((h) => validCountry(req.get(h))).find(Boolean) : undefined;
  const geoipCountry = fromProxy ?? countryFromAcceptLanguage(req.get('accept-language')) ?? fallback;
  return { geoipCountry, selectedCountry: siteCountries.includes(geoipCountry) ? geoipCountry : fallback };
}

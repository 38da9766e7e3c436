/** Rules of the site-data endpoints: which site, which language, which regions. */
import type { SiteRow } from '@db/schema/index.js';
import type { Db } from '@db/client.js';
import type { AllRegionsDto, InterestDto, RegionListDto, SettingsDto } from '@shared/api/settings.js';
import { DEFAULT_LOCALE, type Locale } from '@shared/constants.js';
import { isLocale } from '@shared/rules/language-visibility.js';
import { languageCookieLocale } from '@shared/rules/start-language.js';
import { notFound } from '../../http/errors.js';
import type { AppContext } from '../../context.js';
import { findSiteByHost, listAllRegions, listInterests, regionsOfCountry, type RegionRow } from './queries.js';
import { presentInterest, presentRegionList, presentSettings } from './presenter.js';
import type { VisitorCountry } from './visitor-country.js';

/** The site of the request host, or the one named by `?domain=` (a white-label preview); unknown -> 404 unknown_site. */
export function resolveSite(db: Db, requestSite: SiteRow, forcedDomain: string | undefined): SiteRow {
  if (!forcedDomain) return requestSite;
  const site = findSiteByHost(db, forcedDomain);
  if (!site) throw notFound('unknown_site');
  return site;
}

export function siteSettings(ctx: AppContext, site: SiteRow, visitor: VisitorCountry): SettingsDto {
  const regionData = visitor.selectedCountry ? presentRegionList(visitor.selectedCountry, regionsOfCountry(ctx.db, visitor.selectedCountry)) : null;
  return presentSettings({ site, visitor, regionData, pushPublicKey: ctx.config.vapid.publicKey ?? '' });
}

/**
 * Language of interest labels: ?lang= if given, else the logged-in member's language, else the
 * visitor's language cookie (i18n_redirected), else English.
 */
export function labelLanguage(explicit: Locale | undefined, memberLanguage: string | undefined, cookieHeader: string | undefined): Locale {
  if (explicit) return explicit;
  if (isLocale(memberLanguage)) return memberLanguage;
  return languageCookieLocale(cookieHeader) ?? DEFAULT_LOCALE;
}

export function interestList(db: Db, language: Locale): InterestDto[] {
  return listInterests(db).map((row) => presentInterest(row, language));
}

/** Regions of one country (404 unknown_country when there are none). */
export function countryRegions(db: Db, country: string): RegionListDto {
  const list = presentRegionList(country, regionsOfCountry(db, country));
  if (!list) throw notFound('unknown_country');
  return list;
}

/** Every country's regions, the site's own countries first (in its order), then the rest by code. */
export function allCountryRegions(db: Db, siteCountries: readonly string[]): AllRegionsDto {
  const byCountry = new Map<string, RegionRow[]>();
  for (const row of listAllRegions(db)) byCountry.set(row.country, [...(byCountry.get(row.country) ?? []), row]);
  const rank = (c: string) => (siteCountries.includes(c) ? siteCountries.indexOf(c) : siteCountries.length);
  const countries = [...byCountry.keys()].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return { countries: countries.map((c) => presentRegionList(c, byCountry.get(c)!)!) };
}

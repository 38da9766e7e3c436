/** Rows -> the DTOs of shared/src/api/settings.ts. */
import type { SiteRow } from '@db/schema/index.js';
import type { CompanyDto, CompanyInfoDto, InterestDto, RegionListDto, SettingsDto } from '@shared/api/settings.js';
import type { Locale } from '@shared/constants.js';
import type { InterestRow, RegionRow } from './queries.js';
import type { VisitorCountry } from './visitor-country.js';

const collator = new Intl.Collator('en', { sensitivity: 'base' });

export function presentRegionList(country: string, rows: readonly RegionRow[]): RegionListDto | null {
  if (rows.length === 0) return null;
  return {
    country,
    kind: rows[0]!.kind as RegionListDto['kind'],
    regions: rows.map((r) => ({ code: r.code, name: r.name })).sort((a, b) => collator.compare(a.name, b.name)),
  } satisfies RegionListDto;
}

function presentCompany(site: SiteRow): CompanyDto {
  return {
    name: site.companyName,
    address: site.companyAddress,
    kvk: site.companyKvk,
    city: site.companyCity,
    country: site.companyCountry,
    tradenames: site.companyTradenames,
    vat_numbers: site.companyVatNumbers,
  } satisfies CompanyDto;
}

export function presentCompanyInfo(site: SiteRow): CompanyInfoDto {
  return { ...presentCompany(site), support_phone: site.supportPhone, delete_discount: site.deleteDiscount, added: site.addedDate } satisfies CompanyInfoDto;
}

export function presentInterest(row: InterestRow, language: Locale): InterestDto {
  return { id: row.id, slug: row.slug, icon: row.icon, label: row.labels[language] ?? row.labels.en ?? row.slug, labels: row.labels } satisfies InterestDto;
}

export interface SettingsInput {
  site: SiteRow;
  visitor: VisitorCountry;
  regionData: RegionListDto | null;
  pushPublicKey: string;
}

export function presentSettings({ site, visitor, regionData, pushPublicKey }: SettingsInput): SettingsDto {
  return {
    name: site.name,
    domain: site.domain,
    domain_language: site.domainLanguage,
    cdn_prefix: site.cdnPrefix,
    countries: site.countries,
    index_title: site.indexTitle,
    description: site.description,
    visible_profile_fields: site.visibleProfileFields,
    visible_profile_notes: site.visibleProfileNotes,
    geoip_country: visitor.geoipCountry,
    geoip_selected_country: visitor.selectedCountry,
    region_data: regionData,
    message_credits: site.messageCredits,
    signup_credits: site.signupCredits,
    photo_credits: site.photoCredits,
    gift_credits: site.giftCredits,
    message_length: site.messageLength,
    minimum_message_costs: site.minimumMessageCosts,
    support_email: site.supportEmail,
    support_phone: site.supportPhone,
    company: presentCompany(site),
    added: site.addedDate,
    delete_discount: site.deleteDiscount,
    enable_site_entry_popup: site.enableSiteEntryPopup,
    push_public_key: pushPublicKey,
    search_fields: site.searchFields,
    fictional_warning: site.fictionalWarning,
    fictional_singular: site.fictionalSingular,
    fictional_plural: site.fictionalPlural,
    refund_days: site.refundDays,
    signups: site.signups,
    logged_out_search: site.loggedOutSearch,
    logged_out_search_trafficsource: site.loggedOutSearchTrafficsource,
    interests: site.interests,
    member_resell: site.memberResell,
  } satisfies SettingsDto;
}

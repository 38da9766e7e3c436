/** Site data endpoints: GET /api/settings.php, /api/companyinfo.php, /api/interests.php, /api/regions.php. */
import { z } from 'zod';
import { LOCALES } from '../constants.js';

export interface RegionDto {
  /** ISO 3166-2 suffix (NL-NH -> 'NH'); GB uses ITL1 codes (TLC..TLN) */
  code: string;
  name: string;
}

/** The regions of one country and what they are called there. */
export interface RegionListDto {
  country: string;
  kind: 'province' | 'state' | 'canton' | 'region' | 'voivodeship' | 'county';
  regions: RegionDto[];
}

/** GET /api/regions.php without ?country */
export interface AllRegionsDto {
  countries: RegionListDto[];
}

export interface CompanyDto {
  name: string;
  address: string;
  kvk: string;
  city: string;
  /** ISO 3166-1 alpha-2 code; on a site that stored it before the seed used codes, an English name */
  country: string;
  tradenames: string[];
  vat_numbers: string[];
}

/** GET /api/companyinfo.php */
export interface CompanyInfoDto extends CompanyDto {
  support_phone: string;
  /** percentage offered to a member who is about to delete the account */
  delete_discount: number;
  /** YYYY-MM-DD the site was added; feeds the terms version date */
  added: string;
}

/** GET /api/settings.php: the site-wide settings of spec section 3, keys as the spec names them. */
export interface SettingsDto {
  name: string;
  domain: string;
  domain_language: string;
  cdn_prefix: string;
  countries: string[];
  index_title: string;
  description: string;
  visible_profile_fields: string[];
  visible_profile_notes: string[];
  /** visitor country: trusted proxy header, else Accept-Language region, else the site's first country */
  geoip_country: string;
  /** geoip_country when the site serves it, else the site's first country */
  geoip_selected_country: string;
  /** regions of geoip_selected_country */
  region_data: RegionListDto | null;
  message_credits: number;
  signup_credits: number;
  photo_credits: number;
  gift_credits: number;
  message_length: number;
  /** country -> cheapest message price in minor units of its currency */
  minimum_message_costs: Record<string, { costs: number; currency: string }>;
  support_email: string;
  support_phone: string;
  company: CompanyDto;
  added: string;
  delete_discount: number;
  enable_site_entry_popup: string;
  push_public_key: string;
  search_fields: string[];
  fictional_warning: string;
  fictional_singular: string;
  fictional_plural: string;
  refund_days: number;
  /** 'all' | 'with_trafficsource' | anything else = invitation only */
  signups: string;
  logged_out_search: string;
  logged_out_search_trafficsource: string;
  interests: string;
  member_resell: string;
}

/** GET /api/interests.php entries */
export interface InterestDto {
  id: number;
  slug: string;
  icon: string;
  /** label in the requested (or the member's) language */
  label: string;
  labels: Record<string, string>;
}

const hostName = z.string().trim().min(1).max(253);

/** Query of /api/settings.php and /api/companyinfo.php; other (route) parameters are ignored. */
export const siteQuery = z.object({ domain: hostName.optional() });

export const interestsQuery = z.object({ lang: z.enum(LOCALES).optional() });

export const regionsQuery = z.object({
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .transform((c) => c.toUpperCase())
    .optional(),
});

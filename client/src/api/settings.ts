import { api } from './http.js';

/**
 * The part of GET /api/settings.php (spec section 3) the shell reads. Fields are optional where
 * the shell has a sensible default, so that a partly filled site never breaks the page.
 */
export interface SiteSettings {
  name: string;
  domain: string;
  domain_language: string;
  cdn_prefix?: string;
  countries?: string[];
  index_title?: string;
  description?: string;
  geoip_country?: string;
  geoip_selected_country?: string;
  support_email?: string;
  support_phone?: string;
  enable_site_entry_popup?: string;
  /** countries the site-entry warning is limited to (absent = everywhere) */
  site_entry_countries?: string[] | null;
  fictional_warning?: string;
  refund_days?: number;
  signups?: string;
  [other: string]: unknown;
}

export interface CompanyInfo {
  name: string;
  address: string;
  kvk: string;
  city: string;
  country: string;
  tradenames: string | string[];
  vat_numbers: string | string[];
  support_phone: string;
  delete_discount?: number | string;
  added: string;
}

export const fetchSettings = () => api<SiteSettings>('/api/settings.php', { query: { domain: location.hostname } });

let companyInfo: Promise<CompanyInfo> | null = null;
/** Loaded once and cached (spec section 7). */
export function fetchCompanyInfo(): Promise<CompanyInfo> {
  companyInfo ??= api<CompanyInfo>('/api/companyinfo.php').catch((error: unknown) => {
    companyInfo = null;
    throw error;
  });
  return companyInfo;
}

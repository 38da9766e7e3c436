import type { CompanyInfoDto, SettingsDto } from '@shared/api/settings.js';
import { ApiError, api } from './http.js';

/** GET /api/settings.php, plus the optional list of countries the site-entry warning is limited to. */
export type SiteSettings = SettingsDto & { site_entry_countries?: string[] | null };
export type CompanyInfo = CompanyInfoDto;

/** Settings for this host (spec: forced domain from the request host); an unknown alias falls back to the Host header. */
export async function fetchSettings(options: { retries?: number; within?: number } = {}): Promise<SiteSettings> {
  try {
    return await api<SiteSettings>('/api/settings.php', { query: { domain: location.hostname }, ...options });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return api<SiteSettings>('/api/settings.php', options);
    throw error;
  }
}

let companyInfo: Promise<CompanyInfo> | null = null;
/** Loaded once and cached (spec section 7). */
export function fetchCompanyInfo(): Promise<CompanyInfo> {
  companyInfo ??= api<CompanyInfo>('/api/companyinfo.php').catch((error: unknown) => {
    companyInfo = null;
    throw error;
  });
  return companyInfo;
}

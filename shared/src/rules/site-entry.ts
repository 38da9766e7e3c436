export interface SiteEntryInput {
  /** running as an installed app (display-mode standalone) */
  standalone: boolean;
  /** a dismissal timestamp is stored under skipped-site-entry-warning */
  dismissed: boolean;
  /** settings.enable_site_entry_popup */
  enableSetting: string | null | undefined;
  loggedIn: boolean;
  /** countries the warning is limited to; empty or absent = everywhere */
  countries?: readonly string[] | null;
  /** settings.geoip_selected_country */
  selectedCountry: string | null | undefined;
}

/** The five conditions of spec section 2 under which the site-entry warning modal shows. */
export function shouldShowSiteEntryWarning(input: SiteEntryInput): boolean {
  if (input.standalone || input.dismissed || input.loggedIn) return false;
  if (input.enableSetting === 'no') return false;
  if (!input.countries || input.countries.length === 0) return true;
  return !!input.selectedCountry && input.countries.includes(input.selectedCountry.toUpperCase());
}

/** The chat layout shows the entry warning only to visitors from these countries. */
export const CHAT_ENTRY_WARNING_COUNTRIES = ['NL', 'DE'] as const;

import { TERMS_VERSION_DATE } from '../constants.js';

/**
 * The version date shown on the terms page: 2023-12-01 12:00 UTC, or the site's (company's)
 * added date if that is later. `added` is YYYY-MM-DD (read as UTC midnight) or a full ISO
 * timestamp; a missing or unreadable value falls back to the fixed date.
 */
export function termsVersionDate(added: string | null | undefined): Date {
  const base = new Date(TERMS_VERSION_DATE);
  if (!added) return base;
  const parsed = new Date(/^\d{4}-\d{2}-\d{2}$/.test(added) ? `${added}T00:00:00Z` : added);
  return Number.isNaN(parsed.getTime()) || parsed <= base ? base : parsed;
}

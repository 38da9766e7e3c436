import { sqliteTable, integer, text } from 'drizzle-orm/sqlite-core';

/** One white-label site per domain: every site-wide setting of spec section 3 plus company info. */
export const sites = sqliteTable('sites', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  domain: text('domain').notNull().unique(),
  /** Extra host names that resolve to this site (www., staging hosts). */
  aliases: text('aliases', { mode: 'json' }).$type<string[]>().notNull().default([]),
  name: text('name').notNull(),
  domainLanguage: text('domain_language').notNull().default('en_US'),
  cdnPrefix: text('cdn_prefix').notNull().default('/media/'),
  countries: text('countries', { mode: 'json' }).$type<string[]>().notNull().default([]),
  indexTitle: text('index_title').notNull().default(''),
  description: text('description').notNull().default(''),
  visibleProfileFields: text('visible_profile_fields', { mode: 'json' }).$type<string[]>().notNull().default([]),
  visibleProfileNotes: text('visible_profile_notes', { mode: 'json' }).$type<string[]>().notNull().default([]),
  messageCredits: integer('message_credits').notNull().default(1),
  signupCredits: integer('signup_credits').notNull().default(0),
  photoCredits: integer('photo_credits').notNull().default(1),
  giftCredits: integer('gift_credits').notNull().default(5),
  messageLength: integer('message_length').notNull().default(1000),
  /** country code -> { costs (minor units), currency (ISO 4217) } */
  minimumMessageCosts: text('minimum_message_costs', { mode: 'json' })
    .$type<Record<string, { costs: number; currency: string }>>()
    .notNull()
    .default({}),
  supportEmail: text('support_email').notNull().default(''),
  supportPhone: text('support_phone').notNull().default(''),
  companyName: text('company_name').notNull().default(''),
  companyAddress: text('company_address').notNull().default(''),
  companyKvk: text('company_kvk').notNull().default(''),
  companyCity: text('company_city').notNull().default(''),
  /**
   * ISO 3166-1 alpha-2 code ("NL"), shown in the reader's language. An English name ("Netherlands",
   * as sites stored it before) is still understood; other text is shown as stored.
   */
  companyCountry: text('company_country').notNull().default(''),
  companyTradenames: text('company_tradenames', { mode: 'json' }).$type<string[]>().notNull().default([]),
  companyVatNumbers: text('company_vat_numbers', { mode: 'json' }).$type<string[]>().notNull().default([]),
  /** Date the company/site was added (YYYY-MM-DD); feeds the terms version date rule. */
  addedDate: text('added_date').notNull().default('2023-01-01'),
  deleteDiscount: integer('delete_discount').notNull().default(0),
  enableSiteEntryPopup: text('enable_site_entry_popup').notNull().default('yes'),
  searchFields: text('search_fields', { mode: 'json' }).$type<string[]>().notNull().default([]),
  fictionalWarning: text('fictional_warning').notNull().default(''),
  fictionalSingular: text('fictional_singular').notNull().default(''),
  fictionalPlural: text('fictional_plural').notNull().default(''),
  refundDays: integer('refund_days').notNull().default(14),
  /** 'all' | 'with_trafficsource' | anything else = invite only */
  signups: text('signups').notNull().default('all'),
  loggedOutSearch: text('logged_out_search').notNull().default('none'),
  loggedOutSearchTrafficsource: text('logged_out_search_trafficsource').notNull().default('none'),
  interests: text('interests').notNull().default('yes'),
  memberResell: text('member_resell').notNull().default('no'),
});

export type SiteRow = typeof sites.$inferSelect;

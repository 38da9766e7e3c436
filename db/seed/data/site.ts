/**
 * The demo site: every settings column of spec section 3 at a realistic value. The company is
 * fictitious (Amora Media B.V. does not exist; the KvK and VAT numbers are made up but
 * well-formed).
 */
import { COUNTRIES } from '@shared/constants.js';
import type { sites } from '../../schema/index.js';

/** Lowest price of one message per country, in minor units of the country's currency. */
const MINIMUM_MESSAGE_COSTS: Record<string, { costs: number; currency: string }> = {
  US: { costs: 129, currency: 'USD' },
  NL: { costs: 119, currency: 'EUR' },
  BE: { costs: 119, currency: 'EUR' },
  FR: { costs: 119, currency: 'EUR' },
  IT: { costs: 119, currency: 'EUR' },
  ES: { costs: 109, currency: 'EUR' },
  DE: { costs: 119, currency: 'EUR' },
  AT: { costs: 119, currency: 'EUR' },
  IE: { costs: 119, currency: 'EUR' },
  GB: { costs: 99, currency: 'GBP' },
  CA: { costs: 169, currency: 'CAD' },
  PL: { costs: 499, currency: 'PLN' },
  AU: { costs: 189, currency: 'AUD' },
  NZ: { costs: 199, currency: 'NZD' },
  CH: { costs: 119, currency: 'CHF' },
};

export const DEMO_SITE = {
  domain: 'localhost',
  aliases: ['127.0.0.1', '[::1]'],
  name: 'Amora',
  domainLanguage: 'en_US',
  cdnPrefix: '/media/',
  countries: [...COUNTRIES],
  indexTitle: 'Amora: meet singles near you and start chatting today',
  description:
    'Amora is the dating site for adults who want real conversations. Create your free profile, find singles in your region and chat in a safe, friendly community.',
  visibleProfileFields: ['age', 'country', 'region', 'city', 'relationship_status', 'body_type', 'hair_color', 'eye_color', 'tattoos', 'signup_reason', 'interests'],
  visibleProfileNotes: ['about'],
  messageCredits: 1,
  signupCredits: 5,
  photoCredits: 1,
  giftCredits: 5,
  messageLength: 1000,
  minimumMessageCosts: MINIMUM_MESSAGE_COSTS,
  supportEmail: 'support@amora.test',
  supportPhone: '+31 20-808 12 34',
  companyName: 'Amora Media B.V.',
  companyAddress: 'Keizersgracht 482',
  companyKvk: '81234567',
  companyCity: '1017 EG Amsterdam',
  companyCountry: 'NL',
  companyTradenames: ['Amora', 'Amora Dating', 'Amora Chat'],
  companyVatNumbers: ['NL862345671B01'],
  addedDate: '2024-03-18',
  deleteDiscount: 50,
  enableSiteEntryPopup: 'yes',
  searchFields: ['gender', 'country', 'countryregion', 'min_age', 'max_age'],
  fictionalWarning:
    'Some profiles on this website are fictional and are operated by professional chat hosts for entertainment. Physical meetings with these profiles are not possible. Profiles marked with the icon are fictional.',
  fictionalSingular: 'fictional profile',
  fictionalPlural: 'fictional profiles',
  refundDays: 14,
  signups: 'all',
  loggedOutSearch: 'none',
  loggedOutSearchTrafficsource: 'all',
  interests: 'yes',
  memberResell: 'no',
} satisfies typeof sites.$inferInsert;

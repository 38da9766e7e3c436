import { describe, expect, it } from 'vitest';
import { badgeText, creditsBadgeTone } from './badges.js';
import { showBackButton } from './back-button.js';
import { pageTitle } from './page-title.js';
import { shouldShowSiteEntryWarning, type SiteEntryInput } from './site-entry.js';
import { localeFromTag, visibleLanguages } from './language-visibility.js';
import { trafficSourceSchema } from '../api/auth.js';
import { isWellFormedText } from '../api/text.js';
import { hasTrafficSource, parseTrafficSource, searchWithoutCpc } from './traffic-source.js';
import { signupsOpenForVisitor } from './signups-open-client.js';
import { formatCountdown, timeBonusSecondsLeft } from './time-bonus.js';

describe('badges', () => {
  it('hides zero and negative counts', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(-3)).toBeNull();
  });
  it('shows counts up to 99 and caps above at 99+', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(12345)).toBe('99+');
  });
  it('credits badge: none above 10, warning 1..10, danger at 0', () => {
    expect(creditsBadgeTone(11)).toBeNull();
    expect(creditsBadgeTone(10)).toBe('warning');
    expect(creditsBadgeTone(1)).toBe('warning');
    expect(creditsBadgeTone(0)).toBe('danger');
  });
});

describe('back button', () => {
  const base = { standalone: true, historyLength: 2, route: 'members-id' as const };
  it('shows on listed routes in the installed app with history', () => {
    for (const route of ['members-id', 'likes-type', 'likes-m-id', 'credits', 'credits-id-paymentmethod'] as const) {
      expect(showBackButton({ ...base, route })).toBe(true);
    }
  });
  it('hides in the browser, without history or on other routes', () => {
    expect(showBackButton({ ...base, standalone: false })).toBe(false);
    expect(showBackButton({ ...base, historyLength: 1 })).toBe(false);
    expect(showBackButton({ ...base, route: 'members' })).toBe(false);
    expect(showBackButton({ ...base, route: null })).toBe(false);
  });
});

describe('page title', () => {
  it('prefixes the sum of unread messages and new likes', () => {
    expect(pageTitle('Amora', 3, 2)).toBe('(5) Amora');
    expect(pageTitle('Amora', 0, 1)).toBe('(1) Amora');
  });
  it('leaves the title alone at zero', () => {
    expect(pageTitle('Amora', 0, 0)).toBe('Amora');
  });
});

describe('site-entry warning', () => {
  const visible: SiteEntryInput = { standalone: false, dismissed: false, enableSetting: 'yes', loggedIn: false, countries: null, selectedCountry: 'NL' };
  it('shows when all five conditions hold', () => {
    expect(shouldShowSiteEntryWarning(visible)).toBe(true);
    expect(shouldShowSiteEntryWarning({ ...visible, countries: [] })).toBe(true);
    expect(shouldShowSiteEntryWarning({ ...visible, countries: ['NL', 'DE'] })).toBe(true);
    expect(shouldShowSiteEntryWarning({ ...visible, enableSetting: undefined })).toBe(true);
  });
  it('hides when any condition fails', () => {
    expect(shouldShowSiteEntryWarning({ ...visible, standalone: true })).toBe(false);
    expect(shouldShowSiteEntryWarning({ ...visible, dismissed: true })).toBe(false);
    expect(shouldShowSiteEntryWarning({ ...visible, enableSetting: 'no' })).toBe(false);
    expect(shouldShowSiteEntryWarning({ ...visible, loggedIn: true })).toBe(false);
    expect(shouldShowSiteEntryWarning({ ...visible, countries: ['DE'] })).toBe(false);
    expect(shouldShowSiteEntryWarning({ ...visible, countries: ['DE'], selectedCountry: null })).toBe(false);
  });
});

describe('language visibility', () => {
  it('offers the languages of the country plus the current one', () => {
    expect(visibleLanguages('BE', 'en')).toEqual(['en', 'de', 'fr', 'nl']);
    expect(visibleLanguages('NL', 'nl')).toEqual(['nl']);
    expect(visibleLanguages('CH', 'de')).toEqual(['en', 'de', 'fr', 'it']);
  });
  it('adds the browser language when supported, ignores unsupported ones', () => {
    expect(visibleLanguages('PL', 'pl', 'de-AT')).toEqual(['de', 'pl']);
    expect(visibleLanguages('PL', 'pl', 'ja-JP')).toEqual(['pl']);
  });
  it('unknown country: current and browser language only', () => {
    expect(visibleLanguages('JP', 'en', 'fr')).toEqual(['en', 'fr']);
    expect(visibleLanguages(null, 'it')).toEqual(['it']);
  });
  it('reads locales from tags', () => {
    expect(localeFromTag('en_US')).toBe('en');
    expect(localeFromTag('NL-be')).toBe('nl');
    expect(localeFromTag('pt_BR')).toBeNull();
    expect(localeFromTag('')).toBeNull();
  });
});

describe('traffic source', () => {
  it('stores every known parameter and strips braces', () => {
    expect(parseTrafficSource('?network=ads{1}&ref={clickid}&sub1=a&aff_sub3=z&other=x')).toEqual({ network: 'ads1', ref: 'clickid', sub1: 'a', aff_sub3: 'z' });
  });
  it('drops control characters from a landing link, which the sign-up would refuse (the member could not sign up)', () => {
    expect(parseTrafficSource('?network=ad%07net&sub1=%1B%5B31mred&ref=a%0Ab')).toEqual({ network: 'adnet', sub1: '[31mred', ref: 'ab' });
    expect(parseTrafficSource('?network=%00%7F')).toBeNull();
  });
  it('cuts a long value at 200 UTF-16 units between characters, never inside an emoji, so the sign-up takes it', () => {
    const emoji = '\u{1F600}'; // two UTF-16 units
    const across = parseTrafficSource(`?network=${'a'.repeat(199)}${encodeURIComponent(emoji)}b&ref=${encodeURIComponent(emoji.repeat(150))}`)!;
    // the emoji straddling unit 200 is left out whole, not cut to its first half
    expect(across.network).toBe('a'.repeat(199));
    expect(across.ref).toBe(emoji.repeat(100));
    for (const value of Object.values(across)) expect(isWellFormedText(value)).toBe(true);
    expect(trafficSourceSchema.safeParse(across).success).toBe(true);
    expect(parseTrafficSource(`?sub=${'c'.repeat(250)}`)).toEqual({ sub: 'c'.repeat(200) });
  });
  it('returns null without traffic parameters or with only empty macros', () => {
    expect(parseTrafficSource('?foo=1')).toBeNull();
    expect(parseTrafficSource('?network={}')).toBeNull();
  });
  it('removes cpc from the query and keeps the rest', () => {
    expect(searchWithoutCpc('?network=n&cpc=0.12&ref=r')).toBe('?network=n&ref=r');
    expect(searchWithoutCpc('?cpc=1')).toBe('');
    expect(searchWithoutCpc('?network=n')).toBeNull();
  });
  it('knows a traffic source from the stored record or the query', () => {
    expect(hasTrafficSource({ network: 'n' })).toBe(true);
    expect(hasTrafficSource(null, '?network=x')).toBe(true);
    expect(hasTrafficSource({ ref: 'r' }, '?ref=x')).toBe(false);
  });
  it('signups open: all, with traffic source only with one, closed otherwise', () => {
    expect(signupsOpenForVisitor('all', null)).toBe(true);
    expect(signupsOpenForVisitor('with_trafficsource', null)).toBe(false);
    expect(signupsOpenForVisitor('with_trafficsource', { network: 'n' })).toBe(true);
    expect(signupsOpenForVisitor('with_trafficsource', null, '?network=n')).toBe(true);
    expect(signupsOpenForVisitor('other', { network: 'n' })).toBe(false);
  });
});

describe('time bonus', () => {
  const signup = '2025-01-01T10:00:00Z';
  const at = (iso: string) => Date.parse(iso);
  it('counts down 4 hours from sign-up for unpaid members', () => {
    expect(timeBonusSecondsLeft({ loggedIn: true, paidUser: false, signupDate: signup, nowMs: at('2025-01-01T10:00:00Z') })).toBe(14400);
    expect(timeBonusSecondsLeft({ loggedIn: true, paidUser: false, signupDate: signup, nowMs: at('2025-01-01T13:59:59Z') })).toBe(1);
    expect(timeBonusSecondsLeft({ loggedIn: true, paidUser: false, signupDate: signup, nowMs: at('2025-01-01T14:00:00Z') })).toBe(0);
  });
  it('does not apply to paid or logged-out members', () => {
    expect(timeBonusSecondsLeft({ loggedIn: true, paidUser: true, signupDate: signup, nowMs: at(signup) })).toBe(0);
    expect(timeBonusSecondsLeft({ loggedIn: false, paidUser: false, signupDate: signup, nowMs: at(signup) })).toBe(0);
  });
  it('formats hh:mm:ss', () => {
    expect(formatCountdown(14400)).toBe('04:00:00');
    expect(formatCountdown(3725)).toBe('01:02:05');
  });
});

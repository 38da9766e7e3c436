import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '@db/client.js';
import { sites } from '@db/schema/index.js';
import { seedIfEmpty } from '@db/seed/seed.js';
import { DEMO_ACCOUNTS } from '@db/seed/demo-accounts.js';
import { REGIONS } from '@db/seed/data/regions.js';
import { COUNTRIES, LOCALES } from '@shared/constants.js';
import type { SettingsDto } from '@shared/api/settings.js';
import { startTestServer, tempDir, TestClient, type TestServer } from '../../test/harness.js';
import { countryFromAcceptLanguage } from './visitor-country.js';

const SETTINGS_KEYS: Array<keyof SettingsDto> = [
  'name', 'domain', 'domain_language', 'cdn_prefix', 'countries', 'index_title', 'description', 'visible_profile_fields',
  'visible_profile_notes', 'geoip_country', 'geoip_selected_country', 'region_data', 'message_credits', 'signup_credits',
  'photo_credits', 'gift_credits', 'message_length', 'minimum_message_costs', 'support_email', 'support_phone', 'company',
  'added', 'delete_discount', 'enable_site_entry_popup', 'push_public_key', 'search_fields', 'fictional_warning',
  'fictional_singular', 'fictional_plural', 'refund_days', 'signups', 'logged_out_search', 'logged_out_search_trafficsource',
  'interests', 'member_resell',
];

/** A server on a freshly seeded database (no generated members: site data is what these tests read). */
async function seededServer(env: Record<string, string> = {}): Promise<{ server: TestServer; db: Db }> {
  const dir = tempDir('settings-test-');
  const db = openDb(join(dir, 'app.db'));
  await seedIfEmpty(db, { members: 0, seed: 1, uploadsDir: join(dir, 'uploads'), now: Date.now() });
  const server = await startTestServer({ DATA_DIR: dir, ...env }, { db });
  const destroy = server.destroy;
  server.destroy = async () => {
    await destroy();
    rmSync(dir, { recursive: true, force: true });
  };
  return { server, db };
}

let server: TestServer;
let db: Db;
let client: TestClient;

beforeAll(async () => {
  ({ server, db } = await seededServer());
  db.insert(sites).values({ domain: 'dating.example', aliases: ['flirt.example'], name: 'Other Site', countries: ['DE', 'AT'], companyName: 'Other GmbH' }).run();
  client = new TestClient(server.url);
});
afterAll(async () => {
  await server.destroy();
});

describe('GET /api/settings.php', () => {
  it('answers every setting of the spec with the seeded values', async () => {
    const res = await client.get('/api/settings.php');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([...SETTINGS_KEYS].sort());
    const s = res.body as SettingsDto;
    expect(s).toMatchObject({
      name: 'Amora', domain: 'localhost', domain_language: 'en_US', cdn_prefix: '/media/', countries: COUNTRIES,
      message_credits: 1, gift_credits: 5, signup_credits: 5, photo_credits: 1, message_length: 1000, refund_days: 14,
      signups: 'all', enable_site_entry_popup: 'yes', support_phone: '+31 20-808 12 34', push_public_key: '',
    });
    expect(s.company).toEqual({
      name: 'Amora Media B.V.', address: 'Keizersgracht 482', kvk: '81234567', city: '1017 EG Amsterdam', country: 'NL',
      tradenames: ['Amora', 'Amora Dating', 'Amora Chat'], vat_numbers: ['NL862345671B01'],
    });
    expect(s.added).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const country of COUNTRIES) expect(s.minimum_message_costs[country]).toEqual({ costs: expect.any(Number), currency: expect.stringMatching(/^[A-Z]{3}$/) });
    expect(s.minimum_message_costs.GB!.currency).toBe('GBP');
    expect(s.minimum_message_costs.PL!.currency).toBe('PLN');
    for (const text of [s.index_title, s.description, s.fictional_warning, s.fictional_singular, s.fictional_plural, s.support_email]) expect(text).toMatch(/\S/);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('serves another known site when forced with ?domain= (route query parameters are ignored)', async () => {
    for (const domain of ['dating.example', 'flirt.example', 'WWW.Dating.Example:8080']) {
      const res = await client.get(`/api/settings.php?domain=${encodeURIComponent(domain)}&network=abc&sub1=x`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ name: 'Other Site', domain: 'dating.example', countries: ['DE', 'AT'], geoip_selected_country: 'DE' });
      expect(res.body.company.name).toBe('Other GmbH');
    }
  });

  it('answers 404 unknown_site for a domain no site serves, and 400 for a malformed one', async () => {
    const unknown = await client.get('/api/settings.php?domain=nobody.example');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: 'unknown_site', message: 'Unknown website' });
    for (const query of ['domain=', 'domain=a&domain=b', `domain=${'x'.repeat(300)}`]) {
      const bad = await client.get(`/api/settings.php?${query}`);
      expect(bad.status, query).toBe(400);
      expect(bad.body).toMatchObject({ error: 'invalid_request', fields: { domain: 'invalid_request' } });
    }
  });

  it('takes the visitor country from a trusted proxy header, with the regions of that country', async () => {
    const cf = await client.get('/api/settings.php', { 'CF-IPCountry': 'DE', 'Accept-Language': 'nl-NL' });
    expect(cf.body).toMatchObject({ geoip_country: 'DE', geoip_selected_country: 'DE' });
    expect(cf.body.region_data).toMatchObject({ country: 'DE', kind: 'state' });
    expect(cf.body.region_data.regions).toHaveLength(16);
    expect(cf.body.region_data.regions).toContainEqual({ code: 'BY', name: 'Bayern' });

    const xcc = await client.get('/api/settings.php', { 'X-Country-Code': 'ch' });
    expect(xcc.body).toMatchObject({ geoip_country: 'CH', geoip_selected_country: 'CH', region_data: { kind: 'canton' } });
  });

  it('falls back to the Accept-Language region, then to the site first country', async () => {
    const nl = await client.get('/api/settings.php', { 'Accept-Language': 'nl-NL,nl;q=0.9,en;q=0.8' });
    expect(nl.body).toMatchObject({ geoip_country: 'NL', geoip_selected_country: 'NL', region_data: { country: 'NL', kind: 'province' } });
    // Cloudflare's "unknown" pseudo-country is no country.
    const xx = await client.get('/api/settings.php', { 'CF-IPCountry': 'XX', 'Accept-Language': 'fr, en-GB;q=0.8' });
    expect(xx.body).toMatchObject({ geoip_country: 'GB', geoip_selected_country: 'GB' });
    const none = await client.get('/api/settings.php', { 'Accept-Language': 'en' });
    expect(none.body).toMatchObject({ geoip_country: 'US', geoip_selected_country: 'US', region_data: { country: 'US', kind: 'state' } });
  });

  it('reports a country the site does not serve, but selects the first site country', async () => {
    const res = await client.get('/api/settings.php', { 'CF-IPCountry': 'JP' });
    expect(res.body).toMatchObject({ geoip_country: 'JP', geoip_selected_country: 'US', region_data: { country: 'US' } });
  });

  it('takes TRUST_PROXY=1 as one proxy in front, whatever its address', async () => {
    // Express alone read "1" as the address 0.0.0.1: the proxy in front was not trusted.
    const oneHop = await seededServer({ TRUST_PROXY: '1' });
    try {
      const res = await new TestClient(oneHop.server.url).get('/api/settings.php', { 'CF-IPCountry': 'DE', 'Accept-Language': 'pl-PL' });
      expect(res.body).toMatchObject({ geoip_country: 'DE' });
    } finally {
      await oneHop.server.destroy();
    }
  });

  it('ignores country headers when the request does not come through a trusted proxy', async () => {
    const untrusted = await seededServer({ TRUST_PROXY: '10.1.2.3' });
    try {
      const res = await new TestClient(untrusted.server.url).get('/api/settings.php', { 'CF-IPCountry': 'DE', 'Accept-Language': 'pl-PL' });
      expect(res.body).toMatchObject({ geoip_country: 'PL', geoip_selected_country: 'PL', region_data: { kind: 'voivodeship' } });
    } finally {
      await untrusted.server.destroy();
    }
  });
});

describe('the push key in GET /api/settings.php', () => {
  // Browsers subscribe to pushes with this key: without it no member gets a notification.
  it('is the VAPID_PUBLIC_KEY the operator set', async () => {
    const key = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
    const withKey = await startTestServer({ VAPID_PUBLIC_KEY: key, VAPID_PRIVATE_KEY: 'private-key-not-sent' });
    try {
      const res = await new TestClient(withKey.url).get('/api/settings.php');
      expect(res.status).toBe(200);
      expect(res.body.push_public_key).toBe(key);
      expect(JSON.stringify(res.body)).not.toContain('private-key-not-sent');
    } finally {
      await withKey.destroy();
    }
  });
});

describe('countryFromAcceptLanguage', () => {
  it('uses the most preferred entry that names a country', () => {
    expect(countryFromAcceptLanguage('de-AT;q=0.5, it-IT;q=0.9, en')).toBe('IT');
    expect(countryFromAcceptLanguage('zh-Hant-TW')).toBe('TW');
    expect(countryFromAcceptLanguage('es-419, es')).toBeUndefined();
    expect(countryFromAcceptLanguage('*')).toBeUndefined();
    expect(countryFromAcceptLanguage('nl-NL;q=0')).toBeUndefined();
    expect(countryFromAcceptLanguage(undefined)).toBeUndefined();
  });
});

describe('GET /api/companyinfo.php', () => {
  it('answers the company block with the raw support phone', async () => {
    const res = await client.get('/api/companyinfo.php');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      name: 'Amora Media B.V.', address: 'Keizersgracht 482', kvk: '81234567', city: '1017 EG Amsterdam', country: 'NL',
      tradenames: ['Amora', 'Amora Dating', 'Amora Chat'], vat_numbers: ['NL862345671B01'],
      support_phone: '+31 20-808 12 34', delete_discount: 50, added: '2024-03-18',
    });
    expect((await client.get('/api/companyinfo.php?domain=nobody.example')).status).toBe(404);
  });
});

describe('GET /api/interests.php', () => {
  it('labels interests in each requested locale, cacheable for five minutes', async () => {
    for (const lang of LOCALES) {
      const res = await client.get(`/api/interests.php?lang=${lang}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=300');
      expect(res.body.length).toBeGreaterThanOrEqual(45);
      for (const interest of res.body) expect(interest.label).toBe(interest.labels[lang]);
    }
    const de = await client.get('/api/interests.php?lang=de');
    expect(de.body.find((i: { slug: string }) => i.slug === 'cooking')).toMatchObject({ icon: '🍳', label: 'Kochen', labels: { pl: 'Gotowanie', fr: 'Cuisine' } });
  });

  it('defaults to English, then follows the language cookie, then the logged-in member language', async () => {
    const anonymous = await client.get('/api/interests.php');
    expect(anonymous.body[0].label).toBe(anonymous.body[0].labels.en);
    expect(anonymous.headers.get('vary')).toContain('Cookie');

    // TestClient manages the cookie header itself, so send this one by hand.
    const withCookie = (await (await fetch(`${server.url}/api/interests.php`, { headers: { cookie: 'i18n_redirected=fr' } })).json()) as Array<{ label: string; labels: Record<string, string> }>;
    expect(withCookie[0]!.label).toBe(withCookie[0]!.labels.fr);

    const member = new TestClient(server.url);
    expect((await member.post('/api/user.php', DEMO_ACCOUNTS.free)).status).toBe(200);
    expect((await member.put('/api/user.php', { language: 'pl' })).status).toBe(200);
    const mine = await member.get('/api/interests.php');
    expect(mine.body[0].label).toBe(mine.body[0].labels.pl);
    const explicit = await member.get('/api/interests.php?lang=it');
    expect(explicit.body[0].label).toBe(explicit.body[0].labels.it);
  });

  it('answers 400 for an unsupported language', async () => {
    for (const query of ['lang=xx', 'lang=EN', 'lang=en&lang=de']) {
      const res = await client.get(`/api/interests.php?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({ error: 'invalid_request', fields: { lang: 'invalid_request' } });
    }
  });
});

describe('GET /api/regions.php', () => {
  it('answers the regions of each country with its kind, sorted by name', async () => {
    for (const [country, { kind, regions }] of Object.entries(REGIONS)) {
      const res = await client.get(`/api/regions.php?country=${country}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=300');
      expect(res.body).toMatchObject({ country, kind });
      expect(res.body.regions).toHaveLength(regions.length);
      const names = res.body.regions.map((r: { name: string }) => r.name);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    }
  });

  it('accepts a lower-case country code', async () => {
    const res = await client.get('/api/regions.php?country=pl');
    expect(res.body).toMatchObject({ country: 'PL', kind: 'voivodeship' });
    expect(res.body.regions).toContainEqual({ code: '14', name: 'Mazowieckie' });
  });

  it('groups all countries when no country is given, the site countries in site order', async () => {
    const res = await client.get('/api/regions.php');
    expect(res.status).toBe(200);
    expect(res.body.countries.map((c: { country: string }) => c.country)).toEqual(COUNTRIES);
    const total = res.body.countries.reduce((n: number, c: { regions: unknown[] }) => n + c.regions.length, 0);
    expect(total).toBe(Object.values(REGIONS).reduce((n, c) => n + c.regions.length, 0));
  });

  it('answers 404 unknown_country for a well-formed code without regions and 400 for a malformed one', async () => {
    const unknown = await client.get('/api/regions.php?country=JP');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: 'unknown_country', message: 'Unknown country.' });
    expect(unknown.headers.get('cache-control')).toBe('no-store');
    for (const query of ['country=NLD', 'country=1', 'country=', 'country=N%27', 'country=NL&country=DE']) {
      const bad = await client.get(`/api/regions.php?${query}`);
      expect(bad.status, query).toBe(400);
      expect(bad.body).toMatchObject({ error: 'invalid_request', fields: { country: 'invalid_request' } });
    }
    // Bad requests change nothing.
    expect((await client.get('/api/regions.php?country=NL')).body.regions).toHaveLength(12);
  });
});

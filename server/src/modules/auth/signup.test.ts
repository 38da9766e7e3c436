import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, users } from '@db/schema/index.js';
import { TestClient, type TestServer } from '../../test/harness.js';
import { createMember } from '../../test/factories.js';
import { lastMailTo, profileRow, signupFields, startServerWithSite, userRow } from './auth-test-helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServerWithSite({ signupCredits: 10 }, { PUBLIC_URL: 'https://localhost' });
});
afterAll(() => server.destroy());

const userCount = () => server.db.select({ n: count() }).from(users).get()!.n;

describe('POST /api/signup.php', () => {
  it('creates an unconfirmed account with a disabled profile, grants the sign-up credits, mails the link and logs in', async () => {
    const client = new TestClient(server.url);
    const body = signupFields({ name: 'Maja', gender: 'female', seeking: 'both', language: 'nl', traffic_source: { network: 'adnet', sub1: 'x', ref: '' } });
    const res = await client.post('/api/signup.php', body);
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ email: body.email, status: 'not_confirmed', credits: 10, language: 'nl', profile: { name: 'Maja', country: 'NL', status: 'disabled' } });

    const user = userRow(server.db, body.email as string)!;
    expect(user.trafficSource).toEqual({ network: 'adnet', sub1: 'x' });
    expect(profileRow(server.db, user.id)).toMatchObject({ sexuality: 'bi', birthDate: '1995-06-15', gender: 'female', seeking: 'both' });
    const ledger = server.db.select().from(creditLedger).where(eq(creditLedger.userId, user.id)).all();
    expect(ledger).toEqual([expect.objectContaining({ delta: 10, reason: 'signup_bonus', reference: 'signup', balanceAfter: 10 })]);

    const mail = lastMailTo(server.db, body.email as string)!;
    expect(mail.subject).toBe('Bevestig je e-mailadres voor Amora Test');
    expect(mail.text).toMatch(/https:\/\/localhost\/api\/activate\.php\?token=[A-Za-z0-9_-]{43}/);

    const me = await client.get('/api/user.php');
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(user.id);
  });

  it('stores SQL and HTML in text fields verbatim and returns them as plain JSON strings', async () => {
    const name = `<img src=x onerror=alert(1)>'; DROP TABLE users;--`.slice(0, 40);
    const message = `<script>alert("hi")</script> ' OR 1=1 --`;
    const body = signupFields({ name, signup_message: message });
    const res = await new TestClient(server.url).post('/api/signup.php', body);
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.body.user.profile.name).toBe(name);
    const user = userRow(server.db, body.email as string)!;
    expect(profileRow(server.db, user.id)).toMatchObject({ name, signupMessage: message });
    expect(userCount()).toBeGreaterThan(1);
    // The activation mail's HTML part escapes the name.
    const mail = lastMailTo(server.db, body.email as string)!;
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&lt;img src=x');
  });

  it('derives the sexuality from gender and seeking', async () => {
    const cases = [['male', 'female', 'hetero'], ['male', 'male', 'gay'], ['female', 'female', 'lesbian']] as const;
    for (const [gender, seeking, sexuality] of cases) {
      const body = signupFields({ gender, seeking });
      expect((await new TestClient(server.url).post('/api/signup.php', body)).status).toBe(201);
      expect(profileRow(server.db, userRow(server.db, body.email as string)!.id)!.sexuality).toBe(sexuality);
    }
  });

  it.each([
    ['an e-mail equal to the name', { name: 'same@example.com', email: 'same@example.com' }, 'username_invalid', 'name'],
    ['a name starting with @', { name: '@someone' }, 'username_invalid', 'name'],
    ['a one-letter name', { name: 'A' }, 'username_invalid', 'name'],
    // A mail program links a bare domain: the activation mail may go to someone else's address.
    ['a name with a bare domain', { name: 'Verify at evil.com' }, 'username_invalid', 'name'],
    // Nothing typed is said as such, not as a name that breaks a rule.
    ['a missing name', { name: undefined }, 'username_required', 'name'],
    ['an empty name', { name: '' }, 'username_required', 'name'],
    ['a name of spaces only', { name: '   ' }, 'username_required', 'name'],
    ['a missing password', { password: undefined }, 'password_required', 'password'],
    ['an empty password', { password: '' }, 'password_required', 'password'],
    ['a short password', { password: 'short' }, 'password_length', 'password'],
    ['a password of 7 emoji (14 UTF-16 units)', { password: '😀'.repeat(7) }, 'password_length', 'password'],
    ['a 129-character password', { password: 'p'.repeat(129) }, 'password_length', 'password'],
    ['an impossible date', { date_of_birth: '1990-02-30' }, 'invalid_birth_date', 'date_of_birth'],
    ['another date format', { date_of_birth: '15-06-1995' }, 'invalid_birth_date', 'date_of_birth'],
    ['a missing date of birth', { date_of_birth: undefined }, 'birth_date_required', 'date_of_birth'],
    ['an empty date of birth', { date_of_birth: '' }, 'birth_date_required', 'date_of_birth'],
    ['a bad e-mail', { email: 'not-an-address' }, 'invalid_email', 'email'],
    ['a missing e-mail', { email: undefined }, 'email_required', 'email'],
    ['an empty e-mail', { email: '' }, 'email_required', 'email'],
    ['an e-mail of spaces only', { email: '   ' }, 'email_required', 'email'],
  ])('refuses %s with 400 and creates nothing', async (_label, overrides, code, field) => {
    const before = userCount();
    const res = await new TestClient(server.url).post('/api/signup.php', signupFields(overrides));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(code);
    expect(res.body.fields[field]).toBe(code);
    expect(userCount()).toBe(before);
  });

  it('refuses members under 18 by the server clock, and lets them in on their 18th birthday', async () => {
    const now = new Date(server.clock.now());
    const eighteen = `${now.getUTCFullYear() - 18}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-${String(now.getUTCDate()).padStart(2, '0')}`;
    const tomorrowMs = server.clock.now() + 86_400_000;
    const t = new Date(tomorrowMs);
    const almost = `${t.getUTCFullYear() - 18}-${String(t.getUTCMonth() + 1).padStart(2, '0')}-${String(t.getUTCDate()).padStart(2, '0')}`;
    const young = await new TestClient(server.url).post('/api/signup.php', signupFields({ date_of_birth: almost }));
    expect(young.status).toBe(400);
    expect(young.body).toMatchObject({ error: 'invalid_birth_date', message: 'Invalid date of birth.' });
    expect((await new TestClient(server.url).post('/api/signup.php', signupFields({ date_of_birth: eighteen }))).status).toBe(201);
  });

  it('says a field left empty is missing, in the message too', async () => {
    const res = await new TestClient(server.url).post('/api/signup.php', signupFields({ name: '', date_of_birth: '' }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'username_required', message: 'Please choose a username.', fields: { name: 'username_required', date_of_birth: 'birth_date_required' } });
  });

  it('says a password left empty is missing, in the message too, not that it is too short', async () => {
    const res = await new TestClient(server.url).post('/api/signup.php', signupFields({ password: '' }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'password_required', message: 'Please enter your password.', fields: { password: 'password_required' } });
  });

  it('says an e-mail left empty is missing, in the message too, and suggests nothing', async () => {
    const res = await new TestClient(server.url).post('/api/signup.php', signupFields({ email: '' }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'email_required', message: 'Please enter your e-mail address.', fields: { email: 'email_required' }, suggestion: null });
  });

  it('names every bad field at once, e-mail first, with a did-you-mean suggestion', async () => {
    const res = await new TestClient(server.url).post('/api/signup.php', signupFields({ email: 'anna@gmial', password: 'x' }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'invalid_email', fields: { email: 'invalid_email', password: 'password_length' } });
    const typo = await new TestClient(server.url).post('/api/signup.php', signupFields({ email: 'anna@gmial.con' }));
    expect(typo.status).toBe(201); // syntactically valid: the client offers the suggestion before submitting
  });

  it('answers wrong types and unknown enum values with 400 invalid_request', async () => {
    const before = userCount();
    for (const overrides of [{ gender: 'other' }, { seeking: 42 }, { email: ['a@b.co'] }, { country: 'Netherlands' }, { country: 'ZZ' }, { traffic_source: 'adnet' }, { language: 'xx' }]) {
      const res = await new TestClient(server.url).post('/api/signup.php', signupFields(overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.body.error).toBe('invalid_request');
    }
    const broken = await new TestClient(server.url).post('/api/signup.php', '{"email":', { 'content-type': 'application/json' });
    expect(broken.status).toBe(400);
    // Half a character (a lone surrogate, escaped in the JSON) would be stored as broken bytes.
    const fields = signupFields({});
    for (const field of ['name', 'signup_message']) {
      const json = JSON.stringify({ ...fields, [field]: 'Ann__LONE__a' }).replace('__LONE__', '\\ud800');
      const res = await new TestClient(server.url).post('/api/signup.php', json, { 'content-type': 'application/json' });
      expect(res.status, field).toBe(400);
      expect(res.body.fields, field).toHaveProperty(field);
    }
    expect(userCount()).toBe(before);
  });

  it('refuses a sign-up message or traffic source over its length with 400 naming it, and creates no account', async () => {
    const before = userCount();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ signup_message: 'm'.repeat(2001) }, 'signup_message'],
      [{ traffic_source: { network: 'adnet', sub1: 's'.repeat(201) } }, 'traffic_source.sub1'],
    ];
    for (const [overrides, field] of cases) {
      const fields = signupFields(overrides);
      const res = await new TestClient(server.url).post('/api/signup.php', fields);
      expect(res.status, field).toBe(400);
      expect(res.body).toMatchObject({ error: 'invalid_request', fields: { [field]: 'invalid_request' } });
      expect(userRow(server.db, fields.email as string), field).toBeUndefined();
    }
    // Half a character in a traffic source parameter would be stored as broken bytes, as in the name.
    const lone = signupFields({ traffic_source: { network: 'ad__LONE__net' } });
    const res = await new TestClient(server.url).post('/api/signup.php', JSON.stringify(lone).replace('__LONE__', '\\ud800'), { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'invalid_request', fields: { 'traffic_source.network': 'invalid_request' } });
    expect(userRow(server.db, lone.email as string)).toBeUndefined();
    expect(userCount()).toBe(before);
  });

  it('keeps only the known traffic source parameters: another key a landing page passes along is not stored', async () => {
    const fields = signupFields({ traffic_source: { network: 'adnet', tracking_pixel: '<img src=x>' } });
    expect((await new TestClient(server.url).post('/api/signup.php', fields)).status).toBe(201);
    expect(userRow(server.db, fields.email as string)!.trafficSource).toEqual({ network: 'adnet' });
  });

  it('uses the given country, or the first of the site', async () => {
    const gb = signupFields({ country: 'GB' });
    expect((await new TestClient(server.url).post('/api/signup.php', gb)).body.user.profile.country).toBe('GB');
  });

  it('answers 409 account_exists for an active or unconfirmed address, whatever its case', async () => {
    const active = await createMember(server.db);
    const res = await new TestClient(server.url).post('/api/signup.php', signupFields({ email: active.email.toUpperCase() }));
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('account_exists');
    const pending = await createMember(server.db, { status: 'not_confirmed' });
    expect((await new TestClient(server.url).post('/api/signup.php', signupFields({ email: pending.email }))).body.error).toBe('account_exists');
  });

  it('answers 409 account_pending_deletion for an account scheduled for deletion', async () => {
    const member = await createMember(server.db, { status: 'pending_deletion' });
    const res = await new TestClient(server.url).post('/api/signup.php', signupFields({ email: member.email }));
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('account_pending_deletion');
    expect(userRow(server.db, member.email)!.status).toBe('pending_deletion');
  });

  it('lets a deleted account’s address sign up again', async () => {
    const member = await createMember(server.db, { status: 'deleted' });
    const res = await new TestClient(server.url).post('/api/signup.php', signupFields({ email: member.email }));
    expect(res.status).toBe(201);
    expect(res.body.user.id).not.toBe(member.id);
  });

  it('two parallel sign-ups with one address create one account', async () => {
    const body = signupFields();
    // Two people, two passwords: the same sign-up sent twice is the first one's repeat
    // (signup-session-outage.test.ts), answered as that sign-up.
    const bodies = [body, { ...body, password: 'someone else entirely' }];
    const results = await Promise.all(bodies.map((b) => new TestClient(server.url).post('/api/signup.php', b)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(server.db.select().from(users).where(eq(users.email, body.email as string)).all()).toHaveLength(1);
  });
});

describe('the signups setting', () => {
  it('invite only: every sign-up answers 403 signups_closed', async () => {
    const closed = await startServerWithSite({ signups: 'none' });
    try {
      const res = await new TestClient(closed.url).post('/api/signup.php', signupFields({ traffic_source: { network: 'adnet' } }));
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('signups_closed');
    } finally {
      await closed.destroy();
    }
  });

  it('with_trafficsource: open only to visitors whose traffic source names a network', async () => {
    const tracked = await startServerWithSite({ signups: 'with_trafficsource' });
    try {
      const post = (overrides: Record<string, unknown>) => new TestClient(tracked.url).post('/api/signup.php', signupFields(overrides));
      expect((await post({})).status).toBe(403);
      expect((await post({ traffic_source: { sub: 'only' } })).status).toBe(403);
      expect((await post({ traffic_source: { network: 'adnet' } })).status).toBe(201);
    } finally {
      await tracked.destroy();
    }
  });
});

describe('GET /api/email-check.php', () => {
  it('reports validity and a suggestion', async () => {
    const client = new TestClient(server.url);
    expect((await client.get('/api/email-check.php?email=anna%40gmial.com')).body).toEqual({ valid: true, suggestion: 'anna@gmail.com' });
    expect((await client.get('/api/email-check.php?email=anna%40gmail.com')).body).toEqual({ valid: true, suggestion: null });
    expect((await client.get('/api/email-check.php?email=anna')).body).toEqual({ valid: false, suggestion: null });
    expect((await client.get('/api/email-check.php')).status).toBe(400);
  });
});

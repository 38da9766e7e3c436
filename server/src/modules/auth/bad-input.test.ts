/**
 * Account endpoints fed input a form would never send: each answers a clear 400 in the API's
 * shape and stores nothing. (Wrong JSON types, empty and malformed bodies are in signup.test.ts
 * and login.test.ts; these are the strings that pass a type check and still must not be stored.)
 */
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@db/schema/index.js';
import { TestClient, type TestServer } from '../../test/harness.js';
import { createMember } from '../../test/factories.js';
import { loggedInClient, profileRow, signupFields, startServerWithSite, userRow } from './auth-test-helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServerWithSite({}, { PUBLIC_URL: 'https://localhost' });
});
afterAll(() => server.destroy());

const userCount = () => server.db.select({ n: count() }).from(users).get()!.n;
const signUp = (overrides: Record<string, unknown>) => new TestClient(server.url).post('/api/signup.php', signupFields(overrides));

describe('POST /api/signup.php: names that would not read as names', () => {
  it('a name of only invisible characters (zero-width spaces, Hangul fillers) is no name: username_required, no account', async () => {
    const before = userCount();
    for (const name of ['\u200B\u200B\u200B', '\u3164\u3164', '\u2800\u2800\u2800', ' \u200D\uFEFF ']) {
      const res = await signUp({ name });
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(res.body).toMatchObject({ error: 'username_required', fields: { name: 'username_required' } });
    }
    expect(userCount()).toBe(before);
  });

  it('a name with a direction override or isolate, which turns the text around it in lists and mails, is refused: username_invalid, no account', async () => {
    const before = userCount();
    for (const name of ['\u202EAnna', 'Anna\u202Dx', 'An\u2066na', 'Anna\u2069']) {
      const res = await signUp({ name });
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(res.body).toMatchObject({ error: 'username_invalid', fields: { name: 'username_invalid' } });
    }
    expect(userCount()).toBe(before);
  });

  it('a name with a line or paragraph separator (U+2028, U+2029), a line break in every list and mail as much as a newline, is refused: username_invalid, no account', async () => {
    const before = userCount();
    for (const name of ['Sophie\u2028Click the link below to verify', 'Sophie\u2029Support team']) {
      const res = await signUp({ name });
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(res.body).toMatchObject({ error: 'username_invalid', fields: { name: 'username_invalid' } });
    }
    expect(userCount()).toBe(before);
  });

  it('names in right-to-left scripts and with emoji and their modifiers are still names', async () => {
    for (const name of ['ליאור', 'سارة', 'Anna 👩🏽‍🦰', '👍🏽👍🏽']) expect((await signUp({ name })).status, name).toBe(201);
  });
});

/**
 * Control characters in the free text of a sign-up: a bell or a terminal colour code ("\u001b[31m")
 * stored as it came rings or repaints the terminal of whoever reads the record or a log of it.
 */
describe('POST /api/signup.php: control characters in the sign-up message and traffic source', () => {
  it('a sign-up message with a control character is refused: 400 naming signup_message, no account', async () => {
    const before = userCount();
    for (const signup_message of ['Hi\u0007 there', '\u001b[31mred\u001b[0m', 'nul\u0000byte', 'form\ffeed', 'back\rover', 'next\u0085line', 'del\u007f']) {
      const fields = signupFields({ signup_message });
      const res = await new TestClient(server.url).post('/api/signup.php', fields);
      expect(res.status, JSON.stringify(signup_message)).toBe(400);
      expect(res.body).toMatchObject({ error: 'invalid_request', fields: { signup_message: 'invalid_request' } });
      expect(userRow(server.db, fields.email as string), JSON.stringify(signup_message)).toBeUndefined();
    }
    expect(userCount()).toBe(before);
  });

  it('a sign-up message of several lines, with tabs or Windows line ends, is stored as written', async () => {
    const signup_message = 'Hello!\n\nI like:\tcycling\r\n\tcooking';
    const fields = signupFields({ signup_message });
    expect((await new TestClient(server.url).post('/api/signup.php', fields)).status).toBe(201);
    expect(profileRow(server.db, userRow(server.db, fields.email as string)!.id)!.signupMessage).toBe(signup_message);
  });

  it('a traffic source value with any control character, a line break included, is refused: 400 naming it, no account', async () => {
    const before = userCount();
    const cases: Array<[Record<string, string>, string]> = [
      [{ network: 'ad\u0007net' }, 'traffic_source.network'],
      [{ network: 'adnet', sub1: '\u001b[31mred' }, 'traffic_source.sub1'],
      [{ network: 'adnet', ref: 'a\nb' }, 'traffic_source.ref'],
      [{ network: 'adnet', aff_sub: 'a\tb' }, 'traffic_source.aff_sub'],
    ];
    for (const [traffic_source, field] of cases) {
      const fields = signupFields({ traffic_source });
      const res = await new TestClient(server.url).post('/api/signup.php', fields);
      expect(res.status, field).toBe(400);
      expect(res.body).toMatchObject({ error: 'invalid_request', fields: { [field]: 'invalid_request' } });
      expect(userRow(server.db, fields.email as string), field).toBeUndefined();
    }
    expect(userCount()).toBe(before);
  });
});

/**
 * Half a character (a lone UTF-16 surrogate, "\ud800" in JSON) is not text: hashed, it became the
 * replacement character, so every other half and U+FFFD itself opened the same account.
 */
describe('passwords with half a character', () => {
  const typed = 'correct horse \ufffd';
  const halves = ['correct horse \ud800', 'correct horse \udfff'];

  it('log-in with a different half character does not open an account whose password ends in U+FFFD', async () => {
    const member = await createMember(server.db, { password: typed });
    for (const password of halves) {
      const res = await new TestClient(server.url).post('/api/user.php', { email: member.email, password });
      expect(res.status, JSON.stringify(password)).toBe(400);
      expect(res.body).toMatchObject({ error: 'invalid_request', fields: { password: 'invalid_request' } });
    }
    expect((await new TestClient(server.url).post('/api/user.php', { email: member.email, password: typed })).status).toBe(200);
  });

  it('sign-up refuses one: 400 naming the password, no account', async () => {
    const before = userCount();
    const res = await signUp({ password: halves[0] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'invalid_request', fields: { password: 'invalid_request' } });
    expect(userCount()).toBe(before);
  });

  it('a password change refuses one: 400, the password stays as it was', async () => {
    const member = await createMember(server.db);
    const client = await loggedInClient(server, member.email, member.password);
    const hashBefore = userRow(server.db, member.email)!.passwordHash;
    const res = await client.put('/api/password.php', { old_password: member.password, password: halves[0], password_confirmation: halves[0] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'invalid_request', fields: { password: 'invalid_request' } });
    expect(userRow(server.db, member.email)!.passwordHash).toBe(hashBefore);
  });
});

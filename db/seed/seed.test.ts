import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../client.js';
import { PasswordHasher } from '../../server/src/modules/auth/passwords.js';
import { startTestServer, tempDir, TestClient, type TestServer } from '../../server/src/test/harness.js';
import { seedIfEmpty, DEMO_MEMBER_PASSWORD_HASH } from './seed.js';
import { ORIENTATIONS } from './members.js';
import { ageOn } from '@shared/rules/age.js';
import { DEMO_ACCOUNTS } from './demo-accounts.js';
import { LOCALES } from '@shared/constants.js';

const NOW = Date.UTC(2025, 10, 25, 10, 30);
const MEMBERS = 50;
const dirs: string[] = [];

async function seededDb(seed: number, members = MEMBERS, now = NOW): Promise<{ db: Db; dir: string; seeded: boolean }> {
  const dir = tempDir('seed-test-');
  dirs.push(dir);
  const db = openDb(join(dir, 'app.db'));
  const seeded = await seedIfEmpty(db, { members, seed, uploadsDir: join(dir, 'uploads'), now });
  return { db, dir, seeded };
}

const rows = (db: Db, sql: string) => db.$client.prepare(sql).all() as Array<Record<string, unknown>>;

/** A fingerprint of everything the seed generates except the two salted argon2 hashes. */
function fingerprint(db: Db): string {
  const tables = [
    `SELECT id, email, status, (SELECT l.balance_after FROM credit_ledger l WHERE l.user_id = users.id ORDER BY l.id DESC LIMIT 1) AS credits,
       paid_user, language, invisible, is_demo, signup_date, last_seen_at FROM users ORDER BY id`,
    'SELECT * FROM profiles ORDER BY user_id',
    'SELECT * FROM profile_interests ORDER BY user_id, interest_id',
    'SELECT * FROM photos ORDER BY id',
    'SELECT * FROM likes ORDER BY liker_id, liked_id',
    'SELECT * FROM messages ORDER BY id',
    'SELECT * FROM conversation_members ORDER BY conversation_id, user_id',
  ];
  return createHash('sha256').update(JSON.stringify(tables.map((t) => rows(db, t)))).digest('hex');
}

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('seedIfEmpty', () => {
  let db: Db;
  let dir: string;
  beforeAll(async () => {
    ({ db, dir } = await seededDb(42));
  });

  it('produces identical members from the same seed, and different ones from another seed', async () => {
    const twin = await seededDb(42);
    const other = await seededDb(43);
    expect(fingerprint(twin.db)).toBe(fingerprint(db));
    expect(fingerprint(other.db)).not.toBe(fingerprint(db));
    twin.db.$client.close();
    other.db.$client.close();
  });

  it('creates the demo members plus the two log-in accounts, all active with active profiles', () => {
    const [counts] = rows(db, "SELECT COUNT(*) AS n, SUM(status = 'active') AS active, SUM(is_demo) AS demo FROM users");
    expect(counts).toEqual({ n: MEMBERS + 2, active: MEMBERS + 2, demo: MEMBERS + 2 });
    expect(rows(db, "SELECT COUNT(*) AS n FROM profiles WHERE status = 'active'")[0]!.n).toBe(MEMBERS + 2);
    const hashes = rows(db, 'SELECT DISTINCT password_hash AS h FROM users WHERE email LIKE ?'.replace('?', "'member-%'"));
    expect(hashes).toEqual([{ h: DEMO_MEMBER_PASSWORD_HASH }]);
  });

  it('has every gender / sexuality / seeking combination', () => {
    const present = new Set(rows(db, 'SELECT DISTINCT gender, sexuality, seeking FROM profiles').map((r) => `${r.gender}/${r.sexuality}/${r.seeking}`));
    for (const o of ORIENTATIONS) expect(present).toContain(`${o.gender}/${o.sexuality}/${o.seeking}`);
    expect(present.size).toBe(ORIENTATIONS.length);
  });

  it('gives every member an age between 18 and 70 at `now`', () => {
    const ages = rows(db, 'SELECT birth_date FROM profiles').map((r) => ageOn(String(r.birth_date), NOW) ?? -1);
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(18);
    expect(Math.max(...ages)).toBeLessThanOrEqual(70);
  });

  it('seeds the first-level regions of all 15 countries with the right kind', () => {
    const expected: Record<string, [string, number]> = {
      US: ['state', 51], CA: ['province', 13], AU: ['state', 8], NZ: ['region', 16], NL: ['province', 12],
      BE: ['province', 11], FR: ['region', 13], IT: ['region', 20], ES: ['region', 17], DE: ['state', 16],
      AT: ['state', 9], IE: ['county', 26], GB: ['region', 12], PL: ['voivodeship', 16], CH: ['canton', 26],
    };
    const actual = Object.fromEntries(
      rows(db, 'SELECT country, MIN(kind) AS kind, MAX(kind) AS kind2, COUNT(*) AS n FROM regions GROUP BY country').map((r) => {
        expect(r.kind).toBe(r.kind2);
        return [r.country, [r.kind, r.n]];
      }),
    );
    expect(actual).toEqual(expected);
  });

  it('places every member in an existing region of their country, with a city and interests', () => {
    const orphans = rows(db, 'SELECT p.user_id FROM profiles p LEFT JOIN regions r ON r.country = p.country AND r.code = p.region_code WHERE r.id IS NULL OR p.city IS NULL');
    expect(orphans).toEqual([]);
    const interestCounts = rows(db, 'SELECT COUNT(*) AS n FROM profile_interests GROUP BY user_id').map((r) => Number(r.n));
    expect(interestCounts).toHaveLength(MEMBERS + 2);
    expect(Math.min(...interestCounts)).toBeGreaterThanOrEqual(3);
    expect(Math.max(...interestCounts)).toBeLessThanOrEqual(8);
  });

  it('seeds about 50 interests labelled in all seven locales', () => {
    const interests = rows(db, 'SELECT slug, icon, labels FROM interests');
    expect(interests.length).toBeGreaterThanOrEqual(45);
    expect(new Set(interests.map((i) => i.slug)).size).toBe(interests.length);
    for (const i of interests) {
      const labels = JSON.parse(String(i.labels)) as Record<string, string>;
      for (const locale of LOCALES) expect(labels[locale], `${i.slug}.${locale}`).toMatch(/\S/);
    }
  });

  it('writes an SVG avatar per member and references it as the approved main photo', () => {
    const photos = rows(db, 'SELECT p.user_id, ph.filename, ph.thumb_filename, ph.status FROM profiles p JOIN photos ph ON ph.id = p.main_photo_id');
    expect(photos).toHaveLength(MEMBERS + 2);
    for (const photo of photos) {
      expect(photo.filename).toBe(`avatars/${photo.user_id}.svg`);
      expect(photo.status).toBe('approved');
      const file = join(dir, 'uploads', String(photo.thumb_filename));
      expect(existsSync(file)).toBe(true);
      expect(readFileSync(file, 'utf8')).toMatch(/^<svg [^>]*viewBox="0 0 256 256"[\s\S]*<\/svg>$/);
    }
  });

  it('keeps unread counts consistent with the messages and balances consistent with the ledger', () => {
    const inconsistent = rows(
      db,
      `SELECT cm.conversation_id, cm.user_id FROM conversation_members cm
       WHERE cm.unread_count != (SELECT COUNT(*) FROM messages m WHERE m.conversation_id = cm.conversation_id
         AND m.sender_id != cm.user_id AND m.id > cm.last_read_message_id)`,
    );
    expect(inconsistent).toEqual([]);
    // The balance (the newest row's balance_after) is the sum of every movement.
    const offBalance = rows(
      db,
      `SELECT u.id FROM users u
        WHERE COALESCE((SELECT l.balance_after FROM credit_ledger l WHERE l.user_id = u.id ORDER BY l.id DESC LIMIT 1), 0)
           != (SELECT COALESCE(SUM(delta), 0) FROM credit_ledger l WHERE l.user_id = u.id)`,
    );
    expect(offBalance).toEqual([]);
  });

  it('gives both demo accounts conversations, unread messages and new likes', () => {
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const [stats] = rows(
        db,
        `SELECT COUNT(*) AS chats, SUM(cm.unread_count) AS unread,
           (SELECT COUNT(*) FROM likes l WHERE l.liked_id = u.id AND l.is_new = 1) AS new_likes
         FROM users u JOIN conversation_members cm ON cm.user_id = u.id WHERE u.email = '${account.email}'`,
      );
      expect(Number(stats!.chats)).toBeGreaterThanOrEqual(5);
      expect(Number(stats!.unread)).toBeGreaterThan(0);
      expect(Number(stats!.new_likes)).toBeGreaterThan(0);
    }
  });

  it('stores real argon2 hashes for the demo accounts only', async () => {
    const hasher = new PasswordHasher(2);
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const [user] = rows(db, `SELECT password_hash FROM users WHERE email = '${account.email}'`);
      expect(await hasher.verify(String(user!.password_hash), account.password)).toBe(true);
      expect(await hasher.verify(String(user!.password_hash), 'wrong-password')).toBe(false);
    }
    expect(await hasher.verify(DEMO_MEMBER_PASSWORD_HASH, '')).toBe(false);
  });

  it('does nothing on a database that already has a site', async () => {
    const before = fingerprint(db);
    expect(await seedIfEmpty(db, { members: 10, seed: 7, uploadsDir: join(dir, 'uploads'), now: NOW })).toBe(false);
    expect(fingerprint(db)).toBe(before);
  });

  it('seeds 2000 members well under 10 seconds', async () => {
    const started = Date.now();
    const big = await seededDb(20251125, 2000);
    expect(big.seeded).toBe(true);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(rows(big.db, 'SELECT COUNT(*) AS n FROM users')[0]!.n).toBe(2002);
    const countries = rows(big.db, 'SELECT country, COUNT(*) AS n FROM profiles GROUP BY country ORDER BY n DESC LIMIT 4').map((r) => r.country);
    expect(new Set(countries)).toEqual(new Set(['NL', 'DE', 'GB', 'US']));
    big.db.$client.close();
  });
});

describe('the seeded app', () => {
  let server: TestServer;
  let dir: string;
  beforeAll(async () => {
    let db: Db;
    ({ db, dir } = await seededDb(42, 20, Date.now()));
    server = await startTestServer({ DATA_DIR: dir }, { db });
  });
  afterAll(async () => {
    await server.destroy();
  });

  it('lets both demo accounts log in, with their credits and premium state', async () => {
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const client = new TestClient(server.url);
      const res = await client.post('/api/user.php', { email: account.email, password: account.password });
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({ credits: account.credits, paid_user: account.paidUser, status: 'active', profile: { name: account.name, country: account.country } });
      expect(res.body.user.profile.main_image.match).toMatch(/^\/media\/avatars\/\d+\.svg$/);
    }
  });

  it('refuses a log-in as a generated demo member', async () => {
    const res = await new TestClient(server.url).post('/api/user.php', { email: 'member-00001@demo.amora.test', password: DEMO_MEMBER_PASSWORD_HASH });
    expect(res.status).toBe(401);
  });

  it('serves the avatars under /media/', async () => {
    const [photo] = rows(server.db, 'SELECT filename FROM photos LIMIT 1');
    const res = await fetch(`${server.url}/media/${String(photo!.filename)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    expect(await res.text()).toContain('<svg');
  });
});

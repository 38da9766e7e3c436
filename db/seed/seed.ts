/**
 * Fills an empty database with the demo site (every setting), interests, regions of all 15
 * countries, `members` demo members with generated avatars, the two demo log-in accounts and
 * some conversations and likes. Deterministic for a given (seed, now): same input, same rows.
 */
import { performance } from 'node:perf_hooks';
import { sites, interests, regions } from '../schema/index.js';
import { writeTransaction, type Db } from '../client.js';
import { PasswordHasher } from '../../server/src/modules/auth/passwords.js';
import { Random } from './prng.js';
import { birthDateForAge, generateMembers, type MemberSpec } from './members.js';
import { writeAvatars } from './avatars.js';
import { prepareSeedStatements, type SeededMember } from './statements.js';
import { seedDemoContent } from './demo-content.js';
import { DEMO_ACCOUNTS } from './demo-accounts.js';
import { DEMO_SITE } from './data/site.js';
import { INTERESTS } from './data/interests.js';
import { REGIONS } from './data/regions.js';

export interface SeedOptions {
  members: number;
  seed: number;
  uploadsDir: string;
  now: number;
}

/**
 * Demo members can never log in: this is not a valid argon2 string, so verify() returns false.
 * (Hashing 2000 real passwords would take about a minute.)
 */
export const DEMO_MEMBER_PASSWORD_HASH = '!demo-no-login';

const DAY_MS = 86_400_000;

function demoAccountSpecs(now: number): { sophie: MemberSpec; james: MemberSpec } {
  const { free, premium } = DEMO_ACCOUNTS;
  return {
    sophie: {
      email: free.email, language: 'en', name: free.name, country: free.country, regionCode: 'UT', city: 'Utrecht',
      orientation: { gender: 'female', sexuality: 'hetero', seeking: 'male' },
      birthDate: birthDateForAge(now, 31, 120),
      about: 'Dutch, curious and always planning the next trip. Happiest on a bike with a camera, or in the kitchen trying a new recipe. Looking for someone kind with a good sense of humour.',
      hairColor: 'blonde', eyeColor: 'blue', bodyType: 'athletic', relationshipStatus: 'single', tattoos: 'one', signupReason: 'relationship',
      interestSlugs: ['travel', 'cycling', 'coffee', 'photography', 'cooking'],
      signupDate: now - 20 * DAY_MS, lastSeenAt: now - 2 * 3_600_000,
      paidUser: free.paidUser, credits: free.credits, invisible: false,
      look: { skin: 1, hairStyle: 0, palette: 0, shirt: 1 },
    },
    james: {
      email: premium.email, language: 'en', name: premium.name, country: premium.country, regionCode: 'TLI', city: 'London',
      orientation: { gender: 'male', sexuality: 'hetero', seeking: 'female' },
      birthDate: birthDateForAge(now, 36, 200),
      about: 'Londoner who runs to justify the wine. Football on Saturdays, new restaurants on Sundays. Tell me your favourite song and I will tell you mine.',
      hairColor: 'brown', eyeColor: 'green', bodyType: 'athletic', relationshipStatus: 'single', tattoos: 'none', signupReason: 'dating',
      interestSlugs: ['travel', 'running', 'wine', 'football', 'music', 'eating_out'],
      signupDate: now - 90 * DAY_MS, lastSeenAt: now - 20 * 60_000,
      paidUser: premium.paidUser, credits: premium.credits, invisible: false,
      look: { skin: 2, hairStyle: 1, palette: 1, shirt: 0 },
    },
  };
}

/** Seeds the database if it holds no site yet; returns whether it did. Safe against a second process seeding at the same time. */
export async function seedIfEmpty(db: Db, options: SeedOptions): Promise<boolean> {
  if (db.select({ id: sites.id }).from(sites).limit(1).get()) return false;
  const started = performance.now();
  const { now } = options;
  const rng = new Random(options.seed);
  const specs = generateMembers(rng, options.members, now);
  const accounts = demoAccountSpecs(now);
  // Argon2 is async, so the two real hashes are made before the (synchronous) transaction.
  const hasher = new PasswordHasher(2);
  const [sophieHash, jamesHash] = await Promise.all([hasher.hash(DEMO_ACCOUNTS.free.password), hasher.hash(DEMO_ACCOUNTS.premium.password)]);

  const seeded = writeTransaction(db, (tx) => {
    // Re-checked under the write lock: another process may have seeded while we were hashing.
    if (tx.select({ id: sites.id }).from(sites).limit(1).get()) return undefined;
    const siteId = tx.insert(sites).values(DEMO_SITE).returning({ id: sites.id }).get().id;
    const interestRows = tx.insert(interests).values([...INTERESTS]).returning({ id: interests.id, slug: interests.slug }).all();
    const interestIds = new Map(interestRows.map((r) => [r.slug, r.id]));
    const regionRows = Object.entries(REGIONS).flatMap(([country, { kind, regions: list }]) => list.map(([code, name]) => ({ country, kind, code, name })));
    tx.insert(regions).values(regionRows).run();

    const { insertMember } = prepareSeedStatements(db.$client);
    const members: SeededMember[] = specs.map((spec) => ({ id: insertMember(siteId, spec, DEMO_MEMBER_PASSWORD_HASH, interestIds), spec }));
    const sophie = { id: insertMember(siteId, accounts.sophie, sophieHash, interestIds), spec: accounts.sophie };
    const james = { id: insertMember(siteId, accounts.james, jamesHash, interestIds), spec: accounts.james };
    seedDemoContent({ sqlite: db.$client, rng, now, sophie, james, members });
    const everyone = [...members, sophie, james];
    // Written inside the transaction: if the disk refuses a file, nothing is committed and the next start seeds again.
    writeAvatars(
      options.uploadsDir,
      everyone.map(({ id, spec }) => ({ userId: id, input: { name: spec.name, gender: spec.orientation.gender, hairColor: spec.hairColor, look: spec.look } })),
    );
    return everyone;
  });
  if (!seeded) return false;
  console.log(`[seed] ${seeded.length} members (${options.members} demo + 2 log-in accounts) in ${Math.round(performance.now() - started)} ms`);
  return true;
}

/** Factories for tests: each builds what it needs and accepts overrides; no seeded ids. */
import { eq } from 'drizzle-orm';
import { writeTransaction, type Db } from '@db/client.js';
import { creditLedger, profiles, sites, users, type UserRow } from '@db/schema/index.js';
import { PasswordHasher } from '../modules/auth/passwords.js';
import { moveCredits } from '../modules/credits/ledger.js';

const hasher = new PasswordHasher(4);
let hashCache: Promise<string> | undefined;
export const TEST_PASSWORD = 'correct horse battery';

/** One site answering for localhost and 127.0.0.1, with every setting at a test-friendly value. */
export function insertTestSite(db: Db, overrides: Partial<typeof sites.$inferInsert> = {}): number {
  const domain = overrides.domain ?? 'localhost';
  const existing = db.select().from(sites).where(eq(sites.domain, domain)).get();
  if (existing) return existing.id;
  const row = db
    .insert(sites)
    .values({
      domain,
      aliases: ['127.0.0.1', '[::1]'],
      name: 'Amora Test',
      domainLanguage: 'en_US',
      countries: ['NL', 'DE', 'GB', 'US'],
      messageCredits: 1,
      giftCredits: 5,
      messageLength: 500,
      minimumMessageCosts: { NL: { costs: 99, currency: 'EUR' }, GB: { costs: 89, currency: 'GBP' } },
      supportEmail: 'support@localhost',
      supportPhone: '+31 20-123 45 67',
      companyName: 'Amora Test B.V.',
      signups: 'all',
      ...overrides,
    })
    .returning({ id: sites.id })
    .get();
  return row.id;
}

let counter = 0;

export interface MemberOverrides {
  siteId?: number;
  email?: string;
  password?: string;
  name?: string;
  status?: string;
  credits?: number;
  paidUser?: boolean;
  gender?: string;
  country?: string;
  birthDate?: string;
  invisible?: boolean;
}

/** The reference of the ledger row that gives a created member their `credits`. */
const TEST_GRANT_REFERENCE = 'test-grant';

/** A member's ledger rows after the opening grant of createMember: the movements a test caused. */
export function ledgerMovementsOf(db: Db, userId: number): Array<typeof creditLedger.$inferSelect> {
  return db
    .select()
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId))
    .all()
    .filter((row) => row.reference !== TEST_GRANT_REFERENCE);
}

/** Creates an active member with a profile; password defaults to TEST_PASSWORD. */
export async function createMember(db: Db, o: MemberOverrides = {}): Promise<UserRow & { password: string }> {
  counter++;
  const password = o.password ?? TEST_PASSWORD;
  const passwordHash = o.password ? await hasher.hash(o.password) : await (hashCache ??= hasher.hash(TEST_PASSWORD));
  const siteId = o.siteId ?? db.select({ id: sites.id }).from(sites).limit(1).get()!.id;
  const now = Date.now();
  const user = db
    .insert(users)
    .values({
      siteId,
      email: o.email ?? `member${counter}-${process.pid}-${now}@example.com`,
      passwordHash,
      status: o.status ?? 'active',
      paidUser: o.paidUser ?? false,
      invisible: o.invisible ?? false,
      signupDate: now,
    })
    .returning()
    .get();
  db.insert(profiles)
    .values({
      userId: user.id,
      siteId,
      name: o.name ?? `Member${counter}`,
      birthDate: o.birthDate ?? '1990-05-17',
      gender: o.gender ?? 'female',
      seeking: 'male',
      sexuality: 'hetero',
      country: o.country ?? 'NL',
      status: (o.status ?? 'active') === 'active' ? 'active' : 'disabled',
      updatedAt: now,
    })
    .run();
  // Credits only ever arrive through the ledger, as an operator's grant would.
  if (o.credits) writeTransaction(db, (tx) => moveCredits(tx, user.id, o.credits!, 'admin', TEST_GRANT_REFERENCE, now));
  return { ...user, password };
}

/** Shared steps of the auth API tests: sign-up bodies, logging in, reading links from the outbox. */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { openDb, type Db } from '@db/client.js';
import { outbox, profiles, sites, users } from '@db/schema/index.js';
import { insertTestSite } from '../../test/factories.js';
import { startTestServer, tempDir, TestClient, type TestServer } from '../../test/harness.js';

let signups = 0;

/** A valid sign-up body with a unique address; override any field. */
export function signupFields(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  signups++;
  return {
    email: `new${signups}-${process.pid}@example.com`,
    name: `Newbie${signups}`,
    password: 'a long enough password',
    date_of_birth: '1995-06-15',
    gender: 'female',
    seeking: 'male',
    ...overrides,
  };
}

export async function loggedInClient(server: TestServer, email: string, password: string): Promise<TestClient> {
  const client = new TestClient(server.url);
  const res = await client.post('/api/user.php', { email, password });
  if (res.status !== 200) throw new Error(`log-in of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return client;
}

/** The newest stored mail to `to`, or undefined. */
export function lastMailTo(db: Db, to: string) {
  return db.select().from(outbox).where(eq(outbox.toAddress, to)).orderBy(desc(outbox.id)).limit(1).get();
}

export function mailsTo(db: Db, to: string) {
  return db.select().from(outbox).where(eq(outbox.toAddress, to)).all();
}

/** The token of the first link in the newest mail to `to` (the text part holds the plain link). */
export function tokenFromLastMail(db: Db, to: string): string {
  const mail = lastMailTo(db, to);
  const match = mail && /[?&]token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`no link in the mail to ${to}`);
  return match[1]!;
}

/** The link of the newest mail to `to`, exactly as sent. */
export function linkFromLastMail(db: Db, to: string): string {
  const mail = lastMailTo(db, to);
  const match = mail && /https?:\/\/\S+token=[A-Za-z0-9_-]+/.exec(mail.text);
  if (!match) throw new Error(`no link in the mail to ${to}`);
  return match[0];
}

export function userRow(db: Db, email: string) {
  return db.select().from(users).where(eq(users.email, email)).get();
}

export function profileRow(db: Db, userId: number) {
  return db.select().from(profiles).where(eq(profiles.userId, userId)).get();
}

/**
 * A test server whose site has the given settings from the start (the site directory caches
 * settings, so they are written before the first request). destroy() also removes the db file.
 */
export async function startServerWithSite(siteOverrides: Partial<typeof sites.$inferInsert>, env: Record<string, string> = {}): Promise<TestServer> {
  const dir = tempDir('auth-site-');
  const db = openDb(join(dir, 'app.db'));
  insertTestSite(db, siteOverrides);
  const server = await startTestServer(env, { db });
  const destroy = server.destroy;
  return Object.assign(server, {
    async destroy() {
      await destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  });
}

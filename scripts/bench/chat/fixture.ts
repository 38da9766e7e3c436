/**
 * Builds the database the chat server under test starts on: one site, N active premium members
 * with plenty of credits, and one logged-in session per member. Logging 10,000 members in through
 * argon2 would take minutes, so sessions are minted the way express-session stores and signs them
 * (row in `sessions` or key `sess:<sid>` in Redis; cookie 's:' + sid + '.' + HMAC-SHA256).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { openDb } from '../../../db/client.js';
import { creditLedger, profiles, sessions, users } from '../../../db/schema/index.js';
import { AUTH_COOKIE_DAYS, AUTH_COOKIE_NAME } from '../../../shared/src/constants.js';
import { insertTestSite } from '../../../server/src/test/factories.js';

/** Every member's opening balance: enough for any run. */
const BENCH_CREDITS = 10_000_000;

/** Fixed so every server process of the run (and restarts) accept the minted cookies. */
export const BENCH_SESSION_SECRET = 'chat-bench-session-secret-0123456789abcdef';

export interface BenchMember {
  id: number;
  sid: string;
  /** the Cookie header value that logs this member in */
  cookie: string;
}

/** express-session's signed cookie value (cookie-signature), URI-encoded like the server sets it. */
export function sessionCookie(sid: string, secret = BENCH_SESSION_SECRET): string {
  const mac = createHmac('sha256', secret).update(sid).digest('base64').replace(/=+$/, '');
  return `${AUTH_COOKIE_NAME}=${encodeURIComponent(`s:${sid}.${mac}`)}`;
}

function sessionJson(userId: number, expires: number): string {
  const cookie = { originalMaxAge: AUTH_COOKIE_DAYS * 86_400_000, expires: new Date(expires).toISOString(), secure: false, httpOnly: true, path: '/', sameSite: 'lax' };
  return JSON.stringify({ cookie, userId, epoch: 0 });
}

/** Creates the database file with `count` members and their sessions in the sessions table. */
export function createBenchDatabase(file: string, count: number): BenchMember[] {
  const db = openDb(file);
  const siteId = insertTestSite(db, { messageCredits: 1, giftCredits: 5, messageLength: 500 });
  const now = Date.now();
  const expires = now + AUTH_COOKIE_DAYS * 86_400_000;
  const members: BenchMember[] = [];
  db.transaction((tx) => {
    for (let i = 0; i < count; i++) {
      const user = tx
        .insert(users)
        .values({ siteId, email: `bench${i}@example.com`, passwordHash: 'not-a-hash', status: 'active', paidUser: true, signupDate: now })
        .returning({ id: users.id })
        .get();
      tx.insert(creditLedger).values({ userId: user.id, delta: BENCH_CREDITS, reason: 'admin', reference: 'bench', balanceAfter: BENCH_CREDITS, createdAt: now }).run();
      tx.insert(profiles)
        .values({ userId: user.id, siteId, name: `Bench${i}`, birthDate: '1990-01-01', gender: i % 2 ? 'male' : 'female', seeking: i % 2 ? 'female' : 'male', sexuality: 'hetero', country: 'NL', status: 'active', updatedAt: now })
        .run();
      const sid = randomBytes(18).toString('base64url');
      tx.insert(sessions).values({ sid, sess: sessionJson(user.id, expires), userId: user.id, expiresAt: expires }).run();
      members.push({ id: user.id, sid, cookie: sessionCookie(sid) });
    }
  });
  db.$client.close();
  return members;
}

/** Copies the members' sessions into Redis, where connect-redis looks for them in Redis mode. */
export async function mintRedisSessions(redisUrl: string, members: BenchMember[]): Promise<void> {
  const redis = new Redis(redisUrl);
  const ttl = AUTH_COOKIE_DAYS * 86_400;
  const expires = Date.now() + ttl * 1000;
  for (let i = 0; i < members.length; i += 1000) {
    const pipeline = redis.pipeline();
    for (const m of members.slice(i, i + 1000)) pipeline.set(`sess:${m.sid}`, sessionJson(m.id, expires), 'EX', ttl);
    await pipeline.exec();
  }
  redis.disconnect();
}

/** Messages the run stored, read straight from the file (for the duplicate check). */
export function storedMessageStats(file: string, clientIdPrefix: string): { rows: number; distinctClientIds: number } {
  const db = openDb(file);
  const row = db.$client
    .prepare('SELECT count(*) AS rows, count(DISTINCT sender_id || \':\' || client_id) AS distinctClientIds FROM messages WHERE client_id LIKE ?')
    .get(`${clientIdPrefix}%`) as { rows: number; distinctClientIds: number };
  db.$client.close();
  return row;
}

/** Newest stored message id: what every client holds after loading its chats before a run. */
export function newestMessageId(file: string): number {
  const db = openDb(file);
  const row = db.$client.prepare('SELECT coalesce(max(id), 0) AS id FROM messages').get() as { id: number };
  db.$client.close();
  return row.id;
}

/**
 * A sign-up whose account is stored but whose session cannot be written (Redis away: 503 with
 * Retry-After). The app sends a request answered 503 again by itself, and the member presses
 * "Create my account" again after "try again in a few seconds": that repeat must finish the
 * sign-up, not answer "You already have an account" for the account the first attempt made.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TestClient, type TestServer } from '../../test/harness.js';
import { startPrivateRedis, type PrivateRedis } from '../../test/multi-process.js';
import { mailsTo, signupFields, userRow } from './auth-test-helpers.js';

let redis: PrivateRedis;
let server: TestServer;

beforeAll(async () => {
  redis = await startPrivateRedis();
  server = await startTestServer({ REDIS_URL: redis.url, REDIS_COMMAND_TIMEOUT_MS: '300' });
}, 30_000);

afterAll(async () => {
  await redis?.start().catch(() => {}); // so that the server's close does not wait on a dead Redis
  await server?.destroy();
  await redis?.kill();
});

async function redisBack(): Promise<void> {
  await redis.start();
  await expect.poll(async () => (await fetch(`${server.url}/healthz`).then((r) => r.json())).redis, { timeout: 10_000, interval: 100 }).toBe('ok');
}

describe('a sign-up during a Redis outage', () => {
  it('is finished by the repeat once Redis is back: logged in, one activation mail', async () => {
    const browser = new TestClient(server.url);
    const body = signupFields();
    await redis.kill();
    const first = await browser.post('/api/signup.php', body);
    expect(first.status).toBe(503);
    expect(userRow(server.db, body.email as string)).toBeDefined();

    await redisBack();
    const again = await browser.post('/api/signup.php', body);
    expect(again.body.error).toBeUndefined();
    expect(again.status).toBe(201);
    expect(again.body.user.email).toBe(body.email);
    expect((await browser.get('/api/user.php')).body.user.email).toBe(body.email);
    expect(mailsTo(server.db, body.email as string)).toHaveLength(1);
  }, 30_000);

  it('still answers "account exists" to a repeat with another password', async () => {
    const body = signupFields();
    expect((await new TestClient(server.url).post('/api/signup.php', body)).status).toBe(201);
    const other = await new TestClient(server.url).post('/api/signup.php', { ...body, password: 'another long password' });
    expect(other.status).toBe(409);
    expect(other.body.error).toBe('account_exists');
  }, 30_000);
});

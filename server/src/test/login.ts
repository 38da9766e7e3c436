/**
 * Logs a member in for a test: POST /api/user.php like the client. While the auth module's route
 * is not mounted (404), falls back to writing the session straight into the server's store with
 * a cookie signed the way express-session signs it, so chat tests do not depend on build order.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { AUTH_COOKIE_NAME } from '@shared/constants.js';
import type { RunningServer } from '../server.js';
import { TestClient } from './harness.js';

export interface LoginMember {
  id: number;
  email: string;
  password: string;
  sessionEpoch?: number;
}

export async function loginAs(server: RunningServer, member: LoginMember): Promise<TestClient> {
  const client = new TestClient(server.url);
  const res = await client.post('/api/user.php', { email: member.email, password: member.password });
  if (res.status === 200) return client;
  if (res.status !== 404) throw new Error(`loginAs(${member.email}): ${res.status} ${JSON.stringify(res.body)}`);
  const sid = randomBytes(18).toString('base64url');
  const expires = new Date(Date.now() + 30 * 86_400_000);
  const session = { cookie: { originalMaxAge: 30 * 86_400_000, expires, httpOnly: true, path: '/' }, userId: member.id, epoch: member.sessionEpoch ?? 0 };
  await new Promise<void>((resolve, reject) => server.ctx.sessionStore.set(sid, session as never, (err) => (err ? reject(err) : resolve())));
  const signature = createHmac('sha256', server.ctx.sessionSecret).update(sid).digest('base64').replace(/=+$/, '');
  return new PresetSessionClient(server.url, `${AUTH_COOKIE_NAME}=${encodeURIComponent(`s:${sid}.${signature}`)}`);
}

/** A TestClient that always sends one preset session cookie besides its jar. */
class PresetSessionClient extends TestClient {
  constructor(
    baseUrl: string,
    private readonly sessionCookie: string,
  ) {
    super(baseUrl);
  }
  override cookieHeader(): string {
    const jar = super.cookieHeader();
    return jar && !jar.includes(`${AUTH_COOKIE_NAME}=`) ? `${this.sessionCookie}; ${jar}` : jar || this.sessionCookie;
  }
}

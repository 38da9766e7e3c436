/**
 * A REST write from a page of another origin is refused before it is read: browsers send the
 * member's cookie to every port and scheme of a host (SameSite=Lax keeps only other sites out),
 * so a page of another app on the same host must not send messages, spend credits or delete chats
 * in the member's name. The rule is the socket handshake's (handshake-origin.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { messages } from '@db/schema/index.js';
import { loggedInMember, send } from '../modules/chats/chat-test-kit.js';
import { creditBalance } from '../modules/credits/ledger.js';
import { createMember } from '../test/factories.js';
import { startTestServer, type TestServer } from '../test/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.destroy();
});

const otherPort = () => {
  const port = Number(new URL(server.url).port);
  return `http://127.0.0.1:${port === 8080 ? 8081 : 8080}`;
};
const storedBy = (senderId: number) => server.db.select({ n: count() }).from(messages).where(eq(messages.senderId, senderId)).get()!.n;

describe('a write from a page of another origin', () => {
  it('sends no message and spends no credit; the same origin and a client without Origin still send', async () => {
    const me = await loggedInMember(server);
    const peer = await createMember(server.db);
    const before = creditBalance(server.db, me.user.id);

    for (const origin of [otherPort(), server.url.replace('http:', 'https:'), 'null']) {
      const res = await me.client.post('/api/messages.php', { profile: peer.id, client_id: `cross${origin.length}abc`, body: 'hi' }, { origin });
      expect(res.status, origin).toBe(403);
      expect(res.body.error).toBe('origin_not_allowed');
    }
    expect(storedBy(me.user.id)).toBe(0);
    expect(creditBalance(server.db, me.user.id)).toBe(before);

    expect((await me.client.post('/api/messages.php', { profile: peer.id, client_id: 'sameorigin1', body: 'hi' }, { origin: server.url })).status).toBe(201);
    expect((await send(me.client, peer.id)).status).toBe(201);
    expect(storedBy(me.user.id)).toBe(2);
  });

  it('deletes no chat, and cannot log a visitor in to an account of its choosing', async () => {
    const me = await loggedInMember(server);
    const peer = await createMember(server.db);
    const conversation = (await send(me.client, peer.id)).body.message.conversation;
    const refused = await me.client.delete('/api/chat.php', { conversation }, { origin: otherPort() });
    expect(refused.status).toBe(403);
    expect((await me.client.get('/api/chats.php')).body.chats.map((c: { conversation: number }) => c.conversation)).toEqual([conversation]);

    const victim = await loggedInMember(server);
    const attacker = await createMember(server.db);
    const login = await victim.client.post('/api/user.php', { email: attacker.email, password: attacker.password }, { origin: otherPort() });
    expect(login.status).toBe(403);
    expect((await victim.client.get('/api/user.php')).body.user.id).toBe(victim.user.id);
  });

  it('still reads (GET), and the page-hidden beacon still answers 204', async () => {
    const me = await loggedInMember(server);
    expect((await me.client.get('/api/chats.php', { origin: otherPort() })).status).toBe(200);
    expect((await me.client.post('/api/page-hidden.php', {}, { origin: otherPort() })).status).toBe(204);
  });

  it('behind a proxy TRUST_PROXY trusts, compares with the forwarded scheme and host', async () => {
    const me = await loggedInMember(server);
    const peer = await createMember(server.db);
    const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'localhost' };
    const post = (origin: string, clientId: string) => me.client.post('/api/messages.php', { profile: peer.id, client_id: clientId, body: 'hi' }, { ...forwarded, origin });
    expect((await post('https://localhost', 'forwarded1')).status).toBe(201);
    expect((await post('http://localhost', 'forwarded2')).status).toBe(403);
    expect((await post(server.url, 'forwarded3')).status).toBe(403);
  });
});

/**
 * A page names the member it is for (X-Member, the socket handshake's `auth.member`). On a shared
 * browser the cookie may meanwhile be another member's (her session ended, he logged in): what
 * her page still sends must not be done as him.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.js';
import { loggedInMember } from '../modules/chats/chat-test-kit.js';
import { openSocket } from '../realtime/testing.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.destroy());

describe('a page of another member than the session', () => {
  it('is refused a send as 403 authentication_required, and nothing is stored', async () => {
    const him = await loggedInMember(server);
    const her = await loggedInMember(server);
    const peer = await loggedInMember(server);
    const res = await him.client.post('/api/messages.php', { profile: peer.user.id, client_id: 'a'.repeat(32), body: 'Private, hers' }, { 'X-Member': String(her.user.id) });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'authentication_required', authentication_required: true });
    const peerChats = await peer.client.get('/api/chats.php');
    expect(JSON.stringify(peerChats.body)).not.toContain('Private, hers');
    // His own pages go on working, with his id or none.
    expect((await him.client.get('/api/chats.php', { 'X-Member': String(him.user.id) })).status).toBe(200);
    expect((await him.client.get('/api/chats.php')).status).toBe(200);
  });

  it('is refused a socket with authentication_required', async () => {
    const him = await loggedInMember(server);
    const her = await loggedInMember(server);
    const cookie = him.client.cookieHeader();
    await expect(openSocket(server.url, { cookie, auth: { member: her.user.id } })).rejects.toThrow('authentication_required');
    const own = await openSocket(server.url, { cookie, auth: { member: him.user.id } });
    expect(own.connected).toBe(true);
    own.close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '@db/schema/index.js';
import { createMember } from '../test/factories.js';
import { startTestServer, type TestServer } from '../test/harness.js';
import { loginAs } from '../test/login.js';
import { command, openSocket } from './testing.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.destroy());

async function memberCookie(overrides = {}) {
  const member = await createMember(server.db, overrides);
  const client = await loginAs(server, member);
  return { member, cookie: client.cookieHeader() };
}

describe('socket handshake', () => {
  it('refuses a socket without a session', async () => {
    await expect(openSocket(server.url)).rejects.toThrow('authentication_required');
  });

  it('refuses a forged session cookie', async () => {
    await expect(openSocket(server.url, { cookie: 'auth.sid=s%3Aforged.signature' })).rejects.toThrow('authentication_required');
  });

  it('accepts a logged-in member, from the same site or without an Origin header', async () => {
    const { cookie } = await memberCookie();
    const plain = await openSocket(server.url, { cookie });
    const fromPage = await openSocket(server.url, { cookie, origin: 'http://localhost:5173' });
    expect(plain.connected && fromPage.connected).toBe(true);
    plain.close();
    fromPage.close();
  });

  it('refuses a handshake from a foreign origin even with a valid session cookie', async () => {
    const { cookie } = await memberCookie();
    await expect(openSocket(server.url, { cookie, origin: 'https://evil.example' })).rejects.toThrow();
    const polling = await fetch(`${server.url}/socket.io/?EIO=4&transport=polling`, { headers: { origin: 'https://evil.example', cookie } });
    expect(polling.status).toBe(403);
  });

  it('refuses the sessions of a deleted account and from before a password change', async () => {
    const deleted = await memberCookie();
    server.db.update(users).set({ status: 'deleted' }).where(eq(users.id, deleted.member.id)).run();
    await expect(openSocket(server.url, { cookie: deleted.cookie })).rejects.toThrow('authentication_required');

    const changed = await memberCookie();
    server.db.update(users).set({ sessionEpoch: 1 }).where(eq(users.id, changed.member.id)).run();
    await expect(openSocket(server.url, { cookie: changed.cookie })).rejects.toThrow('authentication_required');
  });

  it('closes an open socket whose member changed the password, answering authentication_required', async () => {
    const { member, cookie } = await memberCookie({ credits: 10 });
    const socket = await openSocket(server.url, { cookie });
    const disconnected = new Promise((resolve) => socket.once('disconnect', resolve));
    server.db.update(users).set({ sessionEpoch: 7 }).where(eq(users.id, member.id)).run();
    const ack = await command(socket, 'message:read', { conversation: 1, message: 1 });
    expect(ack).toMatchObject({ ok: false, error: 'authentication_required' });
    await disconnected;
  });

  it('closes every socket of a session that logs out, and only those', async () => {
    const member = await createMember(server.db);
    const leaving = await loginAs(server, member);
    const loggedOut = leaving.cookieHeader();
    const otherDevice = (await loginAs(server, member)).cookieHeader();
    const [tab1, tab2, phone] = await Promise.all([openSocket(server.url, { cookie: loggedOut }), openSocket(server.url, { cookie: loggedOut }), openSocket(server.url, { cookie: otherDevice })]);
    const closed = Promise.all([tab1, tab2].map((s) => new Promise((resolve) => s.once('disconnect', resolve))));
    expect((await leaving.get('/api/logout.php')).status).toBe(200);
    await closed;
    expect(phone.connected).toBe(true);
    phone.close();
  });
});

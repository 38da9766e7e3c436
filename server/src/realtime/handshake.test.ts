import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { writeTransaction } from '@db/client.js';
import { messages, users } from '@db/schema/index.js';
import { createMember } from '../test/factories.js';
import { startTestServer, TestClient, type TestServer } from '../test/harness.js';
import { loginAs } from '../test/login.js';
import { send } from '../modules/chats/chat-test-kit.js';
import { creditBalance } from '../modules/credits/ledger.js';
import { issueToken } from '../modules/auth/tokens.js';
import { sign } from 'cookie-signature';
import { AUTH_COOKIE_NAME } from '@shared/constants.js';
import { signedSessionId } from '../http/stored-session.js';
import { collect, command, openSocket, sleep } from './testing.js';

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

/** Resolves when the server closes the socket; rejects when it is still open after `ms`. */
function closedWithin(socket: Awaited<ReturnType<typeof openSocket>>, ms = 2000): Promise<void> {
  return new Promise((resolve, reject) => {
    // Closed already: the server's disconnect may come in the same read as its connect.
    if (!socket.connected) return resolve();
    const timer = setTimeout(() => reject(new Error('socket still open')), ms);
    socket.once('disconnect', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

describe('socket handshake', () => {
  it('refuses a socket without a session', async () => {
    await expect(openSocket(server.url)).rejects.toThrow('authentication_required');
  });

  it('refuses a forged session cookie', async () => {
    await expect(openSocket(server.url, { cookie: 'auth.sid=s%3Aforged.signature' })).rejects.toThrow('authentication_required');
  });

  it('refuses a real session id signed with another secret, and a session that logged out', async () => {
    const { cookie } = await memberCookie();
    const sid = signedSessionId(cookie, AUTH_COOKIE_NAME, server.ctx.sessionSecret)!;
    const resigned = `${AUTH_COOKIE_NAME}=${encodeURIComponent(`s:${sign(sid, 'not-the-secret')}`)}`;
    await expect(openSocket(server.url, { cookie: resigned })).rejects.toThrow('authentication_required');

    const loggedOut = await memberCookie();
    const res = await fetch(`${server.url}/api/logout.php`, { headers: { cookie: loggedOut.cookie } });
    expect(res.status).toBe(200);
    await expect(openSocket(server.url, { cookie: loggedOut.cookie })).rejects.toThrow('authentication_required');
  });

  // Origins of the same host on another port or scheme: handshake-origin.test.ts.
  it('accepts a logged-in member, from a page of the origin it connects to or without an Origin header', async () => {
    const { cookie } = await memberCookie();
    const plain = await openSocket(server.url, { cookie });
    const fromPage = await openSocket(server.url, { cookie, origin: server.url });
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

  it('refuses a JSONP polling handshake, which a <script> tag on any page of the same site sends without an Origin', async () => {
    const { cookie } = await memberCookie();
    const jsonp = await fetch(`${server.url}/socket.io/?EIO=4&transport=polling&j=0`, { headers: { cookie } });
    expect(jsonp.status).toBe(403);
    expect(await jsonp.text()).not.toContain('sid');
    const polling = await fetch(`${server.url}/socket.io/?EIO=4&transport=polling`, { headers: { cookie } });
    expect(polling.status).toBe(200);
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

  // A send checks the account in its own transaction, not in a look-up before it: both changes
  // below are made behind the server's back, so only that check can notice them.
  it.each([
    ['was deleted', { status: 'deleted' }],
    ['changed its password', { sessionEpoch: 3 }],
  ])('refuses a send from an open socket whose account %s, stores and charges nothing, and closes the socket', async (_, change) => {
    const { member, cookie } = await memberCookie({ credits: 10 });
    const recipient = await createMember(server.db);
    const socket = await openSocket(server.url, { cookie });
    const closed = closedWithin(socket);
    server.db.update(users).set(change).where(eq(users.id, member.id)).run();
    const ack = await command(socket, 'message:send', { profile: recipient.id, client_id: 'c_stale_0001', body: 'still there?' });
    expect(ack).toMatchObject({ ok: false, error: 'authentication_required' });
    await closed;
    expect(server.db.select().from(messages).where(eq(messages.senderId, member.id)).all()).toEqual([]);
    expect(creditBalance(server.db, member.id)).toBe(10);
  });

  // Typing and presence read no account of their own: without a look-up a socket of a deleted
  // (banned) account went on watching its peers' online state and typing at them.
  it.each([
    ['was deleted', { status: 'deleted' }],
    ['changed its password', { sessionEpoch: 5 }],
  ])('an open socket whose account %s can neither watch presence nor type, and is closed', async (_, change) => {
    const { member, cookie } = await memberCookie({ credits: 10 });
    const peer = await memberCookie();
    const conversation = (await send(await loginAs(server, member), peer.member.id, 'hello')).body.message.conversation;
    const peerSocket = await openSocket(server.url, { cookie: peer.cookie });
    const typingAtPeer = collect(peerSocket, 'typing');
    const watcher = await openSocket(server.url, { cookie });
    const typist = await openSocket(server.url, { cookie });
    const closed = Promise.all([closedWithin(watcher), closedWithin(typist)]);
    server.db.update(users).set(change).where(eq(users.id, member.id)).run();

    expect(await command(watcher, 'presence:watch', { profiles: [peer.member.id] })).toMatchObject({ ok: false, error: 'authentication_required' });
    typist.emit('typing', { conversation, typing: true });
    await closed;
    await sleep(100);
    expect(typingAtPeer).toEqual([]);
    peerSocket.close();
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

  /**
   * Holds the next session read of the socket handshake (engine.io's, before the log-out) and
   * hands its answer over only once `during` has run: the handshake then goes on with a session
   * the store no longer has, as when a tab reconnects at the moment another tab logs out.
   */
  async function handshakeReadBefore(cookie: string, during: () => Promise<void>) {
    const store = server.ctx.sessionStore;
    const realGet = store.get;
    let readDone!: () => void;
    const read = new Promise<void>((resolve) => (readDone = resolve));
    let letGo!: () => void;
    const released = new Promise<void>((resolve) => (letGo = resolve));
    store.get = function heldGet(this: typeof store, sid, callback) {
      store.get = realGet;
      realGet.call(this, sid, (err, session) => {
        readDone();
        void released.then(() => callback(err, session));
      });
    };
    const opening = openSocket(server.url, { cookie }).catch(() => undefined);
    await read;
    await during();
    letGo();
    return opening;
  }

  // Regression: the log-out swept the member's room for the session's sockets, and a socket whose
  // handshake had read the session just before was not in the room yet: it stayed connected,
  // receiving the member's messages, with no session behind it.
  it('closes a socket whose handshake read the session just before it logged out', async () => {
    const member = await createMember(server.db);
    const sender = await createMember(server.db, { credits: 10 });
    const leaving = await loginAs(server, member);
    const socket = await handshakeReadBefore(leaving.cookieHeader(), async () => {
      expect((await leaving.get('/api/logout.php')).status).toBe(200);
    });
    // Refused at the handshake would do as well; connected, it must be closed at once.
    if (socket) {
      const leaked = collect(socket, 'message:new');
      await closedWithin(socket);
      expect((await send(await loginAs(server, sender), member.id, 'after the log-out')).status).toBe(201);
      await sleep(100);
      expect(leaked).toEqual([]);
    }
  });

  it('closes a socket whose handshake read the session just before the browser logged in as someone else', async () => {
    const first = await createMember(server.db);
    const second = await createMember(server.db);
    const browser = await loginAs(server, first);
    const socket = await handshakeReadBefore(browser.cookieHeader(), async () => {
      expect((await browser.post('/api/user.php', { email: second.email, password: second.password })).status).toBe(200);
    });
    if (socket) await closedWithin(socket);
  });

  // Regression: the epoch was only checked on commands, so a socket of another session (a stolen
  // cookie, a forgotten phone) kept receiving every new message after the password change.
  it('closes the sockets of the other sessions as soon as the password changes or is reset', async () => {
    const member = await createMember(server.db);
    const sender = await createMember(server.db, { credits: 10 });
    const senderClient = await loginAs(server, sender);
    const here = await loginAs(server, member);
    const stolen = await openSocket(server.url, { cookie: (await loginAs(server, member)).cookieHeader() });
    const mine = await openSocket(server.url, { cookie: here.cookieHeader() });
    const leaked = collect(stolen, 'message:new');
    const stolenClosed = closedWithin(stolen);

    const NEW = 'a brand new password';
    const res = await here.put('/api/password.php', { old_password: member.password, password: NEW, password_confirmation: NEW });
    expect(res.status).toBe(200);
    await stolenClosed;
    expect((await send(senderClient, member.id, 'after the change')).status).toBe(201);
    await sleep(100);
    expect(leaked).toEqual([]);
    expect(mine.connected).toBe(true);

    // A reset (forgotten password) ends every socket opened before it.
    const mineClosed = closedWithin(mine);
    const token = writeTransaction(server.db, (tx) => issueToken(tx, { userId: member.id, purpose: 'reset_password', ttlMs: 60_000, now: server.clock.now() }));
    const reset = await new TestClient(server.url).put('/api/password-reset.php', { token, password: NEW + '!', password_confirmation: NEW + '!' });
    expect(reset.status).toBe(200);
    await mineClosed;
  });
});

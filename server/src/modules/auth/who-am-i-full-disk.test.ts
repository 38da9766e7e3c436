/**
 * GET /api/user.php on a full disk. It doubles as the "last seen" heartbeat, a write; the app's
 * first load waits for its answer, and a 5xx keeps the member on the can't-connect page
 * (client/src/app/boot.ts). Reads still work when the disk is full: the heartbeat must not take
 * the whole app down with it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { users } from '@db/schema/index.js';
import { createMember } from '../../test/factories.js';
import { withFullDisk } from '../../test/full-disk.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { loggedInClient } from './auth-test-helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.destroy());

it('answers the logged-in member while the heartbeat cannot be written, and records it once space is back', async () => {
  const member = await createMember(server.db, { credits: 100 });
  const peer = await createMember(server.db);
  const client = await loggedInClient(server, member.email, member.password);
  server.clock.advance(5 * 60_000); // the heartbeat is due again
  const lastSeen = () => server.db.select({ at: users.lastSeenAt }).from(users).where(eq(users.id, member.id)).get()!.at;
  const before = lastSeen();
  await withFullDisk(server.db, async () => {
    // Writes fail meanwhile: a send is refused with a 5xx JSON error.
    const send = await client.post('/api/messages.php', { profile: peer.id, client_id: 'a'.repeat(32), body: 'hi' });
    expect(send).toMatchObject({ status: 500, body: { error: 'generic' } });
    const res = await client.get('/api/user.php', { 'X-Request-Type': 'client' });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: member.id, logged_in: true });
    expect(lastSeen()).toBe(before);
  });
  const res = await client.get('/api/user.php', { 'X-Request-Type': 'client' });
  expect(res.status).toBe(200);
  expect(lastSeen()).toBe(server.clock.now());
});

it('refuses a language change it cannot store, rather than answering it done', async () => {
  const member = await createMember(server.db);
  const client = await loggedInClient(server, member.email, member.password);
  const stored = () => server.db.select({ language: users.language }).from(users).where(eq(users.id, member.id)).get()!.language;
  const before = stored();
  await withFullDisk(server.db, async () => {
    const res = await client.put('/api/user.php', { language: before === 'de' ? 'fr' : 'de' });
    expect(res).toMatchObject({ status: 500, body: { error: 'generic' } });
  });
  expect(stored()).toBe(before);
  expect((await client.put('/api/user.php', { language: 'de' })).body.user.language).toBe('de');
  expect(stored()).toBe('de');
});

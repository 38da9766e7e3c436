import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, users } from '@db/schema/index.js';
import { startTestServer, TestClient, type TestServer } from '../../test/harness.js';
import { createMember } from '../../test/factories.js';
import { loggedInMember, send } from '../chats/chat-test-kit.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.destroy();
});

describe('GET /api/profile.php', () => {
  it('shows a member with what the chat shows, plus city and about', async () => {
    const viewer = await loggedInMember(server);
    const member = await createMember(server.db, { name: 'Roos', country: 'NL' });
    const res = await viewer.client.get(`/api/profile.php?id=${member.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ blocked_by_me: false, profile: { id: member.id, name: 'Roos', country: 'NL', can_receive_replies: true } });
    expect(res.body.profile).toHaveProperty('city');
    expect(res.body.profile).toHaveProperty('about');
    expect(res.body.profile.age).toBeGreaterThanOrEqual(18);
  });

  // The profile page is where a member's own words show: an answer without them shows an empty page.
  it('shows the city and the about text the member wrote', async () => {
    const viewer = await loggedInMember(server);
    const member = await createMember(server.db, { name: 'Noor' });
    server.db.update(profiles).set({ city: 'Utrecht', about: 'Loves long walks by the canal.' }).where(eq(profiles.userId, member.id)).run();
    const res = await viewer.client.get(`/api/profile.php?id=${member.id}`);
    expect(res.status).toBe(200);
    expect(res.body.profile).toMatchObject({ city: 'Utrecht', about: 'Loves long walks by the canal.' });
  });

  // A block hides presence: the blocker must not learn when the member they blocked was last on.
  it('shows no last-seen time of a member the viewer blocked, though one is stored', async () => {
    const blocker = await loggedInMember(server);
    const blocked = await loggedInMember(server);
    const lastSeen = server.clock.now() - 60_000;
    server.db.update(users).set({ lastSeenAt: lastSeen }).where(eq(users.id, blocked.user.id)).run();
    const before = await blocker.client.get(`/api/profile.php?id=${blocked.user.id}`);
    expect(before.body.profile.last_seen).toBe(new Date(lastSeen).toISOString());

    expect((await blocker.client.post('/api/block.php', { profile: blocked.user.id })).status).toBe(200);
    const after = await blocker.client.get(`/api/profile.php?id=${blocked.user.id}`);
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ blocked_by_me: true, profile: { online: false, last_seen: null } });
  });

  it('refuses the blocked member with the notice and nothing of the blocker; the blocker still sees them, with Unblock', async () => {
    const blocker = await loggedInMember(server);
    const blocked = await loggedInMember(server);
    expect((await blocker.client.post('/api/block.php', { profile: blocked.user.id })).status).toBe(200);

    const refused = await blocked.client.get(`/api/profile.php?id=${blocker.user.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'blocked' });
    expect(JSON.stringify(refused.body)).not.toContain(blocker.user.email);
    expect(refused.body).not.toHaveProperty('profile');

    const seen = await blocker.client.get(`/api/profile.php?id=${blocked.user.id}`);
    expect(seen.status).toBe(200);
    // A block hides presence both ways, as in the chat.
    expect(seen.body).toMatchObject({ blocked_by_me: true, profile: { id: blocked.user.id, online: false, last_seen: null } });

    // Unblocked: both can view each other again, and talk.
    expect((await blocker.client.delete('/api/block.php', { profile: blocked.user.id })).status).toBe(200);
    expect((await blocked.client.get(`/api/profile.php?id=${blocker.user.id}`)).status).toBe(200);
    expect((await send(blocked.client, blocker.user.id, 'thanks')).status).toBe(201);
  });

  it('answers 404 for no such member and 400 for a bad id, and asks for a log-in', async () => {
    const viewer = await loggedInMember(server);
    const gone = await createMember(server.db, { status: 'deleted' });
    expect((await viewer.client.get('/api/profile.php?id=999999999')).body).toMatchObject({ error: 'not_found' });
    expect((await viewer.client.get(`/api/profile.php?id=${gone.id}`)).status).toBe(404);
    for (const bad of ['', '?id=abc', '?id=-3', '?id=1.5', '?id=0']) {
      const res = await viewer.client.get(`/api/profile.php${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body).toMatchObject({ error: 'invalid_request' });
    }
    const anonymous = await new TestClient(server.url).get(`/api/profile.php?id=${viewer.user.id}`);
    expect(anonymous.status).toBe(403);
    expect(anonymous.body).toMatchObject({ authentication_required: true });
  });
});

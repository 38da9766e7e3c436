import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '@db/schema/index.js';
import type { ChatsResponse } from '@shared/api/chats.js';
import type { PresenceDto } from '@shared/realtime.js';
import { loggedInMember, send } from '../modules/chats/chat-test-kit.js';
import type { PresenceService } from './presence.js';
import { socketTestServer } from './socket-test-server.js';
import { collect, command, nextEvent, sleep, type ClientSocket } from './testing.js';

const live = socketTestServer();

async function member(overrides: { invisible?: boolean } = {}) {
  const m = await loggedInMember(live.server, overrides);
  const cookie = m.client.cookieHeader();
  return {
    ...m,
    id: m.user.id,
    connect: () => live.connect(cookie),
  };
}

/** Two members with a conversation between them; `watcher` has a socket. */
async function pair(watchedOverrides: { invisible?: boolean } = {}) {
  const watcher = await member();
  const watched = await member(watchedOverrides);
  await send(watched.client, watcher.id, 'hi');
  return { watcher, watched, watcherSocket: await watcher.connect() };
}

const watch = (socket: ClientSocket, profiles: number[]) => command<PresenceDto[]>(socket, 'presence:watch', { profiles });

describe('presence', () => {
  it('shows a peer going online and offline, and stores when it was last seen', async () => {
    const { watched, watcherSocket } = await pair();
    expect(await watch(watcherSocket, [watched.id])).toMatchObject({ ok: true, data: [{ profile: watched.id, online: false, last_seen: null }] });

    const online = nextEvent(watcherSocket, 'presence', (p) => p.online);
    const tab1 = await watched.connect();
    expect(await online).toMatchObject({ profile: watched.id, online: true });
    const tab2 = await watched.connect();
    expect(await watch(watcherSocket, [watched.id])).toMatchObject({ data: [{ online: true }] });

    // closing one of two tabs is not going offline
    const events = collect(watcherSocket, 'presence');
    tab1.close();
    await sleep(200);
    expect(events).toEqual([]);

    const offline = nextEvent(watcherSocket, 'presence', (p) => !p.online);
    tab2.close();
    const gone = await offline;
    expect(gone.profile).toBe(watched.id);
    const stored = live.server.db.select().from(users).where(eq(users.id, watched.id)).get()?.lastSeenAt;
    expect(stored).toBeTypeOf('number');
    expect(gone.last_seen).toBe(new Date(stored!).toISOString());
    expect(await watch(watcherSocket, [watched.id])).toMatchObject({ ok: true, data: [{ profile: watched.id, online: false, last_seen: gone.last_seen }] });
  });

  it('a member swept from a dead node is last seen at its last beat, and a later sighting elsewhere is kept', async () => {
    const { watched, watcherSocket } = await pair();
    await watch(watcherSocket, [watched.id]);
    const presence = live.server.ctx.presence as PresenceService;
    const lastBeat = live.server.clock.now() - 25_000;

    const swept = nextEvent(watcherSocket, 'presence', (p) => !p.online);
    presence.wentOffline(watched.id, lastBeat);
    expect((await swept).last_seen).toBe(new Date(lastBeat).toISOString());

    // Seen since (a page-hidden beacon, a tab on another node that closed): an older sweep does not take it back.
    const seen = nextEvent(watcherSocket, 'presence', (p) => !p.online);
    presence.wentOffline(watched.id);
    const seenNow = live.server.clock.now();
    await seen;
    const again = nextEvent(watcherSocket, 'presence', (p) => !p.online);
    presence.wentOffline(watched.id, lastBeat);
    expect((await again).last_seen).toBe(new Date(seenNow).toISOString());
    expect(live.server.db.select().from(users).where(eq(users.id, watched.id)).get()?.lastSeenAt).toBe(seenNow);
  });

  it('announces nothing when a member who is online already opens another tab', async () => {
    const { watched, watcherSocket } = await pair();
    await watch(watcherSocket, [watched.id]);
    const online = nextEvent(watcherSocket, 'presence', (p) => p.online);
    await watched.connect();
    await online;
    const events = collect(watcherSocket, 'presence');
    await watched.connect();
    await sleep(200);
    expect(events).toEqual([]);
  });

  it('keeps invisible members offline without a last-seen time, and never announces them', async () => {
    const { watched, watcherSocket } = await pair({ invisible: true });
    await watch(watcherSocket, [watched.id]);
    const events = collect(watcherSocket, 'presence');
    const socket = await watched.connect();
    expect(await watch(watcherSocket, [watched.id])).toMatchObject({ ok: true, data: [{ profile: watched.id, online: false, last_seen: null }] });
    socket.close();
    await sleep(200);
    expect(events).toEqual([]);
  });

  it('only watches profiles the member has a conversation with', async () => {
    const { watcherSocket, watched } = await pair();
    const stranger = await member();
    const ack = await watch(watcherSocket, [stranger.id, watched.id]);
    expect(ack.ok && ack.data.map((p) => p.profile)).toEqual([watched.id]);

    const events = collect(watcherSocket, 'presence');
    const strangerSocket = await stranger.connect();
    await sleep(200);
    expect(events).toEqual([]);
    strangerSocket.close();
  });

  it('stops announcing a profile once it leaves the watch list', async () => {
    const { watcherSocket, watched } = await pair();
    await watch(watcherSocket, [watched.id]);
    await watch(watcherSocket, []);
    const events = collect(watcherSocket, 'presence');
    const socket = await watched.connect();
    await sleep(200);
    expect(events).toEqual([]);
    socket.close();
  });

  it('REST chat answers show the live online state, and invisible members as offline', async () => {
    const { watcher, watched } = await pair();
    const hidden = await member({ invisible: true });
    await send(hidden.client, watcher.id, 'psst');
    await watched.connect();
    await hidden.connect();
    await sleep(50);
    const chats = (await watcher.client.get('/api/chats.php')).body as { chats: Array<{ profile: { id: number; online: boolean; last_seen: string | null } }> };
    const byId = new Map(chats.chats.map((c) => [c.profile.id, c.profile]));
    expect(byId.get(watched.id)).toMatchObject({ online: true });
    expect(byId.get(hidden.id)).toMatchObject({ online: false, last_seen: null });
    const thread = (await watcher.client.get(`/api/messages.php?profile=${watched.id}`)).body as { profile: { online: boolean } };
    expect(thread.profile.online).toBe(true);
  });

  // Regression: presence ignored blocks, so a blocked member could keep watching when the blocker
  // came online and when they were last seen (spec: a blocked member cannot view the blocker).
  it('shows a blocker to the blocked member neither live nor through REST', async () => {
    const { watcher, watched, watcherSocket } = await pair();
    await watch(watcherSocket, [watched.id]);
    expect((await watched.client.post('/api/block.php', { profile: watcher.id })).status).toBe(200);

    const events = collect(watcherSocket, 'presence');
    const blockerTab = await watched.connect();
    await sleep(200);
    expect(events).toEqual([]);
    const ack = await watch(watcherSocket, [watched.id]);
    expect(ack).toEqual({ ok: true, data: [] });
    const chats = (await watcher.client.get('/api/chats.php')).body as { chats: Array<{ profile: { id: number; online: boolean; last_seen: string | null } }> };
    expect(chats.chats.find((c) => c.profile.id === watched.id)?.profile).toMatchObject({ online: false, last_seen: null });
    const thread = (await watcher.client.get(`/api/messages.php?profile=${watched.id}`)).body as { profile: { online: boolean; last_seen: string | null } };
    expect(thread.profile).toMatchObject({ online: false, last_seen: null });
    blockerTab.close();
    await sleep(200);
    expect(events).toEqual([]);
  });

  // A block hides presence both ways: the blocker no longer sees the member they blocked come
  // online, though their watch was made before the block.
  it('hides the blocked member from the blocker who watched them before the block', async () => {
    const { watcher, watched, watcherSocket } = await pair();
    await watch(watcherSocket, [watched.id]);
    expect((await watcher.client.post('/api/block.php', { profile: watched.id })).status).toBe(200);

    const events = collect(watcherSocket, 'presence');
    const blockedTab = await watched.connect();
    await sleep(200);
    blockedTab.close();
    await sleep(200);
    expect(events).toEqual([]);
  });

  it('announces a member who has no socket left as offline, with their last-seen time', async () => {
    const { watched, watcherSocket } = await pair();
    await watch(watcherSocket, [watched.id]);
    const offline = nextEvent(watcherSocket, 'presence', (p) => !p.online);
    (await watched.connect()).close();
    const gone = await offline;

    const events = collect(watcherSocket, 'presence');
    await (live.server.ctx.presence as PresenceService).announce([watched.id]);
    await sleep(200);
    expect(events).toMatchObject([{ profile: watched.id, online: false, last_seen: gone.last_seen }]);
  });

  it('announces what it is told to (after a Redis outage): the state now, never an invisible member, never to a member in a block', async () => {
    const { watcher, watched, watcherSocket } = await pair();
    const invisible = await member({ invisible: true });
    await send(invisible.client, watcher.id, 'hi');
    const blocker = await member();
    await send(blocker.client, watcher.id, 'hi');
    await watch(watcherSocket, [watched.id, invisible.id, blocker.id]);
    // The watch was made before the block: the room still holds the watcher.
    expect((await blocker.client.post('/api/block.php', { profile: watcher.id })).status).toBe(200);
    await watched.connect();
    await invisible.connect();
    await blocker.connect();
    await sleep(200);

    const events = collect(watcherSocket, 'presence');
    await (live.server.ctx.presence as PresenceService).announce([watched.id, invisible.id, blocker.id]);
    await sleep(200);
    expect(events).toMatchObject([{ profile: watched.id, online: true, last_seen: null }]);
  });

  it('the list over the socket watches the profiles it lists, but not one in a block, and a later watch list replaces it', async () => {
    const { watcher, watched, watcherSocket } = await pair();
    const blocked = await member();
    await send(blocked.client, watcher.id, 'hello');
    expect((await watcher.client.post('/api/block.php', { profile: blocked.id })).status).toBe(200);

    const list = await command<ChatsResponse>(watcherSocket, 'chats', {});
    expect(list.ok).toBe(true);
    const online = nextEvent(watcherSocket, 'presence', (p) => p.profile === watched.id && p.online);
    const events = collect(watcherSocket, 'presence');
    const watchedTab = await watched.connect();
    await blocked.connect();
    expect(await online).toMatchObject({ profile: watched.id, online: true });
    await sleep(200);
    expect(events.map((e) => e.profile)).toEqual([watched.id]);

    // presence:watch with nothing in it empties the list's watch too: going offline is not shown
    expect(await watch(watcherSocket, [])).toEqual({ ok: true, data: [] });
    const later = collect(watcherSocket, 'presence');
    watchedTab.close();
    await sleep(200);
    expect(later).toEqual([]);
  });

  it('refuses a burst of watch requests beyond 20 in 10 s with rate_limited', async () => {
    const { watcherSocket, watched } = await pair();
    for (let i = 0; i < 20; i++) expect(await watch(watcherSocket, [watched.id])).toMatchObject({ ok: true });
    expect(await watch(watcherSocket, [watched.id])).toMatchObject({ ok: false, error: 'rate_limited' });
    live.server.clock.advance(10_001);
    expect(await watch(watcherSocket, [watched.id])).toMatchObject({ ok: true });
  });
});

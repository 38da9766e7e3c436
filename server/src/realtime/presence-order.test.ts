/**
 * Presence as a watcher sees it when frames cross: two server processes on one database and one
 * Redis, one of them on a slow link to Redis (another zone, a loaded host). The watcher's view is
 * built as the web client builds it (state/realtime.ts, newerPresence): every `presence` event and every
 * `presence:watch` answer, in the order they reach the socket.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { users } from '@db/schema/index.js';
import type { SendMessageResponse } from '@shared/api/chats.js';
import { newerPresence, type PresenceState } from '@shared/presence-order.js';
import type { AckResult, PresenceDto } from '@shared/realtime.js';
import { clientId } from '../modules/chats/chat-test-kit.js';
import { createMember } from '../test/factories.js';
import { TestClient } from '../test/harness.js';
import { sharedDatabase, startNode, startPrivateRedis, type PrivateRedis, type ServerNode, type SharedDatabase } from '../test/multi-process.js';
import { openTcpLink, type TcpLink } from '../test/tcp-link.js';
import { command, openSocket, sleep, type ClientSocket } from './testing.js';

/** One way, node "slow" <-> Redis: far above what a close takes on the other node. */
const LINK_DELAY_MS = 200;

let redis: PrivateRedis;
let link: TcpLink;
let shared: SharedDatabase;
let slow: ServerNode;
let fast: ServerNode;
let probe: Redis;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  redis = await startPrivateRedis();
  link = await openTcpLink(redis.port, { delayMs: LINK_DELAY_MS });
  shared = sharedDatabase();
  [slow, fast] = await Promise.all([
    startNode({ databaseFile: shared.file, redisUrl: link.url }),
    startNode({ databaseFile: shared.file, redisUrl: redis.url }),
  ]);
  probe = new Redis(redis.url);
}, 60_000);

afterEach((context) => {
  if (context.task.result?.state === 'fail') [slow, fast].forEach((n, i) => console.error(`--- node ${i} output ---\n${n?.output().slice(-2000)}`));
});

afterAll(async () => {
  sockets.forEach((s) => s.close());
  probe?.disconnect();
  await Promise.all([slow, fast].map((n) => n?.stop()));
  await link?.close();
  await redis?.kill();
  shared?.remove();
}, 30_000);

/** A member logged in on `node`, with a way to open sockets there. */
async function member(node: ServerNode) {
  const row = await createMember(shared.db, { credits: 100 });
  const http = new TestClient(node.url);
  expect((await http.post('/api/user.php', { email: row.email, password: row.password })).status).toBe(200);
  return {
    id: row.id,
    async open(): Promise<ClientSocket> {
      const socket = await openSocket(node.url, { cookie: http.cookieHeader() });
      sockets.push(socket);
      return socket;
    },
  };
}

/** What the watcher's screen shows for each profile, fed in arrival order as the client does. */
function watcherView(socket: ClientSocket) {
  const shown = new Map<number, PresenceState>();
  const apply = (p: PresenceDto) => shown.set(p.profile, newerPresence(shown.get(p.profile), { online: p.online, last_seen: p.last_seen, at: p.at }));
  socket.on('presence', apply);
  return {
    shown,
    /** a `presence:watch`, its answer applied when it arrives */
    async watch(profiles: number[]): Promise<void> {
      const answer = (await command<PresenceDto[]>(socket, 'presence:watch', { profiles }, 10_000)) as AckResult<PresenceDto[]>;
      expect(answer.ok).toBe(true);
      if (answer.ok) answer.data.forEach(apply);
    },
  };
}

/** `a` and `b` get a conversation (a may then watch b). */
async function converse(from: ClientSocket, to: number): Promise<void> {
  const ack = await command<SendMessageResponse>(from, 'message:send', { profile: to, client_id: clientId(), body: 'hi' }, 10_000);
  expect(ack.ok).toBe(true);
}

describe('presence frames that cross', () => {
  it('a watch answered while the peer leaves does not bring back an older last-seen than the offline event it follows', async () => {
    const viewer = await member(slow);
    const peer = await member(fast);
    const viewerSocket = await viewer.open();
    const peerSocket = await peer.open();
    await converse(viewerSocket, peer.id);
    const longAgo = Date.parse('2026-01-01T00:00:00Z');
    shared.db.update(users).set({ lastSeenAt: longAgo }).where(eq(users.id, peer.id)).run();

    const view = watcherView(viewerSocket);
    await view.watch([peer.id]); // joins the peer's presence room
    expect(view.shown.get(peer.id)).toMatchObject({ online: true, last_seen: new Date(longAgo).toISOString() });

    // Watched again (the list changed): the answer waits on the slow link, the peer leaves meanwhile.
    const again = view.watch([peer.id]);
    await sleep(LINK_DELAY_MS / 4);
    const leftAt = Date.now();
    peerSocket.close();
    await again;
    await sleep(3 * LINK_DELAY_MS);

    const shown = view.shown.get(peer.id)!;
    expect(shown.online).toBe(false);
    expect(Date.parse(shown.last_seen!)).toBeGreaterThanOrEqual(leftAt - 1000);
  }, 30_000);

  it('a member whose tab closes on one node while another opens on the other node is shown online', async () => {
    const viewer = await member(fast);
    const peerOnSlow = await member(slow);
    // The same member, logged in on the fast node too (a second device or tab through another node).
    const row = shared.db.select({ email: users.email }).from(users).where(eq(users.id, peerOnSlow.id)).get()!;
    const http = new TestClient(fast.url);
    expect((await http.post('/api/user.php', { email: row.email, password: 'correct horse battery' })).status).toBe(200);

    const viewerSocket = await viewer.open();
    const oldTab = await peerOnSlow.open();
    await converse(viewerSocket, peerOnSlow.id);
    // The slow node counts the tab in over its slow link before anyone can read it online.
    const counted = Date.now() + 10_000;
    while ((await probe.exists(`presence:user:${peerOnSlow.id}`)) === 0 && Date.now() < counted) await sleep(5);
    const view = watcherView(viewerSocket);
    await view.watch([peerOnSlow.id]);
    expect(view.shown.get(peerOnSlow.id)?.online).toBe(true);

    oldTab.close();
    // The slow node has counted the old tab out (Redis no longer lists the member anywhere) and is
    // about to announce "offline"; the member's new tab opens on the fast node now.
    const deadline = Date.now() + 10_000;
    while ((await probe.exists(`presence:user:${peerOnSlow.id}`)) === 1 && Date.now() < deadline) await sleep(5);
    const newTab = await openSocket(fast.url, { cookie: http.cookieHeader() });
    sockets.push(newTab);
    await sleep(6 * LINK_DELAY_MS);

    expect(newTab.connected).toBe(true);
    expect(view.shown.get(peerOnSlow.id)?.online).toBe(true);
  }, 30_000);
});

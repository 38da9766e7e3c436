/**
 * Presence after Redis restarts empty under two running nodes that do not reconnect at the same
 * moment. The node that is whole first tells its members to catch up, and they read presence from
 * a Redis that does not yet hold the other node's counts: a member connected only to the other
 * node reads as offline. When that node writes its counts back, its members' watchers elsewhere
 * must hear that they are online (a browser showed "Last seen 2 minutes ago" for a member who
 * never left, until the watcher reloaded).
 *
 * The order is made certain with a TCP link: node 2's connection to Redis stays cut while Redis
 * restarts and node 1 recovers, and is restored afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientId } from '../modules/chats/chat-test-kit.js';
import { createMember } from '../test/factories.js';
import { TestClient } from '../test/harness.js';
import { sharedDatabase, startNode, startPrivateRedis, type PrivateRedis, type ServerNode, type SharedDatabase } from '../test/multi-process.js';
import { openTcpLink, type TcpLink } from '../test/tcp-link.js';
import { command, nextEvent, openSocket, type ClientSocket } from './testing.js';

let redis: PrivateRedis;
let shared: SharedDatabase;
let link: TcpLink;
let nodes: ServerNode[] = [];
const sockets: ClientSocket[] = [];

async function connectedMember(node: ServerNode): Promise<{ id: number; socket: ClientSocket }> {
  const row = await createMember(shared.db, { credits: 10 });
  const http = new TestClient(node.url);
  expect((await http.post('/api/user.php', { email: row.email, password: row.password })).status).toBe(200);
  const socket = await openSocket(node.url, { cookie: http.cookieHeader() });
  sockets.push(socket);
  return { id: row.id, socket };
}

beforeAll(async () => {
  redis = await startPrivateRedis();
  shared = sharedDatabase();
  link = await openTcpLink(redis.port);
  // The empty Redis loses the sessions too, which logs the members out: their sockets would close
  // at the next periodic read of their session (SESSION_RECHECK_MS). Not read here: this is about
  // the presence counts, which a Redis that keeps its sessions (an append-only file) may still lose.
  const env = { SESSION_RECHECK_MS: '3600000' };
  nodes = await Promise.all([
    startNode({ databaseFile: shared.file, redisUrl: redis.url, env }),
    startNode({ databaseFile: shared.file, redisUrl: link.url, env }),
  ]);
}, 60_000);

afterAll(async () => {
  sockets.forEach((s) => s.close());
  await Promise.all(nodes.map((n) => n.stop()));
  await link?.close();
  await redis?.kill();
  shared?.remove();
}, 30_000);

describe('presence after Redis restarts empty', () => {
  it('a member connected only to the node that recovers last is announced online to watchers on the node that recovered first', async () => {
    const [node1, node2] = nodes as [ServerNode, ServerNode];
    const a = await connectedMember(node2);
    const b = await connectedMember(node1);
    // B watches A through the chat A starts.
    expect(await command(a.socket, 'message:send', { profile: b.id, client_id: clientId(), body: 'hello' })).toMatchObject({ ok: true });
    expect(await command(b.socket, 'presence:watch', { profiles: [a.id] })).toMatchObject({ ok: true, data: [{ profile: a.id, online: true }] });

    await link.cut();
    const node1Recovered = nextEvent(b.socket, 'invalidate', undefined, 15_000);
    await redis.kill();
    await redis.start();
    await node1Recovered;
    // What B's client reads as it catches up: node 2 has not written its counts back yet.
    expect(await command(b.socket, 'presence:watch', { profiles: [a.id] })).toMatchObject({ ok: true, data: [{ profile: a.id, online: false }] });

    const aOnline = nextEvent(b.socket, 'presence', (p) => p.profile === a.id && p.online, 15_000);
    await link.restore();
    expect(await aOnline).toMatchObject({ profile: a.id, online: true });
    expect(await command(b.socket, 'presence:watch', { profiles: [a.id] })).toMatchObject({ ok: true, data: [{ profile: a.id, online: true }] });
  }, 60_000);
});

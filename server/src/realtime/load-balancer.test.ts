/**
 * The deployed shape of docker-compose.yml without Docker: the shipped deploy/nginx.conf (run by
 * Debian's nginx) in front of two server processes that share one SQLite file and a private Redis.
 * Members reach different nodes through the one address, as they would from different networks;
 * the balancer must keep each long-polling session on its node (engine.io keeps it in memory there)
 * and pass WebSocket upgrades through, and Redis must carry events between the nodes.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChatsResponse, SendMessageResponse } from '@shared/api/chats.js';
import { clientId } from '../modules/chats/chat-test-kit.js';
import { fetchFrom } from '../test/fetch-from.js';
import { createMember } from '../test/factories.js';
import { TestClient } from '../test/harness.js';
import { sharedDatabase, startNode, startPrivateRedis, type PrivateRedis, type ServerNode, type SharedDatabase } from '../test/multi-process.js';
import { addressesReaching, startNginx, type RunningNginx } from '../test/nginx.js';
import { command, nextEvent, nextEventArgs, openSocket, type ClientSocket } from './testing.js';

/** Through nginx and between processes, on the two cores CI shares with other test files. */
const CROSS_PROCESS_MS = 10_000;

let redis: PrivateRedis;
let shared: SharedDatabase;
let nodes: [ServerNode, ServerNode];
let lb: RunningNginx;
/** a source address that the balancer sends to each node, by node index */
let addressTo: [string, string];
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  redis = await startPrivateRedis();
  shared = sharedDatabase();
  nodes = (await Promise.all([1, 2].map(() => startNode({ databaseFile: shared.file, redisUrl: redis.url })))) as [ServerNode, ServerNode];
  lb = await startNginx([nodes[0].port, nodes[1].port]);
  addressTo = (await addressesReaching(lb, nodes)) as [string, string];
}, 60_000);

afterEach((context) => {
  if (context.task.result?.state !== 'fail') return;
  console.error(`--- nginx error log ---\n${lb.errors().slice(-2000)}`);
  nodes.forEach((n, i) => console.error(`--- node ${i + 1} output ---\n${n.output().slice(-2000)}`));
});

afterAll(async () => {
  sockets.forEach((s) => s.close());
  await lb?.stop();
  await Promise.all((nodes ?? []).map((n) => n.stop()));
  await redis?.kill();
  shared?.remove();
}, 30_000);

/** A member logged in through the balancer from `address`. */
async function memberAt(address: string) {
  const row = await createMember(shared.db, { credits: 100 });
  const http = new TestClient(lb.url, {}, fetchFrom(address));
  expect((await http.post('/api/user.php', { email: row.email, password: row.password })).status).toBe(200);
  const open = async (transports: Array<'websocket' | 'polling'>) => {
    const socket = await openSocket(lb.url, { cookie: http.cookieHeader(), localAddress: address, transports });
    sockets.push(socket);
    return socket;
  };
  return { id: row.id, http, open };
}

const send = (socket: ClientSocket, profile: number, body: string) =>
  command<SendMessageResponse>(socket, 'message:send', { profile, client_id: clientId(), body }, CROSS_PROCESS_MS);

describe('deploy/nginx.conf in front of two nodes', () => {
  it('keeps a long-polling member on one node and carries the chat to a WebSocket member on the other', async () => {
    const a = await memberAt(addressTo[0]);
    const b = await memberAt(addressTo[1]);
    const socketA = await a.open(['websocket']);
    // Every poll is a request of its own: one sent to the other node would find no such session.
    const socketB = await b.open(['polling']);
    expect([(await nodes[0].stats()).sockets, (await nodes[1].stats()).sockets]).toEqual([1, 1]);

    for (let round = 1; round <= 3; round++) {
      const toB = nextEventArgs(socketB, 'message:new', (m) => m.body === `A ${round}`, CROSS_PROCESS_MS);
      expect(await send(socketA, b.id, `A ${round}`)).toMatchObject({ ok: true });
      const [message, effects] = await toB;
      // B read everything before: this one alone is unread
      expect(effects?.counts).toMatchObject({ total_unread: 1 });

      const readByB = nextEvent(socketA, 'message:read', (r) => r.message === message.id, CROSS_PROCESS_MS);
      expect(await command(socketB, 'message:read', { conversation: message.conversation, message: message.id }, CROSS_PROCESS_MS)).toMatchObject({ ok: true });
      await readByB;

      const toA = nextEvent(socketA, 'message:new', (m) => m.body === `B ${round}`, CROSS_PROCESS_MS);
      expect(await send(socketB, a.id, `B ${round}`)).toMatchObject({ ok: true });
      await toA;
    }
    expect(socketB.io.engine.transport.name).toBe('polling');

    // REST through the balancer: the list B's client reloads after a reconnect.
    const chats = await b.http.get('/api/chats.php');
    expect(chats.status).toBe(200);
    const entry = (chats.body as ChatsResponse).chats.find((c) => c.profile.id === a.id);
    expect(entry?.last_message?.body).toBe('B 3');
  });

  it("passes a browser's upgrade from long-polling to a WebSocket through to the same node", async () => {
    const a = await memberAt(addressTo[0]);
    const b = await memberAt(addressTo[1]);
    const socketA = await a.open(['websocket']);
    const socketB = await b.open(['polling', 'websocket']);
    if (socketB.io.engine.transport.name !== 'websocket') {
      await new Promise((resolve) => socketB.io.engine.once('upgrade', resolve));
    }
    expect(socketB.io.engine.transport.name).toBe('websocket');

    const toB = nextEvent(socketB, 'message:new', (m) => m.body === 'after the upgrade', CROSS_PROCESS_MS);
    expect(await send(socketA, b.id, 'after the upgrade')).toMatchObject({ ok: true });
    await toB;
  });

  // nginx's $host drops the port: the node saw http://127.0.0.1, the page was on 127.0.0.1:<lb>.
  it("passes the browser's Host with its port, so a page of the balancer's origin gets its socket and one of another port does not", async () => {
    const a = await memberAt(addressTo[0]);
    const asPage = (origin: string, transports: Array<'websocket' | 'polling'>) =>
      openSocket(lb.url, { cookie: a.http.cookieHeader(), localAddress: addressTo[0], origin, transports }).then((socket) => {
        sockets.push(socket);
        return socket.connected;
      });
    expect(await asPage(lb.url, ['websocket'])).toBe(true);
    expect(await asPage(lb.url, ['polling'])).toBe(true);
    await expect(asPage(`http://127.0.0.1:${lb.port + 1}`, ['websocket'])).rejects.toThrow();
    await expect(asPage(`http://127.0.0.1:${lb.port + 1}`, ['polling'])).rejects.toThrow();
  });
});

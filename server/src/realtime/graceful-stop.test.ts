/**
 * A node stopped with SIGTERM, as in a rolling restart, behind the shipped deploy/nginx.conf: two
 * server processes on one SQLite file and a private Redis. The other node's members must not
 * notice; the stopped node's members reconnect through the balancer to the other node and chat
 * on; a send the node is storing when the signal comes is answered before its socket closes.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SendMessageResponse } from '@shared/api/chats.js';
import { clientId } from '../modules/chats/chat-test-kit.js';
import { fetchFrom } from '../test/fetch-from.js';
import { createMember } from '../test/factories.js';
import { TestClient } from '../test/harness.js';
import { sharedDatabase, startNode, startPrivateRedis, type PrivateRedis, type ServerNode, type SharedDatabase } from '../test/multi-process.js';
import { addressesReaching, startNginx, type RunningNginx } from '../test/nginx.js';
import { collect, command, nextEvent, openSocket, sleep, type ClientSocket } from './testing.js';

/** Through nginx and between processes, on the two cores CI shares with other test files. */
const CROSS_PROCESS_MS = 10_000;

let redis: PrivateRedis;
let shared: SharedDatabase;
const nodes: ServerNode[] = [];
let lb: RunningNginx | undefined;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  redis = await startPrivateRedis();
  shared = sharedDatabase();
}, 30_000);

afterEach((context) => {
  if (context.task.result?.state !== 'fail') return;
  if (lb) console.error(`--- nginx error log ---\n${lb.errors().slice(-2000)}`);
  nodes.forEach((n, i) => console.error(`--- node ${i + 1} output ---\n${n.output().slice(-2000)}`));
});

afterAll(async () => {
  sockets.forEach((s) => s.close());
  await lb?.stop();
  await Promise.all(nodes.map((n) => n.stop()));
  await redis?.kill();
  shared?.remove();
}, 30_000);

async function node(): Promise<ServerNode> {
  const started = await startNode({ databaseFile: shared.file, redisUrl: redis.url });
  nodes.push(started);
  return started;
}

/** A member logged in at `baseUrl` from `address`; `connect` opens a socket that reconnects as the browser's does. */
async function loggedInAt(baseUrl: string, address = '127.0.0.1') {
  const row = await createMember(shared.db, { credits: 100 });
  const http = new TestClient(baseUrl, {}, fetchFrom(address));
  expect((await http.post('/api/user.php', { email: row.email, password: row.password })).status).toBe(200);
  const connect = async () => {
    const socket = await openSocket(baseUrl, { cookie: http.cookieHeader(), localAddress: address, reconnection: true });
    sockets.push(socket);
    return socket;
  };
  return { id: row.id, connect };
}

async function memberAt(baseUrl: string, address = '127.0.0.1') {
  const member = await loggedInAt(baseUrl, address);
  return { id: member.id, socket: await member.connect() };
}

const send = (socket: ClientSocket, profile: number, body: string) =>
  command<SendMessageResponse>(socket, 'message:send', { profile, client_id: clientId(), body }, CROSS_PROCESS_MS);

describe('a node stopped with SIGTERM', () => {
  it("leaves the other node's members connected; its own reconnect through the balancer to the other node and chat on", async () => {
    const [staying, stopping] = await Promise.all([node(), node()]);
    lb = await startNginx([staying.port, stopping.port]);
    const [toStaying, toStopping] = await addressesReaching(lb, [staying, stopping]);
    const a = await memberAt(lb.url, toStaying);
    const bAccount = await loggedInAt(lb.url, toStopping);
    expect((await send(a.socket, bAccount.id, 'before the restart')).ok).toBe(true);
    // A watches before B connects, and hears B come online from the other node: that announcement
    // is then behind us. Watched after B connected, it could still be on its way (a loaded CI
    // machine) and be taken below for a flicker caused by the restart.
    expect(await command(a.socket, 'presence:watch', { profiles: [bAccount.id] })).toMatchObject({ ok: true, data: [{ profile: bAccount.id, online: false }] });
    const bOnline = nextEvent(a.socket, 'presence', (p) => p.profile === bAccount.id && p.online, CROSS_PROCESS_MS);
    const b = { id: bAccount.id, socket: await bAccount.connect() };
    await bOnline;
    const presenceOfB = collect(a.socket, 'presence');
    const aLost: string[] = [];
    a.socket.on('disconnect', (reason) => aLost.push(reason));
    const bBack = new Promise((resolve) => b.socket.io.once('reconnect', resolve));

    const startedAt = Date.now();
    await stopping.stop();
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    // Told to reconnect (a lost connection), not kicked: a kicked socket.io-client stays away.
    expect(b.socket.active).toBe(true);
    await bBack;

    const toB = nextEvent(b.socket, 'message:new', (m) => m.body === 'after the restart', CROSS_PROCESS_MS);
    expect((await send(a.socket, b.id, 'after the restart')).ok).toBe(true);
    await toB;
    expect(aLost).toEqual([]);
    expect(a.socket.connected).toBe(true);
    // B moved nodes and was never offline: A's chat must not flicker "offline", then "online".
    await sleep(500);
    expect(presenceOfB.filter((p) => p.profile === b.id)).toEqual([]);
    expect(await command(a.socket, 'presence:watch', { profiles: [b.id] })).toMatchObject({ ok: true, data: [{ profile: b.id, online: true }] });
  }, 60_000);

  it('answers a send it is storing when the signal comes before it closes the socket', async () => {
    const stopping = await node();
    const a = await memberAt(stopping.url);
    const b = await createMember(shared.db);
    // The write lock, taken here, keeps the send waiting in the node's group commit.
    shared.db.$client.exec('BEGIN IMMEDIATE');
    const closed = new Promise<string>((resolve) => a.socket.once('disconnect', resolve));
    let ack: Promise<unknown>;
    try {
      ack = send(a.socket, b.id, 'in flight').catch((err: Error) => err);
      await sleep(300);
      void stopping.stop();
      await sleep(300);
    } finally {
      shared.db.$client.exec('COMMIT');
    }
    expect(await ack).toMatchObject({ ok: true, data: { message: { body: 'in flight' } } });
    // Then let go, to reconnect elsewhere.
    expect(await closed).toBe('transport close');
    expect(a.socket.active).toBe(true);
  }, 30_000);

  it('exits 0 within seconds while Redis is away, its members let go all the same', async () => {
    const ownRedis = await startPrivateRedis();
    const stopping = await startNode({ databaseFile: shared.file, redisUrl: ownRedis.url });
    const a = await memberAt(stopping.url);
    const closed = new Promise<string>((resolve) => a.socket.once('disconnect', resolve));
    await ownRedis.kill();
    await sleep(500);

    const startedAt = Date.now();
    expect(await stopping.stop()).toBe(0);
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    expect(stopping.output()).toMatch(/\[server\] stopped in \d+ ms/);
    expect(await closed).toBe('transport close');
  }, 30_000);
});

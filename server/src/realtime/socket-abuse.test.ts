import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncResponse } from '@shared/api/chats.js';
import type { AckResult } from '@shared/realtime.js';
import { ManualClock } from '../clock.js';
import { loggedInMember, send } from '../modules/chats/chat-test-kit.js';
import { startTestServer, type TestServer } from '../test/harness.js';
import { MAX_SOCKETS_PER_MEMBER } from './io.js';
import { command, openSocket, type ClientSocket } from './testing.js';

/**
 * One client must not be able to take a process from every other member: not by looping on
 * commands that read many rows, not by sending while never reading what comes back.
 */
const clock = new ManualClock(Date.now());
let server: TestServer;
const sockets: ClientSocket[] = [];
// A small cap and a quick look, so the test fills it in a moment.
const SLOW_CONSUMER = { maxBytes: 256 * 1024, everyMs: 50 };

beforeAll(async () => {
  server = await startTestServer({}, { clock, slowConsumer: SLOW_CONSUMER });
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await server.destroy();
});

async function memberSocket() {
  const member = await loggedInMember(server);
  const socket = await openSocket(server.url, { cookie: member.client.cookieHeader() });
  sockets.push(socket);
  return { ...member, socket };
}

const errorOf = (result: AckResult<unknown>) => (result.ok ? null : result.error);

describe('a client that loops on reading commands', () => {
  it('gets its first sync pages, then "rate_limited" until its allowance refills; other members are served meanwhile', async () => {
    const looping = await memberSocket();
    const other = await memberSocket();
    const peer = await loggedInMember(server);
    await send(peer.client, looping.user.id, 'something to sync');

    const answers = await Promise.all(Array.from({ length: 60 }, () => command<SyncResponse>(looping.socket, 'sync', { after: 0 })));
    const served = answers.filter((a) => a.ok).length;
    expect(served).toBe(20);
    expect(answers.slice(20).map(errorOf)).toEqual(Array(40).fill('rate_limited'));
    // The pages served carried the message: a refusal is not an empty page.
    expect(answers[0]!.ok && answers[0]!.data.messages.map((m) => m.body)).toEqual(['something to sync']);

    // Another member's allowance is their own.
    expect((await command<SyncResponse>(other.socket, 'sync', { after: 0 })).ok).toBe(true);

    // One a second as it refills.
    clock.advance(3_000);
    const later = await Promise.all(Array.from({ length: 5 }, () => command<SyncResponse>(looping.socket, 'sync', { after: 0 })));
    expect(later.filter((a) => a.ok)).toHaveLength(3);
  });

  it('read marks have their own allowance, so a sync loop does not stop the chat from being read', async () => {
    const member = await memberSocket();
    const peer = await loggedInMember(server);
    const sent = (await send(peer.client, member.user.id, 'read me')).body.message as { id: number; conversation: number };
    await Promise.all(Array.from({ length: 25 }, () => command(member.socket, 'sync', { after: 0 })));
    const read = await command(member.socket, 'message:read', { conversation: sent.conversation, message: sent.id });
    expect(read.ok).toBe(true);
    const marks = await Promise.all(Array.from({ length: 40 }, () => command(member.socket, 'message:read', { conversation: sent.conversation, message: sent.id })));
    expect(marks.filter((m) => !m.ok).map(errorOf)).toEqual(Array(11).fill('rate_limited'));
  });
});

describe('a client that stops reading', () => {
  it('is disconnected once what waits for it passes the cap, and the process lets its queue go', async () => {
    const stalled = await memberSocket();
    const serverSide = () => server.realtime.stats().sockets;
    const before = serverSide();
    // The client's TCP socket stops reading: the kernel's buffers fill, then the server's queues.
    const transport = stalled.socket.io.engine.transport as unknown as { ws: { _socket: { pause(): void } } };
    transport.ws._socket.pause();
    // Big frames to the member (16 MB in all, more than loopback's buffers take), as a burst of events would be.
    for (let i = 0; i < 1024; i++) server.ctx.notifier.notify(stalled.user.id, 'invalidate', { resource: 'chats', padding: 'x'.repeat(16 * 1024) } as never);
    await expect.poll(serverSide, { timeout: 5_000, interval: 50 }).toBe(before - 1);
  });
});

describe('a client that stops reading and keeps sending commands', () => {
  // The periodic look is far away here: the command itself must close the socket, not run for it.
  let patient: TestServer;
  beforeAll(async () => {
    patient = await startTestServer({}, { slowConsumer: { maxBytes: 256 * 1024, everyMs: 3_600_000 } });
  });
  afterAll(() => patient.destroy());

  it('is disconnected at its next command once its queue is over the cap', async () => {
    const member = await loggedInMember(patient);
    const socket = await openSocket(patient.url, { cookie: member.client.cookieHeader() });
    sockets.push(socket);
    const serverSide = () => patient.realtime.stats().sockets;
    const before = serverSide();
    const transport = socket.io.engine.transport as unknown as { ws: { _socket: { pause(): void } } };
    transport.ws._socket.pause();
    for (let i = 0; i < 1024; i++) patient.ctx.notifier.notify(member.user.id, 'invalidate', { resource: 'chats', padding: 'x'.repeat(16 * 1024) } as never);
    socket.emit('typing', { conversation: 1, typing: true });
    await expect.poll(serverSide, { timeout: 3_000, interval: 50 }).toBe(before - 1);
  });
});

describe('a client that sends binary data as a command', () => {
  it('is refused as a payload-less command, in a few hundred bytes, not one field per byte', async () => {
    const { socket } = await memberSocket();
    const result = await command(socket, 'message:send', Buffer.alloc(15_000));
    expect(errorOf(result)).toBe('invalid_request');
    expect(JSON.stringify(result).length).toBeLessThan(1_000);
    // Refused as if nothing was sent: no byte of the buffer is named as a bad field.
    expect(JSON.stringify(result)).not.toContain('"0"');
    const watch = await command(socket, 'presence:watch', Buffer.alloc(15_000));
    expect(errorOf(watch)).toBe('invalid_request');
    expect(JSON.stringify(watch).length).toBeLessThan(1_000);
  });
});

describe('a client that opens socket after socket', () => {
  it('is refused past the cap, so it cannot multiply its allowances; other members still connect', async () => {
    const { client, socket } = await memberSocket();
    const cookie = client.cookieHeader();
    for (let i = 1; i < MAX_SOCKETS_PER_MEMBER; i++) sockets.push(await openSocket(server.url, { cookie }));
    await expect(openSocket(server.url, { cookie })).rejects.toThrow('too_many_sockets');
    await expect(memberSocket()).resolves.toBeDefined();

    // A closed tab frees its place.
    socket.close();
    await expect.poll(() => openSocket(server.url, { cookie }).then((s) => (sockets.push(s), true), () => false), { timeout: 2_000 }).toBe(true);
  });
});

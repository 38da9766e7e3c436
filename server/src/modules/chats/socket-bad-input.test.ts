/**
 * Bad and hostile input on a member's socket (modules/chats/socket.ts, realtime/io.ts): each gets a
 * clear answer in its ack, leaves the data as it was, and the server goes on for everyone else.
 * The cases socket-chat.test.ts already covers (wrong field types, a missing payload, binary, a
 * frame over 16 KB) are not repeated here.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '@db/schema/index.js';
import type { SendMessageResponse } from '@shared/api/chats.js';
import type { PresenceDto } from '@shared/realtime.js';
import { creditBalance } from '../credits/ledger.js';
import { socketTestServer } from '../../realtime/socket-test-server.js';
import { collect, command, sleep } from '../../realtime/testing.js';
import { clientId, send } from './chat-test-kit.js';

const live = socketTestServer();
const { memberWithTabs } = live;

/** Emits outside the typed event map, as any client may. */
interface Untyped {
  emit(event: string, ...args: unknown[]): void;
  timeout(ms: number): { emitWithAck(event: string, ...args: unknown[]): Promise<unknown> };
}
const untyped = (socket: unknown) => socket as Untyped;

const sentBy = (id: number) => live.server.db.select().from(messages).where(eq(messages.senderId, id)).all();

/** Another member on the same server still chats over their socket. */
async function othersStillServed() {
  const c = await memberWithTabs();
  const d = await memberWithTabs();
  const ack = await command<SendMessageResponse>(c.sockets[0]!, 'message:send', { profile: d.id, client_id: clientId(), body: 'still here' });
  expect(ack.ok).toBe(true);
}

describe('a command the server does not have', () => {
  it('is answered not_found at once, as REST answers an unknown endpoint, and the socket goes on', async () => {
    const a = await memberWithTabs(1, { credits: 5 });
    const b = await memberWithTabs();
    const socket = untyped(a.sockets[0]!);
    // A misspelt or newer command, and names an object lookup would find on any object.
    for (const event of ['message:delete', 'constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const answer = await socket.timeout(1_000).emitWithAck(event, { conversation: 1 }).catch((err: Error) => err.message);
      expect(answer, event).toMatchObject({ ok: false, error: 'not_found' });
    }
    expect((await a.client.post('/api/message-delete.php', { conversation: 1 })).body).toMatchObject({ error: 'not_found' });
    // Without an ack it is dropped quietly; the socket still sends.
    socket.emit('message:delete', { conversation: 1 });
    const sent = await command<SendMessageResponse>(a.sockets[0]!, 'message:send', { profile: b.id, client_id: clientId(), body: 'after' });
    expect(sent.ok).toBe(true);
    expect(sentBy(a.id)).toHaveLength(1);
    expect(creditBalance(live.server.db, a.id)).toBe(4);
    await othersStillServed();
  });
});

describe('acks that are missing or not functions', () => {
  it('a send without an ack, or with a string for one, is stored once; its retry with an ack is the same message', async () => {
    const a = await memberWithTabs(1, { credits: 5 });
    const b = await memberWithTabs();
    const cid = clientId();
    untyped(a.sockets[0]!).emit('message:send', { profile: b.id, client_id: cid, body: 'no ack' });
    untyped(a.sockets[0]!).emit('message:send', { profile: b.id, client_id: cid, body: 'no ack' }, 'not a function');
    await sleep(200);
    const retry = await command<SendMessageResponse>(a.sockets[0]!, 'message:send', { profile: b.id, client_id: cid, body: 'no ack' });
    expect(retry).toMatchObject({ ok: true, data: { duplicate: true } });
    expect(sentBy(a.id)).toHaveLength(1);
    expect(creditBalance(live.server.db, a.id)).toBe(4);
  });

  it('every command sent bare, with garbage or extra arguments and no ack throws nothing and keeps the socket', async () => {
    const a = await memberWithTabs(1, { credits: 5 });
    for (const event of ['message:send', 'message:read', 'sync', 'chats', 'catch-up', 'typing', 'presence:watch']) {
      untyped(a.sockets[0]!).emit(event);
      untyped(a.sockets[0]!).emit(event, null);
      untyped(a.sockets[0]!).emit(event, 'x', 'y', 3);
      untyped(a.sockets[0]!).emit(event, {}, 42);
      untyped(a.sockets[0]!).emit(event, [1, 2, 3]);
    }
    await sleep(300);
    expect(a.sockets[0]!.connected).toBe(true);
    expect(await command(a.sockets[0]!, 'chats', {})).toMatchObject({ ok: true });
    expect(sentBy(a.id)).toHaveLength(0);
    expect(creditBalance(live.server.db, a.id)).toBe(5);
    await othersStillServed();
  });
});

describe('the same bad send over either transport', () => {
  it('gets the same error code over the socket as over POST /api/messages.php, and nothing is stored or charged', async () => {
    const a = await memberWithTabs(1, { credits: 5 });
    const b = await memberWithTabs();
    const cases: unknown[] = [
      'hi',
      42,
      [],
      [{ profile: b.id, client_id: clientId(), body: 'x' }],
      {},
      { profile: b.id, client_id: clientId(), body: 'x', extra: 1 },
      { profile: b.id, client_id: '', body: 'x' },
      { profile: b.id, client_id: 'x'.repeat(65), body: 'x' },
      { profile: b.id, client_id: 12345678, body: 'x' },
      { profile: b.id, client_id: clientId(), body: 7 },
      // Control characters are dropped, so nothing is left: empty on both.
      { profile: b.id, client_id: clientId(), body: '\u0000\u0001\u0002' },
      { profile: b.id, client_id: clientId(), body: 'ab\ud800' },
      { profile: b.id, client_id: clientId(), body: ' \u200b ' },
      { profile: String(b.id), client_id: clientId(), body: 'x' },
      { profile: 1e300, client_id: clientId(), body: 'x' },
      { profile: -b.id, client_id: clientId(), body: 'x' },
      { profile: b.id, client_id: clientId(), body: 'x', kind: 'voice' },
      { profile: b.id, client_id: clientId(), body: 'x', kind: 'gift', gift_id: 'nope' },
    ];
    for (const payload of cases) {
      const viaSocket = await command(a.sockets[0]!, 'message:send', payload);
      const viaRest = await a.client.post('/api/messages.php', JSON.stringify(payload));
      expect(viaRest.status, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(viaSocket.ok ? 'ok' : viaSocket.error, JSON.stringify(payload)).toBe((viaRest.body as { error: string }).error);
    }
    expect(sentBy(a.id)).toHaveLength(0);
    expect(creditBalance(live.server.db, a.id)).toBe(5);
  });

  it('stores a body with NUL and control characters the same, cleaned, from either transport', async () => {
    const a = await memberWithTabs(1, { credits: 5 });
    const b = await memberWithTabs();
    const body = 'a\u0000b\u0007c\r\nd\u202Ee';
    const viaSocket = await command<SendMessageResponse>(a.sockets[0]!, 'message:send', { profile: b.id, client_id: clientId(), body });
    const viaRest = await send(a.client, b.id, body);
    expect(viaSocket.ok && viaSocket.data.message.body).toBe('abc\nde');
    expect(viaRest.body.message.body).toBe('abc\nde');
  });
});

describe('the same bad read mark over either transport', () => {
  it('gets the same error code over the socket as over POST /api/messages-read.php, and marks nothing', async () => {
    const a = await memberWithTabs();
    const b = await memberWithTabs();
    const first = await send(a.client, b.id, 'unread');
    const conversation = first.body.message.conversation as number;
    const other = await memberWithTabs();
    const elsewhere = await send(other.client, a.id, 'in a chat b is not in');
    const cases: unknown[] = [
      'x',
      7,
      [],
      {},
      { conversation, message: first.body.message.id, extra: 1 },
      { conversation: 0 },
      { conversation: 1e300 },
      { conversation: String(conversation) },
      { conversation, message: -1 },
      // A message of another conversation, and a conversation that is not b's: as missing.
      { conversation, message: elsewhere.body.message.id },
      { conversation: elsewhere.body.message.conversation },
      { conversation: 999_999 },
    ];
    for (const payload of cases) {
      const viaSocket = await command(b.sockets[0]!, 'message:read', payload);
      const viaRest = await b.client.post('/api/messages-read.php', JSON.stringify(payload));
      expect(viaRest.status, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(viaSocket.ok ? 'ok' : viaSocket.error, JSON.stringify(payload)).toBe((viaRest.body as { error: string }).error);
    }
    expect((await b.client.get('/api/counts.php')).body).toMatchObject({ total_unread: 1 });
  });
});

describe('a frame over the 16 KB cap', () => {
  it('disconnects that member only: the others chat on, and the member reconnects and sends', async () => {
    const a = await memberWithTabs(1, { credits: 5 });
    const b = await memberWithTabs();
    const closed = new Promise((resolve) => a.sockets[0]!.once('disconnect', resolve));
    untyped(a.sockets[0]!).emit('presence:watch', { profiles: Array.from({ length: 4_000 }, (_, i) => i + 1) }, () => {});
    await closed;
    await othersStillServed();
    const again = await live.connect(a.cookie);
    expect((await command(again, 'message:send', { profile: b.id, client_id: clientId(), body: 'back' })).ok).toBe(true);
    expect(sentBy(a.id)).toHaveLength(1);
    expect(creditBalance(live.server.db, a.id)).toBe(4);
  });
});

describe('presence:watch of profiles that are not the member\'s to watch', () => {
  it('answers only the peers: strangers, unknown ids and blocked peers reveal nothing, now or later', async () => {
    const a = await memberWithTabs();
    const b = await memberWithTabs();
    const blocked = await memberWithTabs();
    const stranger = await memberWithTabs();
    await send(a.client, b.id, 'hi');
    await send(a.client, blocked.id, 'hi');
    expect((await a.client.post('/api/block.php', { profile: blocked.id })).status).toBe(200);
    const answer = await command<PresenceDto[]>(a.sockets[0]!, 'presence:watch', { profiles: [b.id, stranger.id, blocked.id, 999_999, b.id] });
    expect(answer.ok && answer.data.map((p) => p.profile)).toEqual([b.id]);
    const heard = collect(a.sockets[0]!, 'presence');
    stranger.sockets[0]!.close();
    blocked.sockets[0]!.close();
    await sleep(300);
    expect(heard.filter((p) => p.profile !== b.id)).toEqual([]);
  });
});

describe('a field a command does not take', () => {
  // As message:send, message:read and chats already did: a field the command does not have is
  // refused and named, not dropped, so a client's misspelt or outdated field is seen at once.
  it('typing, presence:watch, sync and catch-up refuse it with invalid_request naming it, and do nothing', async () => {
    const a = await memberWithTabs();
    const b = await memberWithTabs();
    const first = await send(a.client, b.id, 'hi');
    const conversation = first.body.message.conversation as number;
    const typingHeard = collect(b.sockets[0]!, 'typing');
    const cases: Array<[Parameters<typeof command>[1], Record<string, unknown>]> = [
      ['typing', { conversation, typing: true, extra: 1 }],
      ['presence:watch', { profiles: [b.id], extra: 1 }],
      ['sync', { after: 0, extra: 1 }],
      ['catch-up', { after: 0, extra: 1 }],
    ];
    for (const [event, payload] of cases) {
      const ack = await command(a.sockets[0]!, event, payload);
      expect(ack, event).toMatchObject({ ok: false, error: 'invalid_request', details: { fields: { extra: 'invalid_request' } } });
    }
    // The typing was not relayed, and the refused watch joined no presence room: b's going is not heard.
    const presenceHeard = collect(a.sockets[0]!, 'presence');
    b.sockets[0]!.close();
    await sleep(300);
    expect(typingHeard).toEqual([]);
    expect(presenceHeard).toEqual([]);
    // The same payloads without the field are answered.
    for (const [event, { extra: _extra, ...payload }] of cases) {
      expect((await command(a.sockets[0]!, event, payload)).ok, event).toBe(true);
    }
  });
});

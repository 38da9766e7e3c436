import type { IncomingMessage } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { io as connect } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '@db/schema/index.js';
import type { ChatsResponse, CountsDto, MessageDto, SendMessageResponse, SyncResponse } from '@shared/api/chats.js';
import type { CatchUpResponse } from '@shared/realtime.js';
import { clientId, loggedInMember, send } from '../modules/chats/chat-test-kit.js';
import { creditBalance } from '../modules/credits/ledger.js';
import { statementsRunBy, wideReads } from '../test/statement-plans.js';
import { socketTestServer } from './socket-test-server.js';
import { collect, command, nextEvent, nextEventArgs, sleep } from './testing.js';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const live = socketTestServer();

const { memberWithTabs } = live;

/** b was sent `first` and then two messages ('missed one', 'missed two') while away. */
async function membersWithMissedMessages() {
  const a = await memberWithTabs();
  const b = await memberWithTabs();
  const first = (await send(a.client, b.id, 'before the drop')).body.message as MessageDto;
  await send(a.client, b.id, 'missed one');
  await send(a.client, b.id, 'missed two');
  return { a, b, first };
}

/** The member's newest ledger row: the version every balance shown for them must carry. */
/**
 * A list with each profile's presence stamp (PresenceDto.at) told only by whether it is there: two
 * reads a moment apart stamp live presence at two moments, and are otherwise the same answer.
 */
function unstamped(list: ChatsResponse) {
  return { ...list, chats: list.chats.map((chat) => ({ ...chat, profile: { ...chat.profile, presence_at: typeof chat.profile.presence_at } })) };
}

const newestLedgerId = (userId: number) =>
  (live.server.db.$client.prepare('SELECT max(id) AS id FROM credit_ledger WHERE user_id = ?').get(userId) as { id: number }).id;

const storedWithClientId = (senderId: number, cid: string) =>
  live.server.db.select().from(messages).where(eq(messages.senderId, senderId)).all().filter((m) => m.clientId === cid);

describe('chatting over the socket', () => {
  it('delivers a sent message live to the recipient with its stored id and their counts in one frame, and counts to both sides', async () => {
    const a = await memberWithTabs();
    const b = await memberWithTabs();
    const incoming = nextEventArgs(b.sockets[0]!, 'message:new');
    const separateCounts = collect(b.sockets[0]!, 'counts');
    const echoesToSendingTab = collect(a.sockets[0]!, 'message:new');

    const ack = await command<SendMessageResponse>(a.sockets[0]!, 'message:send', { profile: b.id, client_id: clientId(), body: 'Hi B' });
    expect(ack.ok).toBe(true);
    const sent = (ack as { data: SendMessageResponse }).data.message;
    const stored = live.server.db.select().from(messages).where(eq(messages.id, sent.id)).get();
    expect(stored?.body).toBe('Hi B');
    const [message, effects] = await incoming;
    expect(message).toEqual(sent);
    expect(effects).toEqual({ counts: { total_unread: 1, total_new_likes: 0, badge: 1, version: expect.any(Number) } });
    await sleep(50);
    expect(separateCounts).toEqual([]);
    // The message and balance come in the ack; nothing more is pushed to the tab that sent.
    expect((ack as { data: SendMessageResponse }).data).toMatchObject({ credits: 99, duplicate: false });
    expect(echoesToSendingTab).toEqual([]);

    const readByB = nextEvent(a.sockets[0]!, 'message:read');
    const readAck = await command<CountsDto>(b.sockets[0]!, 'message:read', { conversation: sent.conversation, message: sent.id });
    expect(readAck).toEqual({ ok: true, data: { total_unread: 0, total_new_likes: 0, badge: 0, version: expect.any(Number) } });
    expect(await readByB).toEqual({ conversation: sent.conversation, reader: b.id, message: sent.id });
  });

  it('reaches every tab of the recipient and the sender\'s other tabs, including the read state', async () => {
    const a = await memberWithTabs(2);
    const b = await memberWithTabs(3);
    const recipientTabs = b.sockets.map((s) => nextEventArgs(s, 'message:new'));
    const senderOtherTab = nextEventArgs(a.sockets[1]!, 'message:new');
    const echoesToSendingTab = collect(a.sockets[0]!, 'message:new');
    const ack = await command<SendMessageResponse>(a.sockets[0]!, 'message:send', { profile: b.id, client_id: clientId(), body: 'to all tabs' });
    const sent = (ack as { data: SendMessageResponse }).data.message;
    for (const [received, effects] of await Promise.all(recipientTabs)) expect([received.id, effects]).toEqual([sent.id, { counts: { total_unread: 1, total_new_likes: 0, badge: 1, version: expect.any(Number) } }]);
    // The sender's other tab learns the message and its new balance from one frame.
    expect(await senderOtherTab).toEqual([sent, { credits: 99, credits_version: newestLedgerId(a.id) }]);
    // The sending tab has the stored message from its ack: no second copy is pushed to it.
    expect(echoesToSendingTab).toEqual([]);

    const bTabsZero = b.sockets.map((s) => nextEvent(s, 'counts', (c) => c.total_unread === 0));
    // Every tab of the reader learns the chat is read, so no list keeps its unread badge.
    const bTabsEntryRead = b.sockets.map((s) => nextEvent(s, 'message:read', (r) => r.reader === b.id));
    const aTabsRead = a.sockets.map((s) => nextEvent(s, 'message:read'));
    await command(b.sockets[2]!, 'message:read', { conversation: sent.conversation, message: sent.id });
    await Promise.all([...bTabsZero, ...aTabsRead]);
    for (const read of await Promise.all(bTabsEntryRead)) expect(read).toEqual({ conversation: sent.conversation, reader: b.id, message: sent.id, unread: 0 });
  });

  it('relays typing only to the peer of the conversation, and rate-limits it', async () => {
    const a = await memberWithTabs();
    const b = await memberWithTabs();
    const outsider = await memberWithTabs();
    const first = await send(a.client, b.id, 'hello');
    const conversation = (first.body as { message: MessageDto }).message.conversation;

    const seenByA = collect(a.sockets[0]!, 'typing');
    const seenByOutsider = collect(outsider.sockets[0]!, 'typing');
    const typing = nextEvent(b.sockets[0]!, 'typing');
    a.sockets[0]!.emit('typing', { conversation, typing: true });
    expect(await typing).toEqual({ conversation, profile: a.id, typing: true });

    // someone outside the conversation cannot make anyone see typing
    const seenByB = collect(b.sockets[0]!, 'typing');
    outsider.sockets[0]!.emit('typing', { conversation, typing: true });
    for (let i = 0; i < 30; i++) a.sockets[0]!.emit('typing', { conversation, typing: i % 2 === 0 });
    await sleep(300);
    expect(seenByA).toEqual([]);
    expect(seenByOutsider).toEqual([]);
    expect(seenByB.length).toBeGreaterThan(0);
    expect(seenByB.length).toBeLessThanOrEqual(9); // 10 per 5 s window, one used above
    expect(seenByB.every((t) => t.profile === a.id)).toBe(true);
  });

  it('does not relay typing between members when one blocked the other', async () => {
    const a = await memberWithTabs();
    const b = await memberWithTabs();
    const first = await send(a.client, b.id, 'hello');
    const conversation = (first.body as { message: MessageDto }).message.conversation;
    expect((await b.client.post('/api/block.php', { profile: a.id })).status).toBe(200);
    const seenByA = collect(a.sockets[0]!, 'typing');
    const seenByB = collect(b.sockets[0]!, 'typing');
    a.sockets[0]!.emit('typing', { conversation, typing: true });
    b.sockets[0]!.emit('typing', { conversation, typing: true });
    await sleep(300);
    expect([...seenByA, ...seenByB]).toEqual([]);
  });

  // A member who deleted the chat has no chat to show typing in: the other member's typing stays
  // with them until a new message brings the chat back.
  it('does not relay typing to a member who deleted the chat, until a new message brings it back', async () => {
    const a = await memberWithTabs();
    const b = await memberWithTabs();
    const first = await send(a.client, b.id, 'hello');
    const conversation = (first.body as { message: MessageDto }).message.conversation;
    expect((await b.client.delete('/api/chat.php', { conversation })).status).toBe(200);

    const seenByB = collect(b.sockets[0]!, 'typing');
    a.sockets[0]!.emit('typing', { conversation, typing: true });
    await sleep(300);
    expect(seenByB).toEqual([]);

    expect((await send(a.client, b.id, 'are you still there?')).status).toBe(201);
    const typing = nextEvent(b.sockets[0]!, 'typing');
    a.sockets[0]!.emit('typing', { conversation, typing: true });
    expect(await typing).toEqual({ conversation, profile: a.id, typing: true });
  });

  // Regression: a retried client id re-announced the old message to the peer even after the peer
  // blocked the sender (or deleted the chat), so a blocked member could keep pushing events at them.
  it('does not re-announce a retried send to a peer who blocked the sender or hid the message', async () => {
    const a = await memberWithTabs();
    const b = await memberWithTabs();
    const input = { profile: b.id, client_id: clientId(), body: 'before the block' };
    const firstDelivery = nextEvent(b.sockets[0]!, 'message:new');
    expect((await a.client.post('/api/messages.php', input)).status).toBe(201);
    await firstDelivery;
    const seenByB = collect(b.sockets[0]!, 'message:new');

    expect((await b.client.post('/api/block.php', { profile: a.id })).status).toBe(200);
    const retried = await a.client.post('/api/messages.php', input);
    expect(retried.status).toBe(200);
    expect(retried.body.duplicate).toBe(true);

    expect((await b.client.delete('/api/block.php', { profile: a.id })).status).toBe(200);
    expect((await b.client.delete('/api/chat.php', { profile: a.id })).status).toBe(200);
    expect((await a.client.post('/api/messages.php', input)).body.duplicate).toBe(true);
    await sleep(200);
    expect(seenByB).toEqual([]);
  });

  it('every balance a member is told names the ledger row it comes from, whichever road it takes', async () => {
    const a = await memberWithTabs(2, { credits: 3 });
    const b = await memberWithTabs();
    const versionBefore = newestLedgerId(a.id);
    const otherTab = nextEventArgs(a.sockets[1]!, 'message:new');
    const ack = await command<SendMessageResponse>(a.sockets[0]!, 'message:send', { profile: b.id, client_id: clientId(), body: 'one' });
    const afterFirst = newestLedgerId(a.id);
    expect(afterFirst).toBeGreaterThan(versionBefore);
    expect((ack as { data: SendMessageResponse }).data).toMatchObject({ credits: 2, credits_version: afterFirst });
    expect((await otherTab)[1]).toEqual({ credits: 2, credits_version: afterFirst });

    const rest = await send(a.client, b.id, 'two');
    const afterSecond = newestLedgerId(a.id);
    expect(rest.body).toMatchObject({ credits: 1, credits_version: afterSecond });
    const sync = await command<SyncResponse>(a.sockets[1]!, 'sync', { after: 0 });
    expect((sync as { data: SyncResponse }).data).toMatchObject({ credits: 1, credits_version: afterSecond });
    expect((await a.client.get('/api/user.php')).body.user).toMatchObject({ credits: 1, credits_version: afterSecond });

    await send(a.client, b.id, 'three');
    const refused = await send(a.client, b.id, 'four');
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ error: 'insufficient_credits', credits: 0, credits_version: newestLedgerId(a.id), needed: 1 });
    // A retried send is answered with the balance as it is now, and its version.
    const retried = await command<SendMessageResponse>(a.sockets[0]!, 'message:send', { profile: b.id, client_id: (ack as { data: SendMessageResponse }).data.message.client_id, body: 'one' });
    expect((retried as { data: SendMessageResponse }).data).toMatchObject({ duplicate: true, credits: 0, credits_version: newestLedgerId(a.id) });
  });

  // The node stored the message and stopped before it told anyone (killed between the commit and the
  // emit). The sender's retry is what tells the recipient, so it carries the badge the message changed.
  it('a retried send whose first announcement never went out brings the recipient the message with their counts', async () => {
    const a = await memberWithTabs(1, { credits: 5 });
    const b = await memberWithTabs();
    const notifier = live.server.ctx.notifier;
    const notify = notifier.notify;
    notifier.notify = () => undefined;
    const id = clientId();
    try {
      expect((await send(a.client, b.id, { body: 'lost on the way', client_id: id })).status).toBe(201);
    } finally {
      notifier.notify = notify;
    }
    const atB = nextEventArgs(b.sockets[0]!, 'message:new');
    const retried = await command<SendMessageResponse>(a.sockets[0]!, 'message:send', { profile: b.id, client_id: id, body: 'lost on the way' });
    expect(retried).toMatchObject({ ok: true, data: { duplicate: true } });
    const [message, effects] = await atB;
    expect(message.client_id).toBe(id);
    expect(effects?.counts).toMatchObject({ total_unread: 1, badge: 1 });
  });

  it('catches up over the socket: sync answers what sync.php answers, from the given message on', async () => {
    const { a, b, first } = await membersWithMissedMessages();

    const overSocket = await command<SyncResponse>(b.sockets[0]!, 'sync', { after: first.id });
    const overRest = await b.client.get(`/api/sync.php?after=${first.id}`);
    expect(overSocket.ok).toBe(true);
    const data = (overSocket as { data: SyncResponse }).data;
    expect(data.messages.map((m) => m.body)).toEqual(['missed one', 'missed two']);
    expect(data.counts).toMatchObject({ total_unread: 3 });
    expect(data).toEqual(overRest.body);

    for (const bad of [{ after: -1 }, { after: '5' }, {}, null]) {
      expect(await command(b.sockets[0]!, 'sync', bad), JSON.stringify(bad)).toMatchObject({ ok: false, error: 'invalid_request' });
    }
    expect((await command<SyncResponse>(b.sockets[0]!, 'sync', { after: 0 })).ok).toBe(true);
  });

  it('reloads the list over the socket: chats answers what chats.php answers, live presence and blocks included', async () => {
    const a = await memberWithTabs();
    const b = await memberWithTabs();
    const c = await memberWithTabs();
    await send(a.client, b.id, 'from a, who is online');
    await send(c.client, b.id, 'from c, whom b blocks');
    expect((await b.client.post('/api/block.php', { profile: c.id })).status).toBe(200);

    const overSocket = await command<ChatsResponse>(b.sockets[0]!, 'chats', {});
    const overRest = await b.client.get('/api/chats.php');
    expect(overSocket.ok).toBe(true);
    const data = (overSocket as { data: ChatsResponse }).data;
    expect(data.chats.map((chat) => [chat.profile.id, chat.profile.online, chat.blocked_by_me])).toEqual([
      [c.id, false, true],
      [a.id, true, false],
    ]);
    expect(data.counts).toMatchObject({ total_unread: 2 });
    expect(unstamped(data)).toEqual(unstamped(overRest.body as ChatsResponse));

    for (const bad of [{ after: 1 }, 'all', null]) {
      expect(await command(b.sockets[0]!, 'chats', bad), JSON.stringify(bad)).toMatchObject({ ok: false, error: 'invalid_request' });
    }
  });

  it('catches up in one command: catch-up answers what chats.php and sync.php answer, from one read', async () => {
    const { a, b, first } = await membersWithMissedMessages();

    const overSocket = await command<CatchUpResponse>(b.sockets[0]!, 'catch-up', { after: first.id });
    expect(overSocket.ok).toBe(true);
    const data = (overSocket as { data: CatchUpResponse }).data;
    expect(data.sync!.messages.map((m) => m.body)).toEqual(['missed one', 'missed two']);
    expect(data.chats.chats.map((chat) => [chat.profile.id, chat.profile.online, chat.num_unread_messages])).toEqual([[a.id, true, 3]]);
    expect(data.sync!.counts).toEqual(data.chats.counts);
    expect(unstamped(data.chats)).toEqual(unstamped((await b.client.get('/api/chats.php')).body as ChatsResponse));
    expect(data.sync).toEqual((await b.client.get(`/api/sync.php?after=${first.id}`)).body);

    // Nothing held yet (a first connect): the list alone.
    const fresh = await command<CatchUpResponse>(b.sockets[0]!, 'catch-up', { after: 0 });
    expect(fresh).toMatchObject({ ok: true, data: { sync: null, chats: { counts: { total_unread: 3 } } } });
    for (const bad of [{ after: -1 }, { after: '5' }, {}, null]) {
      expect(await command(b.sockets[0]!, 'catch-up', bad), JSON.stringify(bad)).toMatchObject({ ok: false, error: 'invalid_request' });
    }
  });

  it("a reconnect's catch-up (catch-up, sync, the list, the presence watch) reads through indexes, never a whole table or site", async () => {
    // After a restart every member runs these at once: a wide read in one is a storm-long stall.
    const a = await memberWithTabs();
    const b = await memberWithTabs();
    const first = (await send(a.client, b.id, 'before the drop')).body.message as MessageDto;
    await send(b.client, a.id, 'missed');
    const statements = await statementsRunBy(live.server, async () => {
      expect((await command(a.sockets[0]!, 'catch-up', { after: first.id })).ok).toBe(true);
      expect((await command(a.sockets[0]!, 'sync', { after: first.id })).ok).toBe(true);
      expect((await command(a.sockets[0]!, 'chats', {})).ok).toBe(true);
      expect((await command(a.sockets[0]!, 'presence:watch', { profiles: [b.id] })).ok).toBe(true);
      expect((await a.client.get('/api/chats.php')).status).toBe(200);
    });
    expect(statements.size).toBeGreaterThan(5);
    expect(wideReads(live.server, statements)).toEqual([]);
  });

  it('stores a send retried with the same client id once and acks the same message', async () => {
    const a = await memberWithTabs(1, { credits: 5 });
    const b = await memberWithTabs();
    const cid = clientId();
    const input = { profile: b.id, client_id: cid, body: 'only once' };
    const [first, second] = await Promise.all([command<SendMessageResponse>(a.sockets[0]!, 'message:send', input), command<SendMessageResponse>(a.sockets[0]!, 'message:send', input)]);
    const third = await command<SendMessageResponse>(a.sockets[0]!, 'message:send', input);
    const ids = [first, second, third].map((ack) => (ack as { data: SendMessageResponse }).data.message.id);
    expect(new Set(ids).size).toBe(1);
    expect(storedWithClientId(a.id, cid)).toHaveLength(1);
    expect(creditBalance(live.server.db, a.id)).toBe(4);
  });

  it('re-sends a send whose ack was lost in a dropped connection, and stores it once', async () => {
    const a = await memberWithTabs(1, { credits: 5 });
    const b = await memberWithTabs();
    const cid = clientId();
    const input = { profile: b.id, client_id: cid, body: 'sent while the line dropped' };
    a.sockets[0]!.emit('message:send', input, () => {});
    a.sockets[0]!.close(); // the ack, if any, never arrives

    const again = await live.connect(a.cookie);
    const ack = await command<SendMessageResponse>(again, 'message:send', input);
    expect(ack.ok).toBe(true);
    expect(storedWithClientId(a.id, cid)).toHaveLength(1);
    expect((ack as { data: SendMessageResponse }).data.message.body).toBe('sent while the line dropped');
  });

  it('lets exactly the affordable sends through when 50 race for the last credits', async () => {
    const a = await memberWithTabs(5, { credits: 7 });
    const b = await memberWithTabs();
    const acks = await Promise.all(
      Array.from({ length: 50 }, (_, i) => command<SendMessageResponse>(a.sockets[i % 5]!, 'message:send', { profile: b.id, client_id: clientId(), body: `race ${i}` })),
    );
    expect(acks.filter((x) => x.ok)).toHaveLength(7);
    const refused = acks.filter((x) => !x.ok);
    expect(refused).toHaveLength(43);
    expect(refused.every((x) => !x.ok && x.error === 'insufficient_credits' && x.details?.needed === 1)).toBe(true);
    expect(creditBalance(live.server.db, a.id)).toBe(0);
    expect(live.server.db.select().from(messages).where(eq(messages.senderId, a.id)).all()).toHaveLength(7);
  });

  it('answers bad payloads with invalid_request, stores nothing and keeps the socket usable', async () => {
    const a = await memberWithTabs(1, { credits: 5 });
    const b = await memberWithTabs();
    const bad: Array<[Parameters<typeof command>[1], unknown]> = [
      ['message:send', { profile: 'x', client_id: clientId(), body: 'hi' }],
      ['message:send', { profile: b.id, client_id: 'short', body: 'hi' }],
      ['message:send', 'not an object'],
      ['message:send', null],
      ['message:read', { conversation: -1, message: 1 }],
      ['message:read', { conversation: 1, message: 'latest' }],
      ['presence:watch', { profiles: 'all' }],
      ['presence:watch', { profiles: Array.from({ length: 201 }, (_, i) => i + 1) }],
      ['typing', { conversation: 'x', typing: true }],
      // Ids are whole positive numbers and a catch-up's `after` a message id: refused, not answered
      // as if they were a real position or conversation.
      ['sync', { after: 1.5 }],
      ['sync', { after: Number.MAX_SAFE_INTEGER + 2 }],
      ['catch-up', { after: 2.5 }],
      ['typing', { conversation: 1.5, typing: true }],
      ['typing', { conversation: -1, typing: true }],
      ['presence:watch', { profiles: [b.id + 0.5] }],
      ['presence:watch', { profiles: [-1] }],
    ];
    for (const [event, payload] of bad) {
      expect(await command(a.sockets[0]!, event, payload), `${event} ${JSON.stringify(payload)?.slice(0, 40)}`).toMatchObject({ ok: false, error: 'invalid_request' });
    }
    expect(live.server.db.select().from(messages).where(eq(messages.senderId, a.id)).all()).toHaveLength(0);
    expect(creditBalance(live.server.db, a.id)).toBe(5);

    expect(await command(a.sockets[0]!, 'message:send', { profile: a.id, client_id: clientId(), body: 'to myself' })).toMatchObject({ ok: false, error: 'invalid_request' });
    expect(await command(a.sockets[0]!, 'message:send', { profile: 999_999, client_id: clientId(), body: 'nobody' })).toMatchObject({ ok: false, error: 'not_found' });
    // Past the schema's 10,000-character cap (the frame is still under 16 KB): the member's error, as on REST.
    expect(await command(a.sockets[0]!, 'message:send', { profile: b.id, client_id: clientId(), body: 'x'.repeat(12_000) })).toMatchObject({
      ok: false,
      error: 'message_too_long',
      details: { max: expect.any(Number) },
    });
    expect(await command(a.sockets[0]!, 'message:read', { conversation: 999_999, message: 1 })).toMatchObject({ ok: false, error: 'not_found' });
    // Typing names its bad field like every command, and answers an ack when one is sent.
    expect(await command(a.sockets[0]!, 'typing', { conversation: 'x', typing: true })).toMatchObject({ details: { fields: { conversation: 'invalid_request' } } });
    expect(await command(a.sockets[0]!, 'typing', { conversation: 1, typing: true })).toEqual({ ok: true, data: null });
    expect((await command(a.sockets[0]!, 'message:send', { profile: b.id, client_id: clientId(), body: 'still works' })).ok).toBe(true);
  });

  it('answers a command sent with no payload or with one argument too many, and names the bad fields as REST does', async () => {
    const a = await memberWithTabs(1, { credits: 5 });
    const b = await memberWithTabs();
    const socket = a.sockets[0]!;
    // Sent as other clients may send them, outside the typed event map.
    const untyped = socket as unknown as { timeout(ms: number): { emitWithAck(event: string, ...args: unknown[]): Promise<unknown> } };
    // Only the ack: an answer, not a silence until the client's timeout.
    expect(await untyped.timeout(2_000).emitWithAck('chats')).toMatchObject({ ok: false, error: 'invalid_request' });
    expect(await untyped.timeout(2_000).emitWithAck('message:read')).toMatchObject({ ok: false, error: 'invalid_request' });
    // An extra argument before the ack: the payload is still the first, the ack still the last.
    const extra = (await untyped.timeout(2_000).emitWithAck('message:send', { profile: b.id, client_id: clientId(), body: 'one more' }, 'extra')) as { ok: boolean };
    expect(extra.ok).toBe(true);
    expect(await command(socket, 'message:read', { conversation: 'x', message: 1 })).toMatchObject({ ok: false, error: 'invalid_request', details: { fields: { conversation: 'invalid_request' } } });
  });

  it('closes a connection that sends a frame over 16 KB, without storing anything', async () => {
    const a = await memberWithTabs(1, { credits: 5 });
    const b = await memberWithTabs();
    const closed = new Promise((resolve) => a.sockets[0]!.once('disconnect', resolve));
    a.sockets[0]!.emit('message:send', { profile: b.id, client_id: clientId(), body: 'x'.repeat(20_000) }, () => {});
    await closed;
    expect(live.server.db.select().from(messages).where(eq(messages.senderId, a.id)).all()).toHaveLength(0);
  });
});

describe('idle sockets do not keep their handshake request', () => {
  it('the upgrade request and its session can be collected while the socket keeps working', async () => {
    const upgrades: Array<WeakRef<IncomingMessage>> = [];
    live.server.http.on('upgrade', (req: IncomingMessage) => upgrades.push(new WeakRef(req)));
    const a = await loggedInMember(live.server);
    const b = await loggedInMember(live.server);
    const aSocket = await live.connect(a.client.cookieHeader());
    const bSocket = await live.connect(b.client.cookieHeader());
    expect(upgrades).toHaveLength(2);

    await sleep(50);
    collectGarbage();
    // About 5 KB per connected member, for as long as they stay connected, if these were kept.
    expect(upgrades.map((ref) => ref.deref())).toEqual([undefined, undefined]);

    const incoming = nextEvent(bSocket, 'message:new');
    const ack = await command<SendMessageResponse>(aSocket, 'message:send', { profile: b.user.id, client_id: clientId(), body: 'still here' });
    expect(ack.ok).toBe(true);
    expect((await incoming).body).toBe('still here');
  });

  it('also after a browser-style connection that starts with polling and upgrades', async () => {
    const upgrades: Array<WeakRef<IncomingMessage>> = [];
    live.server.http.on('upgrade', (req: IncomingMessage) => upgrades.push(new WeakRef(req)));
    const a = await loggedInMember(live.server);
    const browserLike = live.closeAtEnd(connect(live.server.url, {
      path: '/socket.io',
      transports: ['polling', 'websocket'],
      extraHeaders: { cookie: a.client.cookieHeader() },
      reconnection: false,
      forceNew: true,
    }));
    await new Promise<void>((resolve) => browserLike.io.engine.once('upgrade', () => resolve()));
    expect(upgrades).toHaveLength(1);

    await sleep(50);
    collectGarbage();
    expect(upgrades[0]!.deref()).toBeUndefined();
    expect(browserLike.connected).toBe(true);
  });
});

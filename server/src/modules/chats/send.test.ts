import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { conversationMembers, conversations, messages } from '@db/schema/index.js';
import { startTestServer, TestClient, type TestServer } from '../../test/harness.js';
import { statementsRunBy, wideReads } from '../../test/statement-plans.js';
import { createMember, ledgerMovementsOf } from '../../test/factories.js';
import type { MessagesResponse } from '@shared/api/chats.js';
import { creditBalance } from '../credits/ledger.js';
import { clientId, loggedInMember, send } from './chat-test-kit.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.destroy();
});

const creditsOf = (id: number) => creditBalance(server.db, id);
const chargesOf = (id: number) => ledgerMovementsOf(server.db, id);
const messageCount = () => server.db.select().from(messages).all().length;

describe('sending a message', () => {
  it('stores the first message, creates the conversation and charges message_credits', async () => {
    const a = await loggedInMember(server, { credits: 10 });
    const b = await loggedInMember(server, { credits: 10 });
    const res = await send(a.client, b.user.id, '  Hi Sophie!  ');
    expect(res.status).toBe(201);
    expect(res.body.duplicate).toBe(false);
    expect(res.body.credits).toBe(9);
    expect(res.body.message).toMatchObject({ sender: a.user.id, kind: 'text', body: 'Hi Sophie!', gift_id: null });
    expect(creditsOf(a.user.id)).toBe(9);
    const conversation = server.db.select().from(conversations).where(eq(conversations.id, res.body.message.conversation)).get()!;
    expect(conversation.startedBy).toBe(a.user.id);
    // Both members' rows name the newest message (the chat list orders and previews by it).
    const lastOnRows = () =>
      server.db.select({ last: conversationMembers.lastMessageId }).from(conversationMembers).where(eq(conversationMembers.conversationId, conversation.id)).all().map((r) => r.last);
    expect(lastOnRows()).toEqual([res.body.message.id, res.body.message.id]);
    const reply = await b.client.post('/api/messages.php', { profile: a.user.id, client_id: clientId(), body: 'Hi!' });
    expect(reply.status).toBe(201);
    expect(lastOnRows()).toEqual([reply.body.message.id, reply.body.message.id]);
  });

  it('a retried client_id returns the stored message once and charges once', async () => {
    const a = await loggedInMember(server, { credits: 5 });
    const b = await createMember(server.db);
    const payload = { profile: b.id, client_id: clientId(), body: 'only once' };
    const first = await a.client.post('/api/messages.php', payload);
    const again = await a.client.post('/api/messages.php', payload);
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.duplicate).toBe(true);
    expect(again.body.message).toEqual(first.body.message);
    expect(creditsOf(a.user.id)).toBe(4);
    expect(chargesOf(a.user.id)).toHaveLength(1);
    // Concurrent retries of one send also store it once.
    const payload2 = { profile: b.id, client_id: clientId(), body: 'burst' };
    const burst = await Promise.all(Array.from({ length: 10 }, () => a.client.post('/api/messages.php', payload2)));
    expect(burst.filter((r) => r.status === 201)).toHaveLength(1);
    expect(burst.filter((r) => r.status === 200)).toHaveLength(9);
    expect(new Set(burst.map((r) => r.body.message.id)).size).toBe(1);
    expect(creditsOf(a.user.id)).toBe(3);
  });

  it('a client id already used for a message to someone else is refused: not answered as a retry, nothing stored or charged', async () => {
    const a = await loggedInMember(server, { credits: 5 });
    const first = await createMember(server.db);
    const second = await createMember(server.db);
    const id = clientId();
    expect((await a.client.post('/api/messages.php', { profile: first.id, client_id: id, body: 'to the first' })).status).toBe(201);
    const before = messageCount();
    const reused = await a.client.post('/api/messages.php', { profile: second.id, client_id: id, body: 'to the second' });
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({ error: 'invalid_request', fields: { client_id: 'already_used' } });
    expect(messageCount()).toBe(before);
    expect(creditsOf(a.user.id)).toBe(4);
  });

  it('50 concurrent sends racing for the last 7 credits: exactly 7 succeed, balance 0', async () => {
    const a = await loggedInMember(server, { credits: 7, paidUser: true });
    const b = await createMember(server.db);
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => send(a.client, b.id, `race ${i}`)));
    const ok = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status === 402);
    expect(ok).toHaveLength(7);
    expect(refused).toHaveLength(43);
    for (const r of refused) expect(r.body).toMatchObject({ error: 'insufficient_credits', credits: 0, needed: 1 });
    expect(creditsOf(a.user.id)).toBe(0);
    const stored = server.db.select().from(messages).where(eq(messages.senderId, a.user.id)).all();
    expect(stored).toHaveLength(7);
  });

  it('without enough credits: 402 with {credits, needed}, nothing stored, no conversation created', async () => {
    const a = await loggedInMember(server, { credits: 0 });
    const b = await createMember(server.db);
    const before = messageCount();
    const res = await send(a.client, b.id);
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ error: 'insufficient_credits', credits: 0, needed: 1, message: 'You do not have enough credits' });
    expect(messageCount()).toBe(before);
    expect(server.db.select().from(conversations).where(eq(conversations.startedBy, a.user.id)).all()).toHaveLength(0);
    // A gift costs gift_credits (5 on the test site).
    const c = await loggedInMember(server, { credits: 4 });
    const gift = await send(c.client, b.id, { kind: 'gift', gift_id: 'rose' });
    expect(gift.status).toBe(402);
    expect(gift.body).toMatchObject({ credits: 4, needed: 5 });
    expect(creditsOf(c.user.id)).toBe(4);
  });

  it('empty text -> 400 message_empty; longer than message_length -> 400 message_too_long {max}', async () => {
    const a = await loggedInMember(server, { credits: 10 });
    const b = await createMember(server.db);
    const before = messageCount();
    expect((await send(a.client, b.id, '   \n\t ')).body).toMatchObject({ error: 'message_empty' });
    // Nothing a member would see: zero-width and format characters, fillers, control characters.
    for (const blank of ['\u200b\u200d', '\u3164', '\u2800', '\u0000', '\u202e\u200f', '\ufe0f']) {
      const res = await send(a.client, b.id, blank);
      expect(res.status, JSON.stringify(blank)).toBe(400);
      expect(res.body.error).toBe('message_empty');
    }
    const long = await send(a.client, b.id, 'x'.repeat(501));
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ error: 'message_too_long', max: 500 });
    // Past the schema's hard cap it is still "too long", not a malformed request.
    expect((await send(a.client, b.id, 'y'.repeat(20_000))).body).toMatchObject({ error: 'message_too_long', max: 500 });
    // 500 emoji are 500 characters for the member, although 1000 UTF-16 units.
    expect((await send(a.client, b.id, '😀'.repeat(500))).status).toBe(201);
    // A short text with a tail of spaces past the hard cap is a short text; a NUL is not stored.
    const padded = await send(a.client, b.id, 'hi' + ' '.repeat(12_000));
    expect(padded.status).toBe(201);
    expect(padded.body.message.body).toBe('hi');
    expect((await send(a.client, b.id, 'a\u0000b')).body.message.body).toBe('ab');
    expect(messageCount()).toBe(before + 3);
    expect(creditsOf(a.user.id)).toBe(7);
  });

  it('stores HTML and SQL text verbatim', async () => {
    const a = await loggedInMember(server);
    const b = await createMember(server.db);
    const nasty = `<script>alert("x")</script>'); DROP TABLE messages; -- ü 你好`;
    const res = await send(a.client, b.id, nasty);
    expect(res.status).toBe(201);
    expect(res.body.message.body).toBe(nasty);
    expect(server.db.select().from(messages).where(eq(messages.id, res.body.message.id)).get()!.body).toBe(nasty);
  });

  it('gifts need a catalogue gift_id and cost gift_credits; the catalogue lists them', async () => {
    const catalogue = await (await loggedInMember(server)).client.get('/api/gifts.php');
    expect(catalogue.status).toBe(200);
    expect(catalogue.body.length).toBeGreaterThanOrEqual(6);
    expect(catalogue.body[0]).toEqual({ id: 'rose', emoji: '🌹', credits: 5 });
    const a = await loggedInMember(server, { credits: 20 });
    const b = await createMember(server.db);
    const bad = await send(a.client, b.id, { kind: 'gift', gift_id: 'yacht' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'invalid_request', fields: { gift_id: 'invalid_request' } });
    const ok = await send(a.client, b.id, { kind: 'gift', gift_id: 'teddy' });
    expect(ok.status).toBe(201);
    expect(ok.body.message).toMatchObject({ kind: 'gift', gift_id: 'teddy', body: '' });
    expect(creditsOf(a.user.id)).toBe(15);
    expect(chargesOf(a.user.id).map((l) => [l.reason, l.delta, l.messageId])).toEqual([['gift', -5, ok.body.message.id]]);
  });

  it('a send answers with the message exactly as history shows it, for every kind', async () => {
    const a = await loggedInMember(server, { credits: 50 });
    const b = await createMember(server.db);
    const sent = [
      await send(a.client, b.id, { kind: 'icebreaker', icebreaker_id: 'coffee' }),
      await send(a.client, b.id, 'Ünïcödé and emoji 🌹, quotes "here"'),
      await send(a.client, b.id, { kind: 'gift', gift_id: 'rose' }),
    ];
    expect(sent.map((r) => r.status)).toEqual([201, 201, 201]);
    const history = await a.client.get(`/api/messages.php?conversation=${sent[0]!.body.message.conversation}`);
    expect(history.body.messages).toEqual(sent.map((r) => r.body.message));
  });

  it('icebreakers only open an empty conversation and store their i18n key', async () => {
    const list = await (await loggedInMember(server)).client.get('/api/icebreakers.php');
    expect(list.body.length).toBeGreaterThanOrEqual(8);
    expect(list.body[0]).toEqual({ id: 'coffee', key: 'icebreaker.coffee' });
    const a = await loggedInMember(server, { credits: 10 });
    const b = await createMember(server.db);
    expect((await send(a.client, b.id, { kind: 'icebreaker', icebreaker_id: 'nope' })).body).toMatchObject({ error: 'invalid_request' });
    const first = await send(a.client, b.id, { kind: 'icebreaker', icebreaker_id: 'music' });
    expect(first.status).toBe(201);
    expect(first.body.message).toMatchObject({ kind: 'icebreaker', body: 'icebreaker.music' });
    const second = await send(a.client, b.id, { kind: 'icebreaker', icebreaker_id: 'coffee' });
    expect(second.status).toBe(403);
    expect(second.body.error).toBe('icebreaker_unavailable');
    expect(creditsOf(a.user.id)).toBe(9);
  });

  it('a free member starts at most 2 conversations; replying is always allowed; premium is unlimited', async () => {
    const free = await loggedInMember(server, { credits: 50 });
    const [p1, p2, p3] = [await createMember(server.db), await createMember(server.db), await createMember(server.db)];
    expect((await send(free.client, p1.id)).status).toBe(201);
    expect((await send(free.client, p2.id)).status).toBe(201);
    expect((await send(free.client, p1.id, 'more in an existing one')).status).toBe(201);
    const third = await send(free.client, p3.id);
    expect(third.status).toBe(403);
    expect(third.body).toMatchObject({ error: 'conversation_limit', limit: 2, premium_required: true });
    expect(creditsOf(free.user.id)).toBe(47);

    // Someone else starts a conversation with the free member: replying is fine.
    const other = await loggedInMember(server, { credits: 5 });
    const opener = await send(other.client, free.user.id, 'hey you');
    expect(opener.status).toBe(201);
    expect((await send(free.client, other.user.id, 'hi back')).status).toBe(201);

    const premium = await loggedInMember(server, { credits: 50, paidUser: true });
    for (const p of [p1, p2, p3]) expect((await send(premium.client, p.id)).status).toBe(201);
  });

  it('conversations others began do not use up a free member\'s two: they may still start two of their own', async () => {
    const free = await loggedInMember(server, { credits: 50 });
    for (let i = 0; i < 2; i++) {
      const other = await loggedInMember(server, { credits: 5 });
      expect((await send(other.client, free.user.id, `hello ${i}`)).status).toBe(201);
    }
    const [p1, p2, p3] = [await createMember(server.db), await createMember(server.db), await createMember(server.db)];
    expect((await free.client.get(`/api/messages.php?profile=${p1.id}`)).body.conversation_limit_reached).toBe(false);
    expect((await send(free.client, p1.id)).status).toBe(201);
    expect((await send(free.client, p2.id)).status).toBe(201);
    expect((await send(free.client, p3.id)).body).toMatchObject({ error: 'conversation_limit', limit: 2 });
    expect(creditsOf(free.user.id)).toBe(48);
  });

  it('opening a chat not begun yet tells a free member at the limit before they write, and nobody else', async () => {
    const limitOf = async (client: TestClient, profile: number) => {
      const res = await client.get(`/api/messages.php?profile=${profile}`);
      expect(res.status).toBe(200);
      return (res.body as MessagesResponse).conversation_limit_reached;
    };
    const free = await loggedInMember(server, { credits: 50 });
    const [p1, p2, p3] = [await createMember(server.db), await createMember(server.db), await createMember(server.db)];
    expect(await limitOf(free.client, p1.id)).toBe(false);
    await send(free.client, p1.id);
    expect(await limitOf(free.client, p2.id)).toBe(false);
    await send(free.client, p2.id);
    // Two started: a third is for premium, the two begun stay open.
    expect(await limitOf(free.client, p3.id)).toBe(true);
    expect(await limitOf(free.client, p1.id)).toBe(false);
    // One the other member begins is a reply.
    const other = await loggedInMember(server, { credits: 5 });
    await send(other.client, free.user.id, 'hey you');
    expect(await limitOf(free.client, other.user.id)).toBe(false);
    const premium = await loggedInMember(server, { credits: 50, paidUser: true });
    await send(premium.client, p1.id);
    await send(premium.client, p2.id);
    expect(await limitOf(premium.client, p3.id)).toBe(false);
  });

  it('recipient must exist on this site and not be deleted; not yourself', async () => {
    const a = await loggedInMember(server, { credits: 10 });
    const deleted = await createMember(server.db, { status: 'deleted' });
    expect((await send(a.client, 999_999)).body).toMatchObject({ error: 'not_found' });
    expect((await send(a.client, deleted.id)).status).toBe(404);
    const self = await send(a.client, a.user.id);
    expect(self.status).toBe(400);
    expect(self.body.fields).toEqual({ profile: 'invalid_request' });
    expect(creditsOf(a.user.id)).toBe(10);
  });

  it('a member with an unconfirmed e-mail cannot be written to: 403 recipient_unconfirmed', async () => {
    const a = await loggedInMember(server, { credits: 10 });
    const unconfirmed = await loggedInMember(server, { status: 'not_confirmed', credits: 10 });
    const res = await send(a.client, unconfirmed.user.id);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('recipient_unconfirmed');
    expect(creditsOf(a.user.id)).toBe(10);
    // The unconfirmed member may still write; the other side sees they cannot be replied to.
    const theirs = await send(unconfirmed.client, a.user.id, 'hello from an unconfirmed member');
    expect(theirs.status).toBe(201);
    const chats = await a.client.get('/api/chats.php');
    expect(chats.body.chats[0].profile).toMatchObject({ id: unconfirmed.user.id, can_receive_replies: false });
    expect((await send(a.client, unconfirmed.user.id, 'reply')).body.error).toBe('recipient_unconfirmed');
  });

  it('bad input: 400 with fields and nothing stored', async () => {
    const a = await loggedInMember(server, { credits: 10 });
    const b = await createMember(server.db);
    const before = messageCount();
    const cases: unknown[] = [
      { profile: String(b.id), client_id: clientId(), body: 'x' },
      { profile: -1, client_id: clientId(), body: 'x' },
      { profile: 1.5, client_id: clientId(), body: 'x' },
      { profile: b.id, body: 'x' },
      { client_id: clientId(), body: 'x' },
      { profile: b.id, client_id: 'short', body: 'x' },
      { profile: b.id, client_id: 'has spaces in it!', body: 'x' },
      // A client id is at most 64 characters: a longer one is refused, not stored with the message.
      { profile: b.id, client_id: 'k'.repeat(65), body: 'x' },
      { profile: b.id, client_id: clientId(), body: 42 },
      { profile: b.id, client_id: clientId(), body: 'x', kind: 'video' },
      [1, 2, 3],
      JSON.stringify('just a string'),
    ];
    for (const body of cases) {
      const res = await a.client.post('/api/messages.php', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('invalid_request');
    }
    // A field the endpoint does not take is named, not dropped: a good send beside it stores nothing.
    for (const extra of [{ credits: -100 }, { giftId: 'rose' }]) {
      const res = await a.client.post('/api/messages.php', { profile: b.id, client_id: clientId(), body: 'x', ...extra });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'invalid_request', fields: { [Object.keys(extra)[0]!]: 'invalid_request' } });
    }
    const broken = await a.client.post('/api/messages.php', '{"profile": 1,', {});
    expect(broken.body.error).toBe('invalid_json');
    const huge = await a.client.post('/api/messages.php', { profile: b.id, client_id: clientId(), body: 'z'.repeat(100_000) });
    expect(huge.status).toBe(413);
    expect(huge.body.error).toBe('payload_too_large');
    expect(messageCount()).toBe(before);
    expect(creditsOf(a.user.id)).toBe(10);
  });

  it('text with half a character (a lone UTF-16 surrogate) is refused, not stored as broken bytes', async () => {
    const a = await loggedInMember(server, { credits: 10 });
    const b = await createMember(server.db);
    const before = messageCount();
    // Escaped in the JSON text, as a client sends them (a JS string would go out as UTF-8 U+FFFD).
    for (const body of ['lone \\ud800 end', 'x\\udfff', '\\ud800'.repeat(500)]) {
      const res = await a.client.request('POST', '/api/messages.php', `{"profile":${b.id},"client_id":"${clientId()}","body":"${body}"}`);
      expect(res.status, body).toBe(400);
      expect(res.body).toMatchObject({ error: 'invalid_request', fields: { body: 'invalid_request' } });
    }
    expect(messageCount()).toBe(before);
    expect(creditsOf(a.user.id)).toBe(10);
    // A whole pair (an emoji) is text like any other.
    const emoji = await a.client.request('POST', '/api/messages.php', `{"profile":${b.id},"client_id":"${clientId()}","body":"hi \\ud83d\\ude00"}`);
    expect(emoji.status).toBe(201);
    expect((await a.client.get(`/api/messages.php?conversation=${emoji.body.message.conversation}`)).body.messages.at(-1).body).toBe('hi 😀');
  });

  it('a field of another kind is refused, not dropped: nothing stored, nothing charged', async () => {
    const a = await loggedInMember(server, { credits: 20 });
    const b = await createMember(server.db);
    const before = messageCount();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ kind: 'text', body: 'hello', gift_id: 'rose' }, 'gift_id'],
      [{ kind: 'text', body: 'hello', icebreaker_id: 'coffee' }, 'icebreaker_id'],
      [{ kind: 'gift', gift_id: 'rose', icebreaker_id: 'coffee' }, 'icebreaker_id'],
      [{ kind: 'icebreaker', icebreaker_id: 'coffee', body: 'my own text' }, 'body'],
      [{ kind: 'icebreaker', icebreaker_id: 'coffee', gift_id: 'rose' }, 'gift_id'],
    ];
    for (const [fields, bad] of cases) {
      const res = await send(a.client, b.id, fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body.fields, JSON.stringify(fields)).toHaveProperty(bad);
    }
    expect(messageCount()).toBe(before);
    expect(creditsOf(a.user.id)).toBe(20);
    // What the web client sends for an icebreaker (the key as its body) is fine.
    expect((await send(a.client, b.id, { kind: 'icebreaker', icebreaker_id: 'coffee', body: 'icebreaker.coffee' })).status).toBe(201);
  });

  it('ids in a query string are digits: no hex, exponents or empty values', async () => {
    const a = await loggedInMember(server, { credits: 10 });
    const b = await createMember(server.db);
    const { conversation } = (await send(a.client, b.id, 'hi')).body.message;
    expect((await a.client.get(`/api/messages.php?conversation=${conversation}`)).status).toBe(200);
    for (const query of [`messages.php?conversation=0x${conversation.toString(16)}`, `messages.php?conversation=${conversation}e0`, 'messages.php?conversation=', `messages.php?conversation=${conversation}&after=`, 'sync.php?after=', 'sync.php?after=-1', `messages.php?conversation=${conversation}&limit=1.0`]) {
      const res = await a.client.get(`/api/${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error).toBe('invalid_request');
    }
  });

  it('requires a log-in', async () => {
    const anonymous = new TestClient(server.url);
    for (const [method, path] of [
      ['GET', '/api/chats.php'],
      ['POST', '/api/messages.php'],
      ['GET', '/api/messages.php?conversation=1'],
      ['POST', '/api/messages-read.php'],
      ['GET', '/api/sync.php'],
      ['GET', '/api/counts.php'],
      ['DELETE', '/api/chat.php'],
      ['POST', '/api/block.php'],
    ] as const) {
      const res = await anonymous.request(method, path, method === 'GET' ? undefined : {});
      expect(res.status, path).toBe(403);
      expect(res.body).toMatchObject({ error: 'authentication_required', authentication_required: true });
    }
  });
});

describe('what a send costs the database', () => {
  // At scale a table scan in a send is a stall for every member: each statement a send runs,
  // whether it stores a message or is refused, must reach its rows through an index.
  it('every statement of a send, stored or refused, reads through indexes, never a whole table', async () => {
    const a = await loggedInMember(server, { credits: 3 });
    const b = await loggedInMember(server, { credits: 3 });
    await send(a.client, b.user.id, 'first');
    const statements = await statementsRunBy(server, async () => {
      expect((await send(b.client, a.user.id, 'a reply')).status).toBe(201);
      expect((await send(a.client, b.user.id, 'the second')).status).toBe(201);
      expect((await send(a.client, b.user.id, 'the third')).status).toBe(201);
      expect((await send(a.client, b.user.id, 'no credits left')).status).toBe(402);
    });
    const scans = wideReads(server, statements);
    expect(statements.size).toBeGreaterThan(5);
    expect(scans).toEqual([]);
  });
});

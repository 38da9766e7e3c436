import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { likes, photos, profiles, users } from '@db/schema/index.js';
import type { ChatsResponse } from '@shared/api/chats.js';
import { FREE_HISTORY_DAYS } from '@shared/rules/chat-history.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createMember } from '../../test/factories.js';
import { loginAs } from '../../test/login.js';
import { loggedInMember, memberRow, send } from './chat-test-kit.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.destroy();
});

const DAY = 86_400_000;
const member = (conversation: number, userId: number) => memberRow(server, conversation, userId);

describe('chat list', () => {
  it('lists visible chats newest first with profile, unread, last message and read ticks', async () => {
    const me = await loggedInMember(server);
    const ann = await loggedInMember(server, { name: 'Ann', country: 'DE', birthDate: '2000-01-01' });
    const bob = await loggedInMember(server, { name: 'Bob', invisible: true });
    const now = server.clock.now();
    const photo = server.db
      .insert(photos)
      .values({ userId: ann.user.id, filename: 'ann.jpg', thumbFilename: 'ann-thumb.jpg', createdAt: now })
      .returning()
      .get();
    server.db.update(profiles).set({ mainPhotoId: photo.id }).where(eq(profiles.userId, ann.user.id)).run();
    server.db.update(users).set({ lastSeenAt: now - 60_000 }).where(eq(users.id, ann.user.id)).run();

    await send(ann.client, me.user.id, 'from Ann 1');
    await send(ann.client, me.user.id, 'from Ann 2');
    const fromBob = await send(bob.client, me.user.id, 'from Bob');
    const mine = await send(me.client, ann.user.id, 'to Ann');

    const res = await me.client.get('/api/chats.php');
    expect(res.status).toBe(200);
    expect(res.body.chats.map((c: { profile: { name: string } }) => c.profile.name)).toEqual(['Ann', 'Bob']);
    const [annChat, bobChat] = res.body.chats;
    expect(annChat).toMatchObject({
      num_unread_messages: 2,
      last_message: { id: mine.body.message.id, body: 'to Ann' },
      peer_last_read: 0,
      blocked_by_me: false,
      blocked_me: false,
    });
    // Born on 1 January: the birthday has always passed by the clock's date.
    const expectedAge = new Date(now).getUTCFullYear() - 2000;
    expect(annChat.profile).toMatchObject({
      id: ann.user.id,
      age: expectedAge,
      country: 'DE',
      main_image: { thumb: '/media/ann-thumb.jpg', match: '/media/ann.jpg' },
      can_receive_replies: true,
      online: false,
      last_seen: new Date(now - 60_000).toISOString(),
    });
    expect(bobChat).toMatchObject({ num_unread_messages: 1, last_message: { id: fromBob.body.message.id } });
    expect(bobChat.profile).toMatchObject({ main_image: null, last_seen: null });
    expect(res.body.counts).toEqual({ total_unread: 3, total_new_likes: 0, badge: 3, version: expect.any(Number) });

    // Ann reads my message: my list shows her read mark.
    await ann.client.post('/api/messages-read.php', { conversation: annChat.conversation, message: mine.body.message.id });
    expect((await me.client.get('/api/chats.php')).body.chats[0].peer_last_read).toBe(mine.body.message.id);
  });

  it('counts adds new likes to unread; GET /api/counts.php', async () => {
    const me = await loggedInMember(server);
    const fan = await loggedInMember(server);
    const old = await createMember(server.db);
    const now = server.clock.now();
    server.db.insert(likes).values([
      { likerId: fan.user.id, likedId: me.user.id, isNew: true, createdAt: now },
      { likerId: old.id, likedId: me.user.id, isNew: false, createdAt: now },
    ]).run();
    await send(fan.client, me.user.id, 'hi');
    const res = await me.client.get('/api/counts.php');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ total_unread: 1, total_new_likes: 1, badge: 2, version: expect.any(Number) });
  });
});

describe('counts versions', () => {
  it('move forward with every change to what counts are made of, in the transaction that changes it, and hold still while nothing changes', async () => {
    const me = await loggedInMember(server);
    const peer = await loggedInMember(server);
    const counts = async () => (await me.client.get('/api/counts.php')).body as { total_unread: number; total_new_likes: number; version: number };

    const start = await counts();
    expect(await counts()).toEqual(start);

    // A message to me.
    const sent = await send(peer.client, me.user.id, 'one');
    const afterMessage = await counts();
    expect(afterMessage).toMatchObject({ total_unread: start.total_unread + 1 });
    expect(afterMessage.version).toBeGreaterThan(start.version);

    // Reading it.
    const conversation = sent.body.message.conversation;
    const read = (await me.client.post('/api/messages-read.php', { conversation, message: sent.body.message.id })).body.counts;
    expect(read.version).toBeGreaterThan(afterMessage.version);
    expect(read.total_unread).toBe(start.total_unread);

    // A like, and the like seen: written straight to the table, as a later likes module will.
    server.db.insert(likes).values({ likerId: peer.user.id, likedId: me.user.id, isNew: true, createdAt: server.clock.now() }).run();
    const liked = await counts();
    expect(liked.total_new_likes).toBe(start.total_new_likes + 1);
    expect(liked.version).toBeGreaterThan(read.version);
    server.db.update(likes).set({ isNew: false }).where(and(eq(likes.likerId, peer.user.id), eq(likes.likedId, me.user.id))).run();
    const seen = await counts();
    expect(seen.total_new_likes).toBe(start.total_new_likes);
    expect(seen.version).toBeGreaterThan(liked.version);

    // Another message, then deleting the chat that holds it unread.
    await send(peer.client, me.user.id, 'two');
    const beforeDelete = await counts();
    const removed = await me.client.delete('/api/chat.php', { conversation });
    expect(removed.body.counts.total_unread).toBe(start.total_unread);
    expect(removed.body.counts.version).toBeGreaterThan(beforeDelete.version);
  });
});

describe('messages of one conversation', () => {
  it('pages newest first with before/after and reports has_more', async () => {
    const me = await loggedInMember(server);
    const peer = await loggedInMember(server);
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) ids.push((await send(i % 2 ? me.client : peer.client, i % 2 ? peer.user.id : me.user.id, `m${i}`)).body.message.id);
    const conversation = (await me.client.get('/api/chats.php')).body.chats[0].conversation;

    const latest = await me.client.get(`/api/messages.php?conversation=${conversation}&limit=3`);
    expect(latest.status).toBe(200);
    expect(latest.body.messages.map((m: { body: string }) => m.body)).toEqual(['m4', 'm5', 'm6']);
    expect(latest.body).toMatchObject({ conversation, has_more: true, history_cut: false, profile: { id: peer.user.id } });

    const older = await me.client.get(`/api/messages.php?conversation=${conversation}&limit=3&before=${ids[4]}`);
    expect(older.body.messages.map((m: { body: string }) => m.body)).toEqual(['m1', 'm2', 'm3']);
    expect(older.body.has_more).toBe(true);
    const oldest = await me.client.get(`/api/messages.php?conversation=${conversation}&limit=3&before=${ids[1]}`);
    expect(oldest.body.messages.map((m: { body: string }) => m.body)).toEqual(['m0']);
    expect(oldest.body.has_more).toBe(false);

    const newer = await me.client.get(`/api/messages.php?conversation=${conversation}&after=${ids[2]}&limit=2`);
    expect(newer.body.messages.map((m: { body: string }) => m.body)).toEqual(['m3', 'm4']);
    expect(newer.body.has_more).toBe(true);

    const byProfile = await me.client.get(`/api/messages.php?profile=${peer.user.id}`);
    expect(byProfile.body.conversation).toBe(conversation);
    expect(byProfile.body.messages).toHaveLength(7);
  });

  it('opening by a profile without a conversation gives an empty list; strangers get 404', async () => {
    const me = await loggedInMember(server);
    const nobody = await createMember(server.db, { name: 'Quiet' });
    const res = await me.client.get(`/api/messages.php?profile=${nobody.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ conversation: null, messages: [], has_more: false, history_cut: false, peer_last_read: 0, last_read: 0, profile: { name: 'Quiet' } });

    const a = await loggedInMember(server);
    const b = await createMember(server.db);
    const theirs = (await send(a.client, b.id)).body.message.conversation;
    const peek = await me.client.get(`/api/messages.php?conversation=${theirs}`);
    expect(peek.status).toBe(404);
    expect(peek.body.error).toBe('not_found');
    expect((await me.client.get('/api/messages.php?profile=999999')).status).toBe(404);
  });

  it('bad queries answer 400 invalid_request', async () => {
    const me = await loggedInMember(server);
    // The member's own conversation: a query the page took for a good one would answer 200 here, not 404.
    const own = (await send(me.client, (await createMember(server.db)).id)).body.message.conversation;
    for (const query of ['', '?conversation=abc', '?conversation=-3', '?conversation=0', `?conversation=${own}&profile=2`, `?conversation=${own}&limit=101`, `?conversation=${own}&limit=0`, `?conversation=${own}&before=0`, `?conversation=${own}&before=2&after=1`, `?conversation=${own}&conversation=2`, '?conversation=1.5']) {
      const res = await me.client.get(`/api/messages.php${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error).toBe('invalid_request');
    }
    for (const query of ['?after=-1', '?after=x']) expect((await me.client.get(`/api/sync.php${query}`)).status, query).toBe(400);
  });

  it('free members see the last 30 days (history_cut); premium members see everything', async () => {
    const free = await loggedInMember(server);
    const premium = await loggedInMember(server, { paidUser: true });
    const realNow = server.clock.now();
    server.clock.set(realNow - (FREE_HISTORY_DAYS + 5) * DAY);
    const old = await send(premium.client, free.user.id, 'long ago');
    server.clock.set(realNow - (FREE_HISTORY_DAYS - 1) * DAY);
    await send(free.client, premium.user.id, 'recent enough');
    server.clock.set(realNow);
    const conversation = old.body.message.conversation;

    const freeView = await free.client.get(`/api/messages.php?conversation=${conversation}`);
    expect(freeView.body.messages.map((m: { body: string }) => m.body)).toEqual(['recent enough']);
    expect(freeView.body.history_cut).toBe(true);
    expect(freeView.body.has_more).toBe(false);
    const premiumView = await premium.client.get(`/api/messages.php?conversation=${conversation}`);
    expect(premiumView.body.messages.map((m: { body: string }) => m.body)).toEqual(['long ago', 'recent enough']);
    expect(premiumView.body.history_cut).toBe(false);

    // Two more days pass: the free member's last visible message falls out too.
    server.clock.advance(2 * DAY);
    const later = await free.client.get(`/api/messages.php?conversation=${conversation}`);
    expect(later.body.messages).toEqual([]);
    expect(later.body.history_cut).toBe(true);
    expect((await free.client.get('/api/chats.php')).body.chats[0].last_message).toBeNull();
    expect((await free.client.get('/api/sync.php?after=0')).body.messages).toEqual([]);
    server.clock.set(realNow);
  });
});

describe('the history cut at its very edge', () => {
  // The chat's page, the list's preview and sync each filter by the cut: they must agree on its edge.
  it('a message exactly 30 days old is still shown to a free member, alike in the chat, its preview and sync', async () => {
    const free = await loggedInMember(server);
    const peer = await loggedInMember(server, { paidUser: true });
    const realNow = server.clock.now();
    server.clock.set(realNow - FREE_HISTORY_DAYS * DAY);
    const edge = (await send(peer.client, free.user.id, 'thirty days ago to the millisecond')).body.message;
    server.clock.set(realNow);
    const page = await free.client.get(`/api/messages.php?conversation=${edge.conversation}`);
    expect(page.body.messages.map((m: { id: number }) => m.id)).toEqual([edge.id]);
    expect(page.body.history_cut).toBe(false);
    expect((await free.client.get('/api/chats.php')).body.chats[0].last_message.id).toBe(edge.id);
    expect((await free.client.get('/api/sync.php?after=0')).body.messages.map((m: { id: number }) => m.id)).toEqual([edge.id]);
    // One millisecond later it is past the cut everywhere.
    server.clock.advance(1);
    const later = await free.client.get(`/api/messages.php?conversation=${edge.conversation}`);
    expect(later.body.messages).toEqual([]);
    expect(later.body.history_cut).toBe(true);
    expect((await free.client.get('/api/chats.php')).body.chats[0].last_message).toBeNull();
    server.clock.set(realNow);
  });
});

describe('the unread total over many conversations', () => {
  it('counts only visible conversations with something unread, through reads, deletions and a revived chat', async () => {
    const me = await loggedInMember(server);
    const peers = [];
    for (let i = 0; i < 12; i++) peers.push(await loggedInMember(server));
    // Conversation i gets i + 1 messages: 1 + 2 + ... + 12 = 78 unread.
    const lastOf: number[] = [];
    for (const [i, peer] of peers.entries()) {
      for (let j = 0; j <= i; j++) lastOf[i] = (await send(peer.client, me.user.id, `m${j}`)).body.message.id;
    }
    const total = async () => (await me.client.get('/api/counts.php')).body.total_unread;
    expect(await total()).toBe(78);
    const conversations = await Promise.all(
      peers.map(async (peer) => (await me.client.get(`/api/messages.php?profile=${peer.user.id}`)).body.conversation as number),
    );

    // Reading conversation 11 (12 unread) and part of conversation 5 (3 of its 6).
    await me.client.post('/api/messages-read.php', { conversation: conversations[11], message: lastOf[11] });
    const six = (await me.client.get(`/api/messages.php?conversation=${conversations[5]}`)).body.messages;
    await me.client.post('/api/messages-read.php', { conversation: conversations[5], message: six[2].id });
    expect(await total()).toBe(78 - 12 - 3);

    // Deleting conversation 9 (10 unread) takes it out; a new message brings it back with 1, and
    // its entry says from where the member sees it (a tab that missed the deletion drops the rest).
    const entryOf = async (conversation: number) => ((await me.client.get('/api/chats.php')).body as ChatsResponse).chats.find((c) => c.conversation === conversation);
    expect((await entryOf(conversations[9]!))?.visible_after).toBe(0);
    await me.client.delete('/api/chat.php', { conversation: conversations[9] });
    expect(await total()).toBe(63 - 10);
    const back = (await send(peers[9]!.client, me.user.id, 'back again')).body.message.id;
    expect(await total()).toBe(53 + 1);
    expect((await entryOf(conversations[9]!))?.visible_after).toBe(lastOf[9]);
    expect((await me.client.get(`/api/messages.php?conversation=${conversations[9]}`)).body.messages.map((m: { id: number }) => m.id)).toEqual([back]);
    // My own messages never count for me.
    await send(me.client, peers[0]!.user.id, 'mine');
    expect(await total()).toBe(54);
  });
});

describe('marking read', () => {
  it('sets the read mark monotonically and recomputes unread and counts', async () => {
    const me = await loggedInMember(server);
    const peer = await loggedInMember(server);
    const sent = [];
    for (let i = 0; i < 4; i++) sent.push((await send(peer.client, me.user.id, `p${i}`)).body.message);
    const mineId = (await send(me.client, peer.user.id, 'mine')).body.message.id;
    const conversation = sent[0].conversation;
    expect((await me.client.get('/api/counts.php')).body.total_unread).toBe(4);

    const r1 = await me.client.post('/api/messages-read.php', { conversation, message: sent[1].id });
    expect(r1.status).toBe(200);
    expect(r1.body.counts).toEqual({ total_unread: 2, total_new_likes: 0, badge: 2, version: expect.any(Number) });
    expect(member(conversation, me.user.id)).toMatchObject({ lastReadMessageId: sent[1].id, unreadCount: 2 });
    // The history tells the member where their unread messages begin (and the peer's page its own mark).
    expect((await me.client.get(`/api/messages.php?conversation=${conversation}`)).body.last_read).toBe(sent[1].id);
    expect((await peer.client.get(`/api/messages.php?conversation=${conversation}`)).body.last_read).toBe(0);

    // An older mark never moves it back.
    const r0 = await me.client.post('/api/messages-read.php', { conversation, message: sent[0].id });
    expect(r0.body.counts.total_unread).toBe(2);
    expect(member(conversation, me.user.id).lastReadMessageId).toBe(sent[1].id);

    await me.client.post('/api/messages-read.php', { conversation, message: mineId });
    expect(member(conversation, me.user.id)).toMatchObject({ lastReadMessageId: mineId, unreadCount: 0 });
    expect((await me.client.get('/api/chats.php')).body.counts.total_unread).toBe(0);
    // The peer's own state is untouched.
    expect(member(conversation, peer.user.id)).toMatchObject({ unreadCount: 1, lastReadMessageId: 0 });
  });

  it('404 for a conversation that is not mine or a message of another conversation; 400 for bad bodies', async () => {
    const me = await loggedInMember(server);
    const peer = await loggedInMember(server);
    const other = await loggedInMember(server);
    const m = (await send(peer.client, me.user.id)).body.message;
    const foreign = (await send(other.client, peer.user.id)).body.message;
    expect((await me.client.post('/api/messages-read.php', { conversation: foreign.conversation, message: foreign.id })).status).toBe(404);
    expect((await me.client.post('/api/messages-read.php', { conversation: m.conversation, message: foreign.id })).status).toBe(404);
    expect((await me.client.post('/api/messages-read.php', { conversation: foreign.conversation })).status).toBe(404);
    for (const body of [{}, { message: m.id }, { conversation: 'x', message: m.id }, { conversation: m.conversation, message: -1 }, { conversation: m.conversation, message: null }, { conversation: m.conversation + 0.5 }, { conversation: m.conversation, message: m.id + 0.5 }, { conversation: m.conversation, message: m.id, unread: 0 }]) {
      const res = await me.client.post('/api/messages-read.php', body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('invalid_request');
    }
    expect(member(m.conversation, me.user.id)).toMatchObject({ unreadCount: 1, lastReadMessageId: 0 });
  });

  it("without a message, reads through the newest: a free member's chat whose messages are all past the history cut", async () => {
    const free = await loggedInMember(server);
    const peer = await loggedInMember(server, { paidUser: true });
    const realNow = server.clock.now();
    server.clock.set(realNow - (FREE_HISTORY_DAYS + 1) * DAY);
    const sent = [];
    for (let i = 0; i < 3; i++) sent.push((await send(peer.client, free.user.id, `old ${i}`)).body.message);
    server.clock.set(realNow);
    const conversation = sent[0].conversation;

    // Nothing to see, and nothing to read up to: until now the badge counted these for good.
    const opened = await free.client.get(`/api/messages.php?conversation=${conversation}`);
    expect(opened.body).toMatchObject({ messages: [], history_cut: true });
    expect((await free.client.get('/api/chats.php')).body.chats[0]).toMatchObject({ num_unread_messages: 3, last_message: null });
    expect((await free.client.get('/api/counts.php')).body.total_unread).toBe(3);

    const read = await free.client.post('/api/messages-read.php', { conversation });
    expect(read.status).toBe(200);
    expect(read.body.counts.total_unread).toBe(0);
    expect(member(conversation, free.user.id)).toMatchObject({ unreadCount: 0, lastReadMessageId: sent[2].id });
    expect((await free.client.get('/api/chats.php')).body.chats[0].num_unread_messages).toBe(0);
  });
});

describe('sync after an id', () => {
  it('returns every visible message newer than after, ascending, across conversations', async () => {
    const me = await loggedInMember(server);
    const a = await loggedInMember(server);
    const b = await loggedInMember(server);
    const first = (await send(a.client, me.user.id, 'a1')).body.message.id;
    await send(me.client, b.user.id, 'me->b');
    await send(b.client, me.user.id, 'b1');
    await send(a.client, b.user.id, 'not mine');
    await send(a.client, me.user.id, 'a2');

    const all = await me.client.get('/api/sync.php?after=0');
    expect(all.status).toBe(200);
    expect(all.body.messages.map((m: { body: string }) => m.body)).toEqual(['a1', 'me->b', 'b1', 'a2']);
    expect(all.body).toMatchObject({ has_more: false, counts: { total_unread: 3 } });
    const after = await me.client.get(`/api/sync.php?after=${first}`);
    expect(after.body.messages.map((m: { body: string }) => m.body)).toEqual(['me->b', 'b1', 'a2']);
    const ids = after.body.messages.map((m: { id: number }) => m.id);
    expect([...ids].sort((x, y) => x - y)).toEqual(ids);
  });

  it('tells the balance as it is now, after sends from another session of the member', async () => {
    const me = await loggedInMember(server);
    const peer = await loggedInMember(server);
    const held = (await me.client.get('/api/sync.php?after=0')).body;
    expect(held.credits).toBe(100);
    // Another device of the same member sends twice (a tab that was away missed both frames).
    const elsewhere = await loginAs(server, me.user);
    await send(elsewhere, peer.user.id, 'from my phone');
    await send(elsewhere, peer.user.id, 'and again');
    const caughtUp = (await me.client.get('/api/sync.php?after=0')).body;
    expect(caughtUp.messages.map((m: { body: string }) => m.body)).toEqual(['from my phone', 'and again']);
    expect(caughtUp.credits).toBe(98); // 1 credit per message on the test site
  });
});

describe('REST reads of the list and of missed messages', () => {
  it('are answered 60 at once per member, then "rate_limited" (429) until the allowance refills at 2 a second; other members are served', async () => {
    const looping = await loggedInMember(server);
    const other = await loggedInMember(server);
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await looping.client.get('/api/sync.php?after=0')).status);
    for (let i = 0; i < 20; i++) statuses.push((await looping.client.get('/api/chats.php')).status);
    expect(statuses).toEqual(Array(60).fill(200));

    const refused = await looping.client.get('/api/sync.php?after=0');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: 'rate_limited' });
    expect((await looping.client.get('/api/chats.php')).status).toBe(429);
    expect((await other.client.get('/api/chats.php')).status).toBe(200);

    server.clock.advance(1_000);
    const after = [];
    for (let i = 0; i < 3; i++) after.push((await looping.client.get('/api/sync.php?after=0')).status);
    expect(after).toEqual([200, 200, 429]);
  });
});

describe('REST pages of a conversation', () => {
  it('are answered 60 at once per member, then "rate_limited" (429) until the allowance refills at 5 a second; the list and other members are served', async () => {
    const looping = await loggedInMember(server);
    const peer = await loggedInMember(server);
    const first = await send(peer.client, looping.user.id, 'hello');
    const page = `/api/messages.php?conversation=${first.body.message.conversation}&limit=1`;
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await looping.client.get(page)).status);
    expect(statuses).toEqual(Array(60).fill(200));

    const refused = await looping.client.get(page);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: 'rate_limited' });
    // Paging is apart from polling: the list is still answered, and so is the peer's page.
    expect((await looping.client.get('/api/chats.php')).status).toBe(200);
    const peersPage = await peer.client.get(page);
    expect(peersPage.status).toBe(200);
    expect(peersPage.body.messages.map((m: { body: string }) => m.body)).toEqual(['hello']);

    server.clock.advance(1_000);
    const after = [];
    for (let i = 0; i < 6; i++) after.push((await looping.client.get(page)).status);
    expect(after).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { blocks, messages, users } from '@db/schema/index.js';
import { startTestServer, TestClient, type TestServer } from '../../test/harness.js';
import { createMember } from '../../test/factories.js';
import { isBlockedEitherWay } from '../blocks/service.js';
import { creditBalance } from '../credits/ledger.js';
import { loggedInMember, memberRow, send } from './chat-test-kit.js';
import { FREE_HISTORY_DAYS } from '@shared/rules/chat-history.js';

const DAY = 86_400_000;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.destroy();
});

const member = (conversation: number, userId: number) => memberRow(server, conversation, userId);
const chatIds = async (client: { get(p: string): Promise<{ body: { chats: Array<{ conversation: number }> } }> }) =>
  (await client.get('/api/chats.php')).body.chats.map((c) => c.conversation);

describe('deleting a chat', () => {
  it('hides it for the deleter only; a new message brings it back with only newer messages', async () => {
    const me = await loggedInMember(server);
    const peer = await loggedInMember(server);
    const first = (await send(peer.client, me.user.id, 'old one')).body.message;
    const last = (await send(me.client, peer.user.id, 'my old reply')).body.message;
    await send(peer.client, me.user.id, 'unread');
    const conversation = first.conversation;

    const res = await me.client.delete('/api/chat.php', { conversation });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ removed: [conversation], kept: [], counts: { total_unread: 0, total_new_likes: 0, badge: 0, version: expect.any(Number) } });
    expect(await chatIds(me.client)).toEqual([]);
    expect((await me.client.get(`/api/messages.php?conversation=${conversation}`)).body.messages).toEqual([]);
    expect((await me.client.get('/api/sync.php?after=0')).body.messages).toEqual([]);
    // The other member keeps everything.
    expect(await chatIds(peer.client)).toEqual([conversation]);
    expect((await peer.client.get(`/api/messages.php?conversation=${conversation}`)).body.messages).toHaveLength(3);
    expect(member(conversation, peer.user.id).deletedAt).toBeNull();
    expect(server.db.select().from(messages).where(eq(messages.conversationId, conversation)).all()).toHaveLength(3);
    expect(member(conversation, me.user.id).hiddenBeforeMessageId).toBeGreaterThan(last.id);

    const comeback = (await send(peer.client, me.user.id, 'are you there?')).body.message;
    expect(await chatIds(me.client)).toEqual([conversation]);
    const view = await me.client.get(`/api/messages.php?conversation=${conversation}`);
    expect(view.body.messages.map((m: { id: number }) => m.id)).toEqual([comeback.id]);
    // A catch-up from before the deletion (another device, a long reconnect) brings back no deleted message either.
    expect((await me.client.get('/api/sync.php?after=0')).body.messages.map((m: { id: number }) => m.id)).toEqual([comeback.id]);
    expect((await me.client.get('/api/counts.php')).body.total_unread).toBe(1);
  });

  it('a member who deleted a chat and writes in it again has it back, with only the new message', async () => {
    const me = await loggedInMember(server);
    const peer = await loggedInMember(server);
    const conversation = (await send(peer.client, me.user.id, 'before')).body.message.conversation;
    expect((await me.client.delete('/api/chat.php', { conversation })).status).toBe(200);
    expect(await chatIds(me.client)).toEqual([]);

    const again = (await send(me.client, peer.user.id, 'me again')).body.message;
    expect(again.conversation).toBe(conversation);
    expect(await chatIds(me.client)).toEqual([conversation]);
    expect(member(conversation, me.user.id).deletedAt).toBeNull();
    const view = await me.client.get(`/api/messages.php?conversation=${conversation}`);
    expect(view.body.messages.map((m: { id: number }) => m.id)).toEqual([again.id]);
  });

  it('by profile removes the conversation with that profile; repeating is harmless', async () => {
    const me = await loggedInMember(server);
    const peer = await createMember(server.db);
    const other = await createMember(server.db);
    const conversation = (await send(me.client, peer.id)).body.message.conversation;
    const kept = (await send(me.client, other.id)).body.message.conversation;
    const res = await me.client.delete('/api/chat.php', { profile: peer.id });
    expect(res.status).toBe(200);
    expect(res.body.removed).toEqual([conversation]);
    expect(await chatIds(me.client)).toEqual([kept]);
    expect((await me.client.delete('/api/chat.php', { profile: peer.id })).status).toBe(200);
    // Sending again from my side also brings it back.
    await send(me.client, peer.id, 'changed my mind');
    expect(await chatIds(me.client)).toEqual([conversation, kept]);
    // My own message is not unread for me; the peer has both of mine unread.
    expect((await me.client.get('/api/counts.php')).body.total_unread).toBe(0);
    expect(member(conversation, me.user.id).unreadCount).toBe(0);
    expect(member(conversation, peer.id).unreadCount).toBe(2);
  });

  it('keeps a message that came after the newest one the member was shown (up_to), hiding the rest', async () => {
    const me = await loggedInMember(server);
    const peer = await loggedInMember(server);
    const seen = (await send(peer.client, me.user.id, 'seen')).body.message;
    const conversation = seen.conversation;
    // Stored while the member pressed delete: its frame had not reached their screen.
    const unseen = (await send(peer.client, me.user.id, 'just now')).body.message;

    const res = await me.client.delete('/api/chat.php', { conversation, up_to: seen.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ removed: [], kept: [conversation], counts: { total_unread: 1, badge: 1 } });
    const entry = (await me.client.get('/api/chats.php')).body.chats[0];
    expect(entry).toMatchObject({ conversation, num_unread_messages: 1, visible_after: seen.id, last_message: { id: unseen.id } });
    const view = await me.client.get(`/api/messages.php?conversation=${conversation}`);
    expect(view.body.messages.map((m: { id: number }) => m.id)).toEqual([unseen.id]);

    // Deleting again once it was shown hides it too; an older up_to never shows the hidden again.
    expect((await me.client.delete('/api/chat.php', { profile: peer.user.id, up_to: unseen.id })).body).toMatchObject({ removed: [conversation], kept: [] });
    expect((await me.client.delete('/api/chat.php', { conversation, up_to: seen.id })).body).toMatchObject({ removed: [conversation], kept: [] });
    expect(await chatIds(me.client)).toEqual([]);
    expect(member(conversation, me.user.id).hiddenBeforeMessageId).toBe(unseen.id);
  });

  it('a free member deleting a chat all past the history cut (up_to 0, shown none) hides the old messages and keeps one that just came', async () => {
    const me = await loggedInMember(server);
    const peer = await loggedInMember(server);
    const realNow = server.clock.now();
    server.clock.set(realNow - (FREE_HISTORY_DAYS + 10) * DAY);
    const old = (await send(peer.client, me.user.id, 'long ago')).body.message;
    server.clock.set(realNow);
    const conversation = old.conversation;
    // The list shows the chat with no message: the member was shown none there.
    expect((await me.client.get('/api/chats.php')).body.chats[0].last_message).toBeNull();
    // Stored while the member pressed delete: its frame had not reached their screen.
    const unseen = (await send(peer.client, me.user.id, 'still there?')).body.message;

    const res = await me.client.delete('/api/chat.php', { profile: peer.user.id, up_to: 0 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ removed: [], kept: [conversation], counts: { total_unread: 1 } });
    const view = await me.client.get(`/api/messages.php?conversation=${conversation}`);
    expect(view.body).toMatchObject({ history_cut: false, messages: [{ id: unseen.id }] });
    // The old message went with the delete: premium, which lifts the cut, does not bring it back.
    server.db.update(users).set({ paidUser: true }).where(eq(users.id, me.user.id)).run();
    expect((await me.client.get(`/api/messages.php?conversation=${conversation}`)).body.messages.map((m: { id: number }) => m.id)).toEqual([unseen.id]);

    // Nothing came meanwhile: the chat goes, as every delete does.
    const quiet = await loggedInMember(server);
    server.clock.set(realNow - (FREE_HISTORY_DAYS + 10) * DAY);
    const alone = (await send(peer.client, quiet.user.id, 'long ago')).body.message;
    server.clock.set(realNow);
    expect((await quiet.client.delete('/api/chat.php', { profile: peer.user.id, up_to: 0 })).body).toMatchObject({ removed: [alone.conversation], kept: [] });
  });

  it('a bad up_to is a 400 naming it, and the chat stays as it was', async () => {
    const me = await loggedInMember(server);
    const peer = await createMember(server.db);
    const conversation = (await send(me.client, peer.id)).body.message.conversation;
    // A message of another of my chats, stored after this chat's newest, and an id no message has.
    const elsewhere = (await send(me.client, (await createMember(server.db)).id)).body.message;
    for (const up_to of [-3, 2.5, 'x', null, elsewhere.id, elsewhere.id + 1000]) {
      const res = await me.client.delete('/api/chat.php', { conversation, up_to });
      expect(res.status, JSON.stringify(up_to)).toBe(400);
      expect(Object.keys(res.body.fields)).toEqual(['up_to']);
    }
    expect(await chatIds(me.client)).toEqual([elsewhere.conversation, conversation]);
    expect(member(conversation, me.user.id).hiddenBeforeMessageId).toBe(0);
  });

  it('404 for a conversation that is not mine; 400 for bad bodies; nothing changes', async () => {
    const me = await loggedInMember(server);
    const a = await loggedInMember(server);
    const b = await createMember(server.db);
    const theirs = (await send(a.client, b.id)).body.message.conversation;
    const res = await me.client.delete('/api/chat.php', { conversation: theirs });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('not_found');
    expect((await me.client.delete('/api/chat.php', { profile: b.id })).status).toBe(404);
    // A good field beside a bad one is still a bad body: nothing deleted by the good one.
    // Each answer names the field at fault in the shape the body came closest to.
    const bad: Array<[Record<string, unknown>, string[]]> = [
      [{}, ['conversation', 'profile']],
      [{ conversation: 'x' }, ['conversation']],
      [{ conversation: 1.5 }, ['conversation']],
      [{ conversation: -1 }, ['conversation']],
      [{ profile: 'x' }, ['profile']],
      [{ profile: 0 }, ['profile']],
      [{ profile: a.user.id, conversation: 'x' }, ['conversation']],
      [{ conversation: theirs, extra: true }, ['extra']],
    ];
    for (const [body, fields] of bad) {
      const res = await me.client.delete('/api/chat.php', body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('invalid_request');
      expect(Object.keys(res.body.fields).sort(), JSON.stringify(body)).toEqual(fields);
    }
    expect(member(theirs, a.user.id).deletedAt).toBeNull();
    expect(await chatIds(a.client)).toEqual([theirs]);
  });
});

describe('blocking', () => {
  it('blocks both ways until unblocked, and shows who blocked whom', async () => {
    const me = await loggedInMember(server);
    const pest = await loggedInMember(server);
    const conversation = (await send(pest.client, me.user.id, 'hello')).body.message.conversation;

    const blocked = await me.client.post('/api/block.php', { profile: pest.user.id });
    expect(blocked.status).toBe(200);
    expect(blocked.body).toEqual({ profile: pest.user.id, blocked: true });
    expect(isBlockedEitherWay(server.ctx, me.user.id, pest.user.id)).toBe(true);
    expect(isBlockedEitherWay(server.ctx, pest.user.id, me.user.id)).toBe(true);

    const theirTry = await send(pest.client, me.user.id, 'why?');
    expect(theirTry.status).toBe(403);
    expect(theirTry.body).toMatchObject({ error: 'blocked', message: 'You cannot contact this member.' });
    expect((await send(me.client, pest.user.id, 'go away')).body.error).toBe('blocked');
    const creditsOf = (id: number) => creditBalance(server.db, id);
    expect([creditsOf(pest.user.id), creditsOf(me.user.id)]).toEqual([99, 100]);

    expect((await me.client.get('/api/chats.php')).body.chats[0]).toMatchObject({ conversation, blocked_by_me: true, blocked_me: false });
    expect((await pest.client.get('/api/chats.php')).body.chats[0]).toMatchObject({ conversation, blocked_by_me: false, blocked_me: true });
    expect((await pest.client.get(`/api/messages.php?conversation=${conversation}`)).body).toMatchObject({ blocked_me: true });

    // Blocking twice is harmless; unblocking restores contact.
    expect((await me.client.post('/api/block.php', { profile: pest.user.id })).status).toBe(200);
    const unblocked = await me.client.delete('/api/block.php', { profile: pest.user.id });
    expect(unblocked.body).toEqual({ profile: pest.user.id, blocked: false });
    expect(isBlockedEitherWay(server.ctx, me.user.id, pest.user.id)).toBe(false);
    expect((await send(pest.client, me.user.id, 'sorry')).status).toBe(201);
    expect((await me.client.get('/api/chats.php')).body.chats[0].blocked_by_me).toBe(false);
  });

  it('a block by the other side stops me too, even before any conversation', async () => {
    const me = await loggedInMember(server);
    const them = await loggedInMember(server);
    await them.client.post('/api/block.php', { profile: me.user.id });
    const res = await send(me.client, them.user.id);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('blocked');
  });

  it('a member who blocked me before we ever wrote is not shown to me in a chat either: 403 blocked, nothing of them', async () => {
    const me = await loggedInMember(server);
    const them = await loggedInMember(server);
    await them.client.post('/api/block.php', { profile: me.user.id });
    const opened = await me.client.get(`/api/messages.php?profile=${them.user.id}`);
    expect(opened.status).toBe(403);
    expect(opened.body).toEqual({ error: 'blocked', message: 'You cannot contact this member.' });
    // The same answer as their profile page gives.
    expect((await me.client.get(`/api/profile.php?id=${them.user.id}`)).body.error).toBe('blocked');
    // The blocker still sees whom they blocked, and an unknown profile stays a 404.
    expect((await them.client.get(`/api/messages.php?profile=${me.user.id}`)).body).toMatchObject({ conversation: null, blocked_by_me: true, blocked_me: false });
    expect((await me.client.get('/api/messages.php?profile=999999')).status).toBe(404);
    // Once unblocked, the chat opens.
    await them.client.delete('/api/block.php', { profile: me.user.id });
    expect((await me.client.get(`/api/messages.php?profile=${them.user.id}`)).body).toMatchObject({ conversation: null, blocked_me: false });
  });

  it('bad block requests: unknown profile 404, self or malformed 400, nothing stored', async () => {
    const me = await loggedInMember(server);
    expect((await me.client.post('/api/block.php', { profile: 999_999 })).status).toBe(404);
    const self = await me.client.post('/api/block.php', { profile: me.user.id });
    expect(self.status).toBe(400);
    const other = await createMember(server.db);
    for (const body of [{}, { profile: 'x' }, { profile: -2 }, { profile: other.id + 0.5 }, { profile: other.id, reason: 'spam' }]) {
      const res = await me.client.post('/api/block.php', body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('invalid_request');
    }
    expect(server.db.select().from(blocks).where(eq(blocks.blockerId, me.user.id)).all()).toEqual([]);
  });
});

describe('page hidden beacon', () => {
  it('answers 204 for any body and records last seen by the clock', async () => {
    const me = await loggedInMember(server);
    server.clock.advance(1_000);
    const at = server.clock.now();
    expect((await me.client.post('/api/page-hidden.php', {})).status).toBe(204);
    expect(server.db.select().from(users).where(eq(users.id, me.user.id)).get()!.lastSeenAt).toBe(at);
    expect((await me.client.request('POST', '/api/page-hidden.php', '', { 'content-type': 'text/plain' })).status).toBe(204);
    expect((await me.client.request('POST', '/api/page-hidden.php')).status).toBe(204);
    expect((await new TestClient(server.url).post('/api/page-hidden.php', {})).status).toBe(204);

    // Nobody reads the body: a malformed or oversized one still reports the member gone.
    server.clock.advance(1_000);
    expect((await me.client.request('POST', '/api/page-hidden.php', '{not json', { 'content-type': 'application/json' })).status).toBe(204);
    expect(server.db.select().from(users).where(eq(users.id, me.user.id)).get()!.lastSeenAt).toBe(server.clock.now());
    server.clock.advance(1_000);
    expect((await me.client.request('POST', '/api/page-hidden.php', JSON.stringify({ pad: 'x'.repeat(100_000) }), { 'content-type': 'application/json' })).status).toBe(204);
    expect(server.db.select().from(users).where(eq(users.id, me.user.id)).get()!.lastSeenAt).toBe(server.clock.now());
  });
});

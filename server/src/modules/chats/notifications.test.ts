import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sites, users, type SiteRow } from '@db/schema/index.js';
import { RecordingNotifier } from '../../realtime/notifier.js';
import { HttpError } from '../../http/errors.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createMember } from '../../test/factories.js';
import { clientId, loggedInMember, send } from './chat-test-kit.js';
import { countsFor, markRead, peersOf, sendMessage, typingRecipientOf } from './service.js';

let server: TestServer;
let site: SiteRow;
let recorder: RecordingNotifier;
beforeAll(async () => {
  server = await startTestServer();
  site = server.db.select().from(sites).where(eq(sites.id, server.siteId)).get()!;
});
beforeEach(() => {
  // The app reads ctx.notifier per call, so REST requests report here too.
  recorder = new RecordingNotifier();
  server.ctx.notifier = recorder;
});
afterAll(async () => {
  await server.destroy();
});

const userRow = (id: number) => server.db.select().from(users).where(eq(users.id, id)).get()!;

describe('notifications after commit', () => {
  it('a send tells both rooms message:new, with the counts to the recipient and the balance to the sender, in the same frame', async () => {
    const a = await createMember(server.db, { credits: 3 });
    const b = await createMember(server.db);
    const sent = await sendMessage(server.ctx, userRow(a.id), site, { profile: b.id, client_id: clientId(), body: 'hi' });
    expect(sent.duplicate).toBe(false);
    expect(recorder.sent).toEqual([
      { userId: b.id, event: 'message:new', payload: sent.message, more: [{ counts: { total_unread: 1, total_new_likes: 0, badge: 1, version: expect.any(Number) } }] },
      { userId: a.id, event: 'message:new', payload: sent.message, more: [{ credits: 2, credits_version: sent.credits_version }] },
    ]);
  });

  it('a retried send re-announces the stored message but charges and counts nothing', async () => {
    const a = await createMember(server.db, { credits: 3 });
    const b = await createMember(server.db);
    const input = { profile: b.id, client_id: clientId(), body: 'once' };
    const first = await sendMessage(server.ctx, userRow(a.id), site, input);
    recorder.sent.length = 0;
    const again = await sendMessage(server.ctx, userRow(a.id), site, input);
    expect(again).toEqual({ message: first.message, duplicate: true, credits: 2, credits_version: first.credits_version });
    expect(recorder.sent.map((n) => [n.userId, n.event])).toEqual([
      [b.id, 'message:new'],
      [a.id, 'message:new'],
    ]);
    expect(countsFor(server.ctx, b.id).total_unread).toBe(1);
  });

  it('a refused send notifies nobody and throws an HttpError the socket can map', async () => {
    const a = await createMember(server.db, { credits: 0 });
    const b = await createMember(server.db);
    let caught: unknown;
    try {
      await sendMessage(server.ctx, userRow(a.id), site, { profile: b.id, client_id: clientId(), body: 'hi' });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(HttpError);
    expect(caught).toMatchObject({ status: 402, code: 'insufficient_credits', extra: { credits: 0, needed: 1 } });
    expect(recorder.sent).toEqual([]);
    await expect(sendMessage(server.ctx, userRow(a.id), site, { profile: b.id } as never)).rejects.toThrow(HttpError);
  });

  it('markRead tells the reader counts, the reader\'s tabs what is left unread and the peer message:read, only when the mark moves', async () => {
    const a = await createMember(server.db, { credits: 5 });
    const b = await createMember(server.db);
    const m1 = (await sendMessage(server.ctx, userRow(a.id), site, { profile: b.id, client_id: clientId(), body: '1' })).message;
    const m2 = (await sendMessage(server.ctx, userRow(a.id), site, { profile: b.id, client_id: clientId(), body: '2' })).message;
    // What b reading up to `message` tells: b's counts, b's tabs what is left, a the read tick.
    const readUpTo = async (message: typeof m1, unread: number) => {
      recorder.sent.length = 0;
      const counts = await markRead(server.ctx, userRow(b.id), message.conversation, message.id);
      expect(counts).toEqual({ total_unread: unread, total_new_likes: 0, badge: unread, version: expect.any(Number) });
      expect(recorder.sent).toEqual([
        { userId: b.id, event: 'counts', payload: counts },
        { userId: b.id, event: 'message:read', payload: { conversation: message.conversation, reader: b.id, message: message.id, unread } },
        { userId: a.id, event: 'message:read', payload: { conversation: message.conversation, reader: b.id, message: message.id } },
      ]);
    };
    // Up to the first: the second is still unread in every tab of b.
    await readUpTo(m1, 1);
    await readUpTo(m2, 0);
    recorder.sent.length = 0;
    await markRead(server.ctx, userRow(b.id), m1.conversation, m1.id);
    expect(recorder.sent.map((n) => n.event)).toEqual(['counts']);
  });

  // Regression: read receipts crossed a block, so the blocked member still saw live (and by polling
  // peer_last_read) when the blocker was active, which the presence rules hide.
  it('read receipts do not cross a block, neither live nor as peer_last_read', async () => {
    const blocked = await loggedInMember(server);
    const blocker = await loggedInMember(server);
    const m = (await send(blocked.client, blocker.user.id, 'hello')).body.message;
    await blocker.client.post('/api/block.php', { profile: blocked.user.id });
    recorder.sent.length = 0;
    expect((await blocker.client.post('/api/messages-read.php', { conversation: m.conversation, message: m.id })).status).toBe(200);
    expect(recorder.sent.map((n) => [n.userId, n.event])).toEqual([
      [blocker.user.id, 'counts'],
      [blocker.user.id, 'message:read'],
    ]);
    expect((await blocked.client.get('/api/chats.php')).body.chats[0]).toMatchObject({ conversation: m.conversation, peer_last_read: 0 });
    expect((await blocked.client.get(`/api/messages.php?conversation=${m.conversation}`)).body.peer_last_read).toBe(0);
  });

  it('deleting over REST sends chat:removed and counts to the deleter only; blocking invalidates both lists', async () => {
    const me = await loggedInMember(server);
    const peer = await loggedInMember(server);
    const conversation = (await send(peer.client, me.user.id)).body.message.conversation;
    recorder.sent.length = 0;
    await me.client.delete('/api/chat.php', { conversation });
    expect(recorder.sent).toEqual([
      { userId: me.user.id, event: 'chat:removed', payload: { conversation } },
      { userId: me.user.id, event: 'counts', payload: { total_unread: 0, total_new_likes: 0, badge: 0, version: expect.any(Number) } },
    ]);
    recorder.sent.length = 0;
    await me.client.post('/api/block.php', { profile: peer.user.id });
    expect(recorder.sent).toEqual([
      { userId: me.user.id, event: 'invalidate', payload: { resource: 'chats' } },
      { userId: peer.user.id, event: 'invalidate', payload: { resource: 'chats' } },
    ]);
  });
});

describe('helpers the socket layer uses', () => {
  it('typingRecipientOf and peersOf', async () => {
    const a = await createMember(server.db, { credits: 5 });
    const b = await createMember(server.db);
    const c = await createMember(server.db);
    const stranger = await createMember(server.db);
    const conversation = (await sendMessage(server.ctx, userRow(a.id), site, { profile: b.id, client_id: clientId(), body: 'x' })).message.conversation;
    await sendMessage(server.ctx, userRow(a.id), site, { profile: c.id, client_id: clientId(), body: 'y' });
    expect(typingRecipientOf(server.ctx, a.id, conversation)).toBe(b.id);
    expect(typingRecipientOf(server.ctx, b.id, conversation)).toBe(a.id);
    expect(typingRecipientOf(server.ctx, stranger.id, conversation)).toBeNull();
    expect(typingRecipientOf(server.ctx, a.id, 987_654)).toBeNull();
    expect(peersOf(server.ctx, a.id).sort()).toEqual([b.id, c.id].sort());
    expect(peersOf(server.ctx, stranger.id)).toEqual([]);
  });
});

/**
 * Sends, repeated client ids, read marks, deletes, blocks and list loads racing each other (each
 * round's operations run concurrently through the group commit), and after every round what a
 * member sees must still agree with the messages stored: each conversation's unread count and
 * newest message, which chats the list shows, the badge against the list, the catch-up against the
 * list, and every balance against the sends charged. The operations come from a seeded generator,
 * so a failure names a round that replays the same way.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, count, eq, gt, max, ne } from 'drizzle-orm';
import { conversationMembers, messages, sites, users, type SiteRow } from '@db/schema/index.js';
import { RecordingNotifier } from '../../realtime/notifier.js';
import { createMember } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { setBlocked } from '../blocks/service.js';
import { creditBalance } from '../credits/ledger.js';
import { clientId } from './chat-test-kit.js';
import { listChats, syncMessages } from './reading.js';
import { removeChat } from './removal.js';
import { countsFor, markRead, sendMessage } from './service.js';

let server: TestServer;
let site: SiteRow;
beforeAll(async () => {
  server = await startTestServer();
  site = server.db.select().from(sites).where(eq(sites.id, server.siteId)).get()!;
});
beforeEach(() => {
  // Nobody listens: the events are not what these tests look at.
  server.ctx.notifier = new RecordingNotifier();
});
afterAll(async () => {
  await server.destroy();
});

const userRow = (id: number) => server.db.select().from(users).where(eq(users.id, id)).get()!;

/**
 * mulberry32: the same seed, the same rounds. (A power-of-two linear congruential generator taken
 * modulo small numbers repeats its low bits every few calls: its rounds were all the same round.)
 */
function seeded(seed: number) {
  return (n: number) => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), seed | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

/** What a member's row of a conversation should say, counted from the stored messages. */
function truthOf(conversation: number, userId: number) {
  const row = server.db
    .select()
    .from(conversationMembers)
    .where(and(eq(conversationMembers.conversationId, conversation), eq(conversationMembers.userId, userId)))
    .get()!;
  const after = Math.max(row.lastReadMessageId, row.hiddenBeforeMessageId);
  const unread =
    row.deletedAt !== null
      ? 0
      : server.db
          .select({ n: count() })
          .from(messages)
          .where(and(eq(messages.conversationId, conversation), ne(messages.senderId, userId), gt(messages.id, after)))
          .get()!.n;
  const newest = server.db.select({ id: max(messages.id) }).from(messages).where(eq(messages.conversationId, conversation)).get()!.id;
  return { row, unread, newest };
}

describe('chat state under racing commands', () => {
  it('two members sending, reading and deleting at once: unread counts, newest message and badge stay true', async () => {
    const a = await createMember(server.db, { credits: 1000 });
    const b = await createMember(server.db, { credits: 1000 });
    const first = await sendMessage(server.ctx, userRow(a.id), site, { profile: b.id, client_id: clientId(), body: 'start' });
    const conversation = first.message.conversation;
    const random = seeded(7);
    const ids: number[] = [first.message.id];
    for (let round = 0; round < 40; round++) {
      const operations: Promise<unknown>[] = [];
      for (let k = 0; k < 6; k++) {
        const who = random(2) === 0 ? a : b;
        const other = who === a ? b : a;
        const kind = random(4);
        const upTo = random(2) === 0 ? undefined : ids[random(ids.length)];
        if (kind <= 1) {
          operations.push(sendMessage(server.ctx, userRow(who.id), site, { profile: other.id, client_id: clientId(), body: 'x' }).then((r) => ids.push(r.message.id)));
        } else if (kind === 2) {
          operations.push(markRead(server.ctx, userRow(who.id), conversation, upTo));
        } else {
          operations.push(Promise.resolve().then(() => removeChat(server.ctx, userRow(who.id), upTo === undefined ? { conversation } : { conversation, up_to: upTo })));
        }
      }
      await Promise.all(operations);
      for (const member of [a, b]) {
        const truth = truthOf(conversation, member.id);
        expect(truth.row.unreadCount, `round ${round}, member ${member.id}`).toBe(truth.unread);
        expect(truth.row.lastMessageId, `round ${round}`).toBe(truth.newest);
        expect(countsFor(server.ctx, member.id).total_unread, `round ${round}`).toBe(truth.row.deletedAt === null ? truth.row.unreadCount : 0);
      }
    }
  });

  it('four members with blocks and retried client ids: the list, the badge, the catch-up and the balances agree', async () => {
    const members = [];
    for (let i = 0; i < 4; i++) members.push(await createMember(server.db, { credits: 500, paidUser: true }));
    const random = seeded(11);
    const usedClientIds: string[] = [];
    const messageIds: number[] = [];
    const charged = new Map<number, number>();
    // Refusals (a block, a reused id for another member, a 404) are part of the game.
    const refused = () => undefined;
    for (let round = 0; round < 40; round++) {
      const operations: Promise<unknown>[] = [];
      for (let k = 0; k < 8; k++) {
        const who = members[random(4)]!;
        let other = members[random(4)]!;
        if (other === who) other = members[(members.indexOf(who) + 1) % 4]!;
        const kind = random(7);
        const upTo = random(2) === 0 ? undefined : messageIds[random(messageIds.length)];
        if (kind <= 2) {
          const id = random(4) === 0 && usedClientIds.length > 0 ? usedClientIds[random(usedClientIds.length)]! : clientId();
          operations.push(
            sendMessage(server.ctx, userRow(who.id), site, { profile: other.id, client_id: id, body: 'x' }).then((r) => {
              if (r.duplicate) return;
              messageIds.push(r.message.id);
              usedClientIds.push(id);
              charged.set(who.id, (charged.get(who.id) ?? 0) + 1);
            }, refused),
          );
        } else if (kind === 3) {
          const rows = server.db.select().from(conversationMembers).where(eq(conversationMembers.userId, who.id)).all();
          if (rows.length > 0) operations.push(markRead(server.ctx, userRow(who.id), rows[random(rows.length)]!.conversationId, upTo).catch(refused));
        } else if (kind === 4) {
          operations.push(Promise.resolve().then(() => removeChat(server.ctx, userRow(who.id), upTo === undefined ? { profile: other.id } : { profile: other.id, up_to: upTo })).catch(refused));
        } else if (kind === 5) {
          operations.push(Promise.resolve().then(() => setBlocked(server.ctx, userRow(who.id), site, other.id, random(3) === 0)));
        } else {
          operations.push(Promise.resolve().then(() => listChats(server.ctx, userRow(who.id), site)));
        }
      }
      await Promise.all(operations);
      for (const member of members) {
        const list = listChats(server.ctx, userRow(member.id), site);
        for (const row of server.db.select().from(conversationMembers).where(eq(conversationMembers.userId, member.id)).all()) {
          const truth = truthOf(row.conversationId, member.id);
          expect(row.unreadCount, `round ${round}, conversation ${row.conversationId}`).toBe(truth.unread);
          expect(row.lastMessageId, `round ${round}`).toBe(truth.newest);
          const listed = list.chats.find((c) => c.conversation === row.conversationId);
          const shown = row.deletedAt === null && (truth.newest ?? 0) > row.hiddenBeforeMessageId;
          expect(listed !== undefined, `round ${round}, conversation ${row.conversationId} listed`).toBe(shown);
          if (listed) expect(listed.last_message?.id).toBe(truth.newest);
        }
        expect(list.counts.total_unread, `round ${round}`).toBe(list.chats.reduce((n, c) => n + c.num_unread_messages, 0));
        const listedConversations = new Set(list.chats.map((c) => c.conversation));
        for (const message of syncMessages(server.ctx, userRow(member.id), 0).messages) {
          expect(listedConversations.has(message.conversation), `round ${round}: message ${message.id} of a chat not listed`).toBe(true);
        }
        expect(creditBalance(server.db, member.id), `round ${round}`).toBe(500 - (charged.get(member.id) ?? 0));
      }
    }
  });
});

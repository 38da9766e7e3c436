import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages, sites, users, type SiteRow } from '@db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createMember, ledgerMovementsOf } from '../../test/factories.js';
import { clientId } from './chat-test-kit.js';
import { sendMessage } from './service.js';

let server: TestServer;
let site: SiteRow;
beforeAll(async () => {
  server = await startTestServer();
  site = server.db.select().from(sites).where(eq(sites.id, server.siteId)).get()!;
});
afterAll(async () => {
  await server.destroy();
});

const userRow = (id: number) => server.db.select().from(users).where(eq(users.id, id)).get()!;
const refusalOf = (promise: Promise<unknown>) => promise.then(() => null, (err: unknown) => (err instanceof HttpError ? { status: err.status, error: err.code, ...err.extra } : err));

/**
 * A send is retried after its answer was lost (a phone between cells, a node restarted). When the
 * operator changed a rule in between, the retry still names a message that went out and was
 * charged: the member must see it sent, not "Not sent" beside a message the other side has.
 */
describe('a retried send stored under rules changed since', () => {
  it('a text longer than a message_length lowered since its first send comes back as that send, charged once', async () => {
    const a = await createMember(server.db, { credits: 5 });
    const b = await createMember(server.db);
    const payload = { profile: b.id, client_id: clientId(), body: 'x'.repeat(400) };
    const first = await sendMessage(server.ctx, userRow(a.id), site, payload);
    const shorter = { ...site, messageLength: 100 };
    const again = await sendMessage(server.ctx, userRow(a.id), shorter, payload);
    expect(again.duplicate).toBe(true);
    expect(again.message).toEqual(first.message);
    expect(again.credits).toBe(4);
    expect(ledgerMovementsOf(server.db, a.id)).toHaveLength(1);
    // A new send of that length is refused under the new rule, nothing stored.
    const count = server.db.select().from(messages).all().length;
    expect(await refusalOf(sendMessage(server.ctx, userRow(a.id), shorter, { ...payload, client_id: clientId() }))).toMatchObject({ error: 'message_too_long', max: 100 });
    expect(server.db.select().from(messages).all().length).toBe(count);
  });

  it('a gift whose id left the catalogue since its first send comes back as that send', async () => {
    const a = await createMember(server.db, { credits: 20 });
    const b = await createMember(server.db);
    const first = await sendMessage(server.ctx, userRow(a.id), site, { profile: b.id, client_id: clientId(), kind: 'gift', gift_id: 'rose' });
    // The gift as a catalogue of an earlier release named it.
    server.db.update(messages).set({ giftId: 'retired-gift', clientId: 'gift-retry' }).where(eq(messages.id, first.message.id)).run();
    const again = await sendMessage(server.ctx, userRow(a.id), site, { profile: b.id, client_id: 'gift-retry', kind: 'gift', gift_id: 'retired-gift' });
    expect(again.duplicate).toBe(true);
    expect(again.message).toMatchObject({ id: first.message.id, gift_id: 'retired-gift' });
    expect(again.credits).toBe(first.credits);
    // A new send of that gift is refused.
    expect(await refusalOf(sendMessage(server.ctx, userRow(a.id), site, { profile: b.id, client_id: clientId(), kind: 'gift', gift_id: 'retired-gift' }))).toMatchObject({
      error: 'invalid_request',
      fields: { gift_id: 'invalid_request' },
    });
  });

  it('a client id of a message to someone else is still refused, whatever the content', async () => {
    const a = await createMember(server.db, { credits: 5 });
    const b = await createMember(server.db);
    const c = await createMember(server.db);
    const id = clientId();
    await sendMessage(server.ctx, userRow(a.id), site, { profile: b.id, client_id: id, body: 'for b' });
    const refused = await refusalOf(sendMessage(server.ctx, userRow(a.id), site, { profile: c.id, client_id: id, body: 'y'.repeat(2_000) }));
    expect(refused).toMatchObject({ status: 400 });
    expect(server.db.select().from(messages).where(eq(messages.senderId, a.id)).all()).toHaveLength(1);
  });
});

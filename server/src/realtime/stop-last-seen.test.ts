import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '@db/schema/index.js';
import { loggedInMember } from '../modules/chats/chat-test-kit.js';
import { startTestServer, type TestServer } from '../test/harness.js';
import { openSocket, type ClientSocket } from './testing.js';

let server: TestServer | undefined;
const sockets: ClientSocket[] = [];
afterEach(async () => {
  sockets.splice(0).forEach((s) => s.close());
  await server?.destroy().catch(() => undefined);
  server = undefined;
});

describe('a single node that stops', () => {
  // A node of several hands its members over instead (graceful-stop.test.ts): another node counts
  // them. Alone, nobody else would, and after the restart they read as last seen long before.
  it('records its connected members as last seen at the stop', async () => {
    server = await startTestServer();
    const member = await loggedInMember(server);
    sockets.push(await openSocket(server.url, { cookie: member.client.cookieHeader() }));
    server.clock.advance(3_600_000);
    const stoppedAt = server.clock.now();

    await server.close();

    expect(server.db.select().from(users).where(eq(users.id, member.user.id)).get()?.lastSeenAt).toBe(stoppedAt);
  });
});

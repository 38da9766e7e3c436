/**
 * A socket does not outlive its session: a log-out whose sweep missed a socket (another node did
 * not answer in time) or a session that expired in the store ends the socket at the next periodic
 * read of its session; a session that lives keeps its socket.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '@db/schema/index.js';
import { socketTestServer } from './socket-test-server.js';
import { sleep, type ClientSocket } from './testing.js';

// Every session read again within 300 ms, a third of the sockets every 100 ms.
const RECHECK_MS = 300;
const live = socketTestServer({ SESSION_RECHECK_MS: String(RECHECK_MS) });

/** A logged-in member with one socket open. */
async function memberSocket() {
  const member = await live.memberWithTabs();
  return { ...member, socket: member.sockets[0]! };
}

function closedWithin(socket: ClientSocket, ms: number): Promise<boolean> {
  if (!socket.connected) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    socket.once('disconnect', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

describe('the periodic read of every socket’s session', () => {
  it('closes a socket whose session was ended without it (a sweep that missed it); the other members keep theirs', async () => {
    const missed = await memberSocket();
    const others = await Promise.all([memberSocket(), memberSocket(), memberSocket()]);
    // The log-out's store delete, without the sweep that would have closed the socket.
    live.server.db.delete(sessions).where(eq(sessions.userId, missed.user.id)).run();
    expect(await closedWithin(missed.socket, 2_000)).toBe(true);
    await sleep(2 * RECHECK_MS);
    expect(others.map((o) => o.socket.connected)).toEqual([true, true, true]);
    // And the member is logged out on REST as well: the socket was not the only thing still open.
    expect((await missed.client.get('/api/user.php')).status).toBe(403);
  });

  it('closes the sockets of sessions that expired in the store', async () => {
    const members = await Promise.all([memberSocket(), memberSocket()]);
    await sleep(2 * RECHECK_MS);
    expect(members.map((m) => m.socket.connected)).toEqual([true, true]);
    // The store keeps real time (express-session dates its cookies with Date): the rows' expiry passes.
    for (const m of members) live.server.db.update(sessions).set({ expiresAt: Date.now() - 1 }).where(eq(sessions.userId, m.user.id)).run();
    expect(await Promise.all(members.map((m) => closedWithin(m.socket, 2_000)))).toEqual([true, true]);
  });
});

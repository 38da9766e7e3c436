// @vitest-environment jsdom
/** Read ticks follow a reloaded list when the live 'message:read' was missed. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getThread } from './chat-store.js';
import { deliveryState } from './chat-thread.js';
import { COUNTS, entry, flush, ME, message, openThreadWith, PEER, socket, startConnected, syncPage, useRealtimeHarness } from './realtime-test-kit.js';

vi.mock('../api/chats.js', async () => (await import('./realtime-test-mocks.js')).chatsApiMock());
vi.mock('../api/socket.js', async () => (await import('./realtime-test-mocks.js')).socketApiMock());
vi.mock('../api/user.js', async () => (await import('./realtime-test-mocks.js')).userApiMock());

useRealtimeHarness();

beforeEach(() => startConnected(() => undefined));

describe('read ticks', () => {
  it("shows the member's message read when the list after a reconnect says so, the live event having been missed", async () => {
    openThreadWith([message(100, PEER), message(106, ME)]);
    const mine = () => getThread(PEER)!.stored.at(-1)!;
    expect(deliveryState(mine(), getThread(PEER)!.peerLastRead)).toBe('sent');
    socket.drop();
    // While the socket was down the peer read 106; its 'message:read' never came.
    socket.respond = (event) => (event === 'catch-up' ? { ok: true, data: { chats: { chats: [{ ...entry(message(106, ME)), peer_last_read: 106 }], counts: COUNTS }, sync: syncPage([]) } } : undefined);
    socket.connect();
    await flush();
    expect(deliveryState(mine(), getThread(PEER)!.peerLastRead)).toBe('read');
  });
});

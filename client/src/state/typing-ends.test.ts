// @vitest-environment jsdom
/** The peer's "typing…" ends when they say so, when their message comes, and when they go offline. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore } from './jotai.js';
import { typingAtom } from './chats.js';
import { CONVERSATION, ME, message, PEER, socket, startConnected, useRealtimeHarness } from './realtime-test-kit.js';

vi.mock('../api/chats.js', async () => (await import('./realtime-test-mocks.js')).chatsApiMock());
vi.mock('../api/socket.js', async () => (await import('./realtime-test-mocks.js')).socketApiMock());
vi.mock('../api/user.js', async () => (await import('./realtime-test-mocks.js')).userApiMock());

useRealtimeHarness();

beforeEach(async () => {
  await startConnected(() => undefined);
  socket.server('typing', { conversation: CONVERSATION, profile: PEER, typing: true });
  expect(appStore.get(typingAtom).has(PEER)).toBe(true);
});

describe("the peer's typing indicator", () => {
  it('ends at once when the peer stops typing, not seconds later', () => {
    socket.server('typing', { conversation: CONVERSATION, profile: PEER, typing: false });
    expect(appStore.get(typingAtom).has(PEER)).toBe(false);
  });

  it('ends when their message arrives', () => {
    socket.server('message:new', message(101, PEER));
    expect(appStore.get(typingAtom).has(PEER)).toBe(false);
  });

  it('ends when they go offline', () => {
    socket.server('presence', { profile: PEER, online: false, last_seen: new Date().toISOString(), at: Date.now() + 1_000 });
    expect(appStore.get(typingAtom).has(PEER)).toBe(false);
  });

  it("stays when the member's own message arrives (another tab's)", () => {
    socket.server('message:new', message(101, ME));
    expect(appStore.get(typingAtom).has(PEER)).toBe(true);
  });
});

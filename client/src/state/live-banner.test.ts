// @vitest-environment jsdom
/** The new-message banner: raised by a peer's message that comes live, kept until its own time is up. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore } from './jotai.js';
import { dismissNotice, messageNoticeAtom, noticeArrival } from './message-notice.js';
import { ME, message, PEER, socket, startConnected, useRealtimeHarness } from './realtime-test-kit.js';

vi.mock('../api/chats.js', async () => (await import('./realtime-test-mocks.js')).chatsApiMock());
vi.mock('../api/socket.js', async () => (await import('./realtime-test-mocks.js')).socketApiMock());
vi.mock('../api/user.js', async () => (await import('./realtime-test-mocks.js')).userApiMock());

useRealtimeHarness();

beforeEach(() => Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true }));

describe('the new-message banner', () => {
  it("is raised by the peer's message that comes over the socket", async () => {
    await startConnected(() => undefined);
    socket.server('message:new', message(101, PEER));
    expect(appStore.get(messageNoticeAtom)?.id).toBe(101);
  });

  it("stays on the peer's message when the member's own message (from another tab) comes after it", () => {
    noticeArrival(message(101, PEER));
    noticeArrival(message(102, ME));
    expect(appStore.get(messageNoticeAtom)?.id).toBe(101);
  });

  it("an older message's time running out leaves a newer message's banner", () => {
    noticeArrival(message(101, PEER));
    noticeArrival(message(102, PEER));
    dismissNotice(101);
    expect(appStore.get(messageNoticeAtom)?.id).toBe(102);
    dismissNotice(102);
    expect(appStore.get(messageNoticeAtom)).toBeNull();
  });
});

/**
 * The API modules the realtime owner's tests replace, as factories for vi.mock. vi.mock is hoisted
 * only within a test file, so each file names the modules itself and takes the factories from here:
 *
 *   vi.mock('../api/chats.js', async () => (await import('./realtime-test-mocks.js')).chatsApiMock());
 *   vi.mock('../api/socket.js', async () => (await import('./realtime-test-mocks.js')).socketApiMock());
 *   vi.mock('../api/user.js', async () => (await import('./realtime-test-mocks.js')).userApiMock());
 *
 * This file imports nothing of the product, so loading it from a factory cannot load a module that
 * is to be mocked before its mock is in place.
 */
import { vi } from 'vitest';

/** ../api/chats.js: every request a test answers itself; the likes poll answers nothing. */
export const chatsApiMock = () => ({
  fetchChats: vi.fn(), fetchSync: vi.fn(), postMessage: vi.fn(), postMessagesRead: vi.fn(), fetchCounts: vi.fn(),
  fetchLikesIfAvailable: vi.fn(async () => null), sendPageHiddenBeacon: vi.fn(), fetchMessages: vi.fn(), deleteChat: vi.fn(), setBlocked: vi.fn(),
});

/** ../api/socket.js: the harness's start() makes it resolve to a FakeSocket. */
export const socketApiMock = () => ({ createChatSocket: vi.fn() });

/** ../api/user.js: the poll round's account fetch, answering nothing unless a test says otherwise. */
export const userApiMock = () => ({ fetchCurrentUser: vi.fn(async () => null) });

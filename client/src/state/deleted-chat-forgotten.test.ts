// @vitest-environment jsdom
/** A chat deleted on another device is no longer the one /chats reopens as the last opened. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '../api/chats.js';
import { appStore } from './jotai.js';
import { chatEntriesAtom, readLastOpenedChat, rememberOpenedChat } from './chats.js';
import { CONVERSATION, COUNTS, entry, message, PEER, socket, startConnected, useRealtimeHarness } from './realtime-test-kit.js';

vi.mock('../api/chats.js', async () => (await import('./realtime-test-mocks.js')).chatsApiMock());
vi.mock('../api/socket.js', async () => (await import('./realtime-test-mocks.js')).socketApiMock());
vi.mock('../api/user.js', async () => (await import('./realtime-test-mocks.js')).userApiMock());

useRealtimeHarness();

const OTHER = 3;

beforeEach(() => localStorage.clear());

describe('a chat deleted on another device', () => {
  it('leaves the list and is not reopened as the last opened chat', async () => {
    vi.mocked(api.fetchChats).mockResolvedValue({ chats: [entry(message(100, PEER)), entry(message(90, OTHER, 11), OTHER, 11)], counts: COUNTS });
    await startConnected(() => undefined);
    rememberOpenedChat(PEER);

    socket.server('chat:removed', { conversation: CONVERSATION });
    expect(appStore.get(chatEntriesAtom).has(PEER)).toBe(false);
    expect(appStore.get(chatEntriesAtom).has(OTHER)).toBe(true);
    expect(readLastOpenedChat()).toBeNull();
  });
});

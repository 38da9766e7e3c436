// @vitest-environment jsdom
/**
 * A chat left open all day on a socket that stays up: every peer message that comes into it is
 * read on screen, and what the list entry keeps about the messages since its list stays small.
 * Before, it kept the id of every peer message since the last list load (a reconnect), copied
 * whole at each new one: thousands for a busy chat, never used once read.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore } from './jotai.js';
import { chatEntriesAtom, openChatAtom } from './chats.js';
import { peerIdsKeptSinceList } from './live-entries.js';
import { CONVERSATION, ME, message, openThreadWith, PEER, socket, startConnected, useRealtimeHarness } from './realtime-test-kit.js';

vi.mock('../api/chats.js', async () => (await import('./realtime-test-mocks.js')).chatsApiMock());
vi.mock('../api/socket.js', async () => (await import('./realtime-test-mocks.js')).socketApiMock());
vi.mock('../api/user.js', async () => (await import('./realtime-test-mocks.js')).userApiMock());

useRealtimeHarness();

const listEntry = () => appStore.get(chatEntriesAtom).get(PEER)!;

beforeEach(() => startConnected(() => undefined));

describe('the live marks of a chat read on screen', () => {
  it('keep no id of the peer messages already read, however many came', () => {
    openThreadWith([message(100, PEER)]);
    appStore.set(openChatAtom, PEER);
    for (let id = 101; id <= 600; id++) {
      socket.server('message:new', message(id, PEER));
      // The read mark's echo to this member's tabs, as the server sends it.
      socket.server('message:read', { conversation: CONVERSATION, reader: ME, message: id, unread: 0 });
    }
    expect(listEntry().last_message?.id).toBe(600);
    expect(listEntry().num_unread_messages).toBe(0);
    expect(peerIdsKeptSinceList(listEntry())).toBeLessThanOrEqual(1);
  });

  it('still count once a message read in another tab that comes again, and the unread ones after it', () => {
    socket.server('message:new', message(101, PEER));
    socket.server('message:new', message(102, PEER));
    socket.server('message:read', { conversation: CONVERSATION, reader: ME, message: 101, unread: 1 });
    socket.server('message:new', message(101, PEER));
    socket.server('message:new', message(102, PEER));
    socket.server('message:new', message(103, PEER));
    expect(listEntry().num_unread_messages).toBe(2);
    expect(peerIdsKeptSinceList(listEntry())).toBe(2);
  });
});

// @vitest-environment jsdom
/**
 * The peer's presence, typing and blocks as frames and lists bring them.
 */
import { describe, expect, it, vi } from 'vitest';
import * as api from '../api/chats.js';
import { watchPresence } from './realtime.js';
import { appStore } from './jotai.js';
import { presenceAtom, threadMetaAtom, typingAtom } from './chats.js';
import { catchUpAnswer, CONVERSATION, COUNTS, entry, flush, message, PEER, socket, start, startConnected, useRealtimeHarness } from './realtime-test-kit.js';

vi.mock('../api/chats.js', async () => (await import('./realtime-test-mocks.js')).chatsApiMock());
vi.mock('../api/socket.js', async () => (await import('./realtime-test-mocks.js')).socketApiMock());
vi.mock('../api/user.js', async () => (await import('./realtime-test-mocks.js')).userApiMock());

useRealtimeHarness();

describe('the realtime owner', () => {
  it('shows the peer typing until a few seconds after their last typing event, also when no stop comes (a block drops it)', async () => {
    vi.useFakeTimers();
    start(() => undefined);
    await vi.advanceTimersByTimeAsync(10);
    socket.connect();
    socket.server('typing', { conversation: CONVERSATION, profile: PEER, typing: true });
    expect(appStore.get(typingAtom).has(PEER)).toBe(true);
    // Still typing: each event holds it six seconds from then.
    await vi.advanceTimersByTimeAsync(3_000);
    socket.server('typing', { conversation: CONVERSATION, profile: PEER, typing: true });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(appStore.get(typingAtom).has(PEER)).toBe(true);
    await vi.advanceTimersByTimeAsync(1_100);
    expect(appStore.get(typingAtom).has(PEER)).toBe(false);
  });

  it('a block hides the peer\'s presence also when the list after it comes over REST (the socket left the catch-up unanswered)', async () => {
    await startConnected(() => undefined);
    socket.server('presence', { profile: PEER, online: true, last_seen: null, at: 5 });
    expect(appStore.get(presenceAtom).get(PEER)).toMatchObject({ online: true });

    // The peer blocks the member: the list says so, with no presence, and the server watches them no more.
    vi.mocked(api.fetchChats).mockResolvedValue({ chats: [{ ...entry(message(100, PEER)), blocked_me: true }], counts: COUNTS });
    socket.server('invalidate', { resource: 'chats' });
    await flush();
    expect(appStore.get(presenceAtom).get(PEER)).toMatchObject({ online: false, last_seen: null });
  });

  it('a block or unblock by the other member closes or opens the composer of a chat already open', async () => {
    let blockedMe = true;
    await startConnected((event) => {
      if (event !== 'catch-up') return undefined;
      const chats = { chats: [{ ...entry(message(100, PEER)), blocked_me: blockedMe }], counts: COUNTS };
      return { ok: true, data: { chats, sync: { messages: [], has_more: false, counts: COUNTS, credits: 10, credits_version: 100 } } };
    });
    const opened = entry(message(100, PEER));
    appStore.set(threadMetaAtom, new Map([[PEER, { profile: opened.profile, blocked_by_me: false, blocked_me: false, conversation_limit_reached: false }]]));
    socket.server('invalidate', { resource: 'chats' });
    await flush();
    expect(appStore.get(threadMetaAtom).get(PEER)).toMatchObject({ blocked_me: true, blocked_by_me: false });
    blockedMe = false;
    socket.server('invalidate', { resource: 'chats' });
    await flush();
    expect(appStore.get(threadMetaAtom).get(PEER)).toMatchObject({ blocked_me: false });
  });
});

/** Found by a review of the client's realtime state (session 42); each failed before its fix. */
describe('list entries, counts and the outbox against live frames', () => {
  it('keeps the presence of an open profile the list does not show live after a catch-up replaces the socket’s watch list', async () => {
    // A peer whose chat is past the newest 200 listed (or deleted): its profile page is open.
    const OTHER = 3;
    // The server as documented: `catch-up` and `chats` make the listed profiles the socket's whole
    // watch list, `presence:watch` the profiles it names; events reach only the watched profiles.
    let watched = new Set<number>();
    await startConnected((event, payload) => {
      if (event === 'catch-up') {
        watched = new Set([PEER]);
        return { ok: true, data: catchUpAnswer({ messages: [], has_more: false, counts: COUNTS, credits: 10, credits_version: 100 }) };
      }
      if (event === 'presence:watch') {
        const { profiles } = payload as { profiles: number[] };
        watched = new Set(profiles);
        return { ok: true, data: profiles.map((profile) => ({ profile, online: false, last_seen: null, at: 1 })) };
      }
      return { ok: true, data: null };
    });
    const announce = (online: boolean, at: number) => {
      if (watched.has(OTHER)) socket.server('presence', { profile: OTHER, online, last_seen: online ? null : '2026-11-30T12:00:00.000Z', at });
    };

    watchPresence([OTHER]); // ProfileViewPage, or openChat
    await flush();
    announce(true, 2);
    expect(appStore.get(presenceAtom).get(OTHER)).toMatchObject({ online: true });

    // Any catch-up (a reconnect, an `invalidate` of chats) lists the newest chats only.
    socket.server('invalidate', { resource: 'chats' });
    await flush();
    announce(false, 3);
    await flush();
    expect(appStore.get(presenceAtom).get(OTHER)).toMatchObject({ online: false, last_seen: '2026-11-30T12:00:00.000Z' });
  });
});

// @vitest-environment jsdom
/** The socket is asked for the online state of every chat in a long list (up to 200), and of the profile opened. */
import { describe, expect, it, vi } from 'vitest';
import * as api from '../api/chats.js';
import { watchPresence } from './realtime.js';
import { COUNTS, entry, message, socket, startConnected, useRealtimeHarness } from './realtime-test-kit.js';

vi.mock('../api/chats.js', async () => (await import('./realtime-test-mocks.js')).chatsApiMock());
vi.mock('../api/socket.js', async () => (await import('./realtime-test-mocks.js')).socketApiMock());
vi.mock('../api/user.js', async () => (await import('./realtime-test-mocks.js')).userApiMock());

useRealtimeHarness();

describe('the presence watch', () => {
  it('names all 40 chats of the list and the profile opened', async () => {
    const chats = Array.from({ length: 40 }, (_, i) => entry(message(1_000 + i, 100 + i, 500 + i), 100 + i, 500 + i));
    vi.mocked(api.fetchChats).mockResolvedValue({ chats, counts: COUNTS });
    await startConnected(() => undefined);
    socket.emitted = [];
    watchPresence([7]);
    const watched = socket.emitted.filter((e) => e.event === 'presence:watch').map((e) => (e.payload as { profiles: number[] }).profiles);
    expect(watched).toHaveLength(1);
    expect(new Set(watched[0])).toEqual(new Set([7, ...chats.map((c) => c.profile.id)]));
  });
});

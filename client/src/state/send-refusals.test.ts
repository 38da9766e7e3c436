// @vitest-environment jsdom
/**
 * A send the server refuses: the reason shows, the balance or the chat's state follows it, and
 * the message is not sent again by itself.
 */
import { describe, expect, it, vi } from 'vitest';
import * as api from '../api/chats.js';
import { ApiError } from '../api/http.js';
import { sendChatMessage } from './chat-actions.js';
import { getThread, updateThread } from './chat-store.js';
import { appStore } from './jotai.js';
import { userAtom } from './user.js';
import { threadMetaAtom } from './chats.js';
import { loadOutbox } from './outbox.js';
import { entry, flush, ME, message, openThreadWith, PEER, socket, start, startConnected, useRealtimeHarness } from './realtime-test-kit.js';

vi.mock('../api/chats.js', async () => (await import('./realtime-test-mocks.js')).chatsApiMock());
vi.mock('../api/socket.js', async () => (await import('./realtime-test-mocks.js')).socketApiMock());
vi.mock('../api/user.js', async () => (await import('./realtime-test-mocks.js')).userApiMock());

useRealtimeHarness();

describe('the realtime owner', () => {
  it('a refusal for credits shows the balance the server gave, over the socket and over REST', async () => {
    // This tab believes in 10 credits; another device spent them.
    await startConnected((event) => (event === 'message:send' ? { ok: false, error: 'insufficient_credits', message: 'no', details: { credits: 0, credits_version: 102, needed: 1 } } : undefined));
    openThreadWith([message(100, PEER)]);
    sendChatMessage(PEER, { kind: 'text', body: 'over the socket' });
    await flush();
    expect(getThread(PEER)!.outgoing[0]!.failure).toEqual({ code: 'insufficient_credits', needed: 1 });
    expect(appStore.get(userAtom)!.credits).toBe(0);

    appStore.set(userAtom, { ...appStore.get(userAtom)!, credits: 10 });
    socket.drop();
    vi.mocked(api.postMessage).mockRejectedValue(new ApiError(402, 'insufficient_credits', { error: 'insufficient_credits', credits: 2, credits_version: 103, needed: 3 }));
    sendChatMessage(PEER, { kind: 'gift', body: '', giftId: 'rose' });
    await flush();
    expect(getThread(PEER)!.outgoing[1]!.failure).toEqual({ code: 'insufficient_credits', needed: 3 });
    expect(appStore.get(userAtom)!.credits).toBe(2);
  });

  it('a send refused because the session ended stays pending, saved, to go out once the member is back', async () => {
    // The tab loads the log-in page (session-ended.ts); the message was kept as "Not sent",
    // "Please log in to continue", and after logging back in it waited there for a Retry.
    start(() => undefined);
    await flush();
    openThreadWith([message(100, PEER)]);
    vi.mocked(api.postMessage).mockRejectedValue(new ApiError(403, 'authentication_required', { error: 'authentication_required', authentication_required: true }));
    sendChatMessage(PEER, { kind: 'text', body: 'written as the session ended' });
    await flush();
    expect(getThread(PEER)!.outgoing[0]!.local).toBe('pending');
    expect(loadOutbox(ME).map((e) => e.message.local)).toEqual(['pending']);
  });

  it('a refusal for the conversation limit closes the chat not begun yet, as opening it at the limit does', async () => {
    // The member's other tab started her 2nd conversation after this chat was opened: its box was
    // left open, and every further message was refused again.
    await startConnected((event) => (event === 'message:send' ? { ok: false, error: 'conversation_limit', message: 'no', details: { limit: 2, premium_required: true } } : undefined));
    updateThread(PEER, (t) => ({ ...t, loaded: true }), null);
    const profile = entry(message(100, PEER)).profile;
    appStore.set(threadMetaAtom, new Map([[PEER, { profile, blocked_by_me: false, blocked_me: false, conversation_limit_reached: false }]]));
    sendChatMessage(PEER, { kind: 'text', body: 'a third conversation' });
    await flush();

    expect(getThread(PEER)!.outgoing[0]!.failure).toEqual({ code: 'conversation_limit' });
    expect(appStore.get(threadMetaAtom).get(PEER)?.conversation_limit_reached).toBe(true);
  });

  it('a refusal for a block or an unconfirmed peer closes the chat, until a list says otherwise', async () => {
    // The notice above the box comes from this state, so it goes when the cause goes.
    let refusal = 'blocked';
    await startConnected((event) => (event === 'message:send' ? { ok: false, error: refusal, message: 'no' } : undefined));
    openThreadWith([message(100, PEER)]);
    const profile = entry(message(100, PEER)).profile;
    appStore.set(threadMetaAtom, new Map([[PEER, { profile, blocked_by_me: false, blocked_me: false, conversation_limit_reached: false }]]));
    sendChatMessage(PEER, { kind: 'text', body: 'blocked meanwhile' });
    await flush();
    expect(appStore.get(threadMetaAtom).get(PEER)?.blocked_me).toBe(true);
    refusal = 'recipient_unconfirmed';
    appStore.set(threadMetaAtom, new Map([[PEER, { profile, blocked_by_me: false, blocked_me: false, conversation_limit_reached: false }]]));
    sendChatMessage(PEER, { kind: 'text', body: 'unconfirmed meanwhile' });
    await flush();
    expect(appStore.get(threadMetaAtom).get(PEER)?.profile.can_receive_replies).toBe(false);
    expect(getThread(PEER)!.outgoing.map((m) => m.failure?.code)).toEqual(['blocked', 'recipient_unconfirmed']);
  });

  it('marks a refused message failed with the reason, and does not re-send it on reconnect', async () => {
    await startConnected((event) => (event === 'message:send' ? { ok: false, error: 'conversation_limit', message: 'limit' } : undefined));
    openThreadWith([message(100, PEER)]);
    sendChatMessage(PEER, { kind: 'text', body: 'hi' });
    await flush();
    const failed = getThread(PEER)!.outgoing[0]!;
    expect(failed.local).toBe('failed');
    expect(failed.failure).toEqual({ code: 'conversation_limit' });
    socket.drop();
    socket.connect();
    await flush();
    expect(socket.sends()).toHaveLength(1);
  });
});

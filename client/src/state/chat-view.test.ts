// @vitest-environment jsdom
/**
 * A member who keeps the app open all day opens one chat after another: a chat no longer on
 * screen keeps its newest page (shown at once when opened again, offline too), not all it loaded
 * and every message that came into it afterwards.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessageDto, MessagesResponse } from '@shared/api/chats.js';

vi.mock('../api/chats.js', () => ({ fetchMessages: vi.fn(), deleteChat: vi.fn(), setBlocked: vi.fn() }));
vi.mock('../api/socket.js', () => ({ createChatSocket: vi.fn() }));
vi.mock('../api/user.js', () => ({ fetchCurrentUser: vi.fn(async () => null) }));

const api = await import('../api/chats.js');
const { loadOlderMessages, openChat, sendChatMessage } = await import('./chat-actions.js');
const { applyMessages, getThread, KEPT_WHILE_UNVIEWED, viewThread } = await import('./chat-store.js');
const { appStore } = await import('./jotai.js');
const { userAtom } = await import('./user.js');
const { threadMetaAtom, threadsAtom } = await import('./chats.js');

const ME = 1;
const PAGE = 50;

function message(id: number, peer: number): MessageDto {
  return { id, conversation: peer * 10, sender: peer, client_id: `client-${id}`, kind: 'text', body: `message ${id} from ${peer}`, gift_id: null, created_at: '2026-11-01T10:00:00.000Z' };
}

/** A page of the chat with `peer` (conversation peer * 10) as GET /api/messages.php answers it, ids from `first`. */
function page(peer: number, first: number): MessagesResponse {
  return {
    conversation: peer * 10,
    messages: Array.from({ length: PAGE }, (_, i) => message(first + i, peer)),
    has_more: true,
    history_cut: false,
    peer_last_read: 0,
    last_read: 0,
    profile: { id: peer, name: `P${peer}`, age: 30, country: 'NL', main_image: null, can_receive_replies: true, online: false, last_seen: null },
    blocked_by_me: false,
    blocked_me: false,
    conversation_limit_reached: false,
  };
}

/** Opens the chat with `peer` as the chat screen does (newest page from id 10,000), shown until the returned function. */
async function show(peer: number): Promise<() => void> {
  vi.mocked(api.fetchMessages).mockResolvedValueOnce(page(peer, 10_000));
  await openChat({ conversation: peer * 10 });
  return viewThread(peer);
}

const storedIds = (peer: number) => getThread(peer)!.stored.map((m) => m.id);

beforeEach(() => {
  appStore.set(threadsAtom, new Map());
  appStore.set(threadMetaAtom, new Map());
  appStore.set(userAtom, { id: ME } as never);
});

describe('a chat no longer on screen', () => {
  it('keeps only its newest page of what was scrolled back through, and says older ones exist', async () => {
    const leave = await show(7);
    vi.mocked(api.fetchMessages).mockResolvedValueOnce({ ...page(7, 9_950), has_more: true });
    await loadOlderMessages(7);
    expect(getThread(7)!.stored).toHaveLength(2 * PAGE);
    leave();
    expect(storedIds(7)).toEqual(Array.from({ length: KEPT_WHILE_UNVIEWED }, (_, i) => 10_000 + PAGE - KEPT_WHILE_UNVIEWED + i));
    expect(getThread(7)!.hasMoreBefore).toBe(true);
    // Still there to show at once when opened again.
    expect(appStore.get(threadMetaAtom).has(7)).toBe(true);
  });

  it('does not gather the messages that arrive after it was left: it keeps the newest ones', async () => {
    const leave = await show(7);
    leave();
    applyMessages(Array.from({ length: 3_000 }, (_, i) => message(100_000 + i, 7)));
    expect(getThread(7)!.stored).toHaveLength(KEPT_WHILE_UNVIEWED);
    expect(storedIds(7).at(-1)).toBe(102_999);
  });

  it('keeps everything of the chat on screen, also when a second view of it closes', async () => {
    const first = await show(7);
    const second = viewThread(7);
    second();
    applyMessages(Array.from({ length: 100 }, (_, i) => message(20_000 + i, 7)));
    expect(getThread(7)!.stored).toHaveLength(PAGE + 100);
    first();
    expect(getThread(7)!.stored).toHaveLength(KEPT_WHILE_UNVIEWED);
  });

  it('keeps own messages not sent yet, for the re-send and the outbox', async () => {
    const leave = await show(7);
    sendChatMessage(7, { kind: 'text', body: 'still on its way' });
    leave();
    expect(getThread(7)!.outgoing.map((m) => m.body)).toEqual(['still on its way']);
  });
});

describe("a free member's history cut", () => {
  it('lifted once the member is premium: a chat opened again before it reaches the older messages, and the cut notice goes', async () => {
    // Opened while free: 10 messages after the 30-day cut, nothing older shown.
    vi.mocked(api.fetchMessages).mockResolvedValueOnce({ ...page(8, 10_000), messages: page(8, 10_000).messages.slice(0, 10), has_more: false, history_cut: true });
    await openChat({ conversation: 80 });
    viewThread(8)();
    expect(getThread(8)).toMatchObject({ hasMoreBefore: false, historyCut: true });

    // Premium now (paid_user true): the same chat opened again answers its newest page without a cut.
    vi.mocked(api.fetchMessages).mockResolvedValueOnce({ ...page(8, 10_000), messages: page(8, 10_000).messages.slice(0, 10), has_more: true, history_cut: false });
    await openChat({ conversation: 80 });
    expect(getThread(8)).toMatchObject({ historyCut: false, hasMoreBefore: true });
    vi.mocked(api.fetchMessages).mockResolvedValueOnce({ ...page(8, 9_000), has_more: false });
    await loadOlderMessages(8);
    expect(vi.mocked(api.fetchMessages)).toHaveBeenLastCalledWith({ conversation: 80, before: 10_000, limit: PAGE });
    expect(getThread(8)!.stored).toHaveLength(PAGE + 10);
  });
});

import { describe, expect, it } from 'vitest';
import type { MessageDto } from '@shared/api/chats.js';
import {
  addOutgoing, applyPeerRead, canRetry, firstUnreadAtOpen, firstUnreadIn, deliveryState, emptyThread, markFailed, markRetrying, mergeStored, messageKey,
  newClientId, newestPeerMessageId, peerMessagesAfter, cameWhileAway, CLOCK_MARGIN_MS, visibleMessages, type UnreadSpan,
} from './chat-thread.js';
import { clientIdField } from '@shared/api/chats.js';

const ME = 1;
const PEER = 2;

function dto(id: number, sender: number, clientId = `client-${id}`): MessageDto {
  return { id, conversation: 10, sender, client_id: clientId, kind: 'text', body: `m${id}`, gift_id: null, created_at: new Date(2025, 0, 1, 12, 0, id).toISOString() };
}

const ids = (thread: ReturnType<typeof emptyThread>) => visibleMessages(thread).map((m) => m.id);

describe('merging stored messages', () => {
  it('keeps messages ascending by id whatever order they arrive in', () => {
    let thread = emptyThread(PEER, 10);
    thread = mergeStored(thread, [dto(5, PEER), dto(3, ME)]);
    thread = mergeStored(thread, [dto(4, PEER), dto(9, PEER), dto(1, ME)]);
    expect(ids(thread)).toEqual([1, 3, 4, 5, 9]);
  });

  it('keeps a message once when the socket, sync and polling all deliver it', () => {
    let thread = emptyThread(PEER, 10);
    thread = mergeStored(thread, [dto(7, PEER)]);
    const same = mergeStored(thread, [dto(7, PEER)]);
    expect(same).toBe(thread);
    thread = mergeStored(thread, [dto(7, PEER), dto(8, PEER), dto(8, PEER)]);
    expect(ids(thread)).toEqual([7, 8]);
    expect(thread.stored.length).toBe(2);
  });

  it('prepends an older page in front of what is held', () => {
    let thread = mergeStored(emptyThread(PEER, 10), [dto(50, PEER), dto(51, ME)]);
    thread = mergeStored(thread, [dto(10, PEER), dto(11, ME), dto(12, PEER)]);
    expect(ids(thread)).toEqual([10, 11, 12, 50, 51]);
  });

  it('learns the conversation id from the first stored message', () => {
    const thread = mergeStored(emptyThread(PEER, null), [dto(1, ME)]);
    expect(thread.conversation).toBe(10);
  });

  it('scrolls back through 10,000 messages page by page, then takes live ones quickly', () => {
    let thread = emptyThread(PEER, 10);
    for (let top = 10_000; top > 0; top -= 50) {
      const page = Array.from({ length: 50 }, (_, i) => dto(top - 49 + i, i % 2 ? ME : PEER));
      thread = mergeStored(thread, page);
    }
    const started = performance.now();
    for (let i = 10_001; i <= 10_100; i++) thread = mergeStored(thread, [dto(i, PEER)]);
    expect(thread.stored.length).toBe(10_100);
    expect(thread.stored.every((m, i) => m.id === i + 1)).toBe(true);
    // 100 live messages on a 10,000-message thread: well under a frame each
    expect(performance.now() - started).toBeLessThan(1_500);
  });
});

describe('outgoing messages', () => {
  const draft = (clientId: string) => ({ sender: ME, clientId, kind: 'text' as const, body: 'hi', giftId: null, now: new Date() });

  it('goes pending -> sent -> read', () => {
    let thread = addOutgoing(emptyThread(PEER, 10), draft('abcdefgh1'));
    const [pending] = visibleMessages(thread);
    expect(deliveryState(pending!, thread.peerLastRead)).toBe('pending');

    thread = mergeStored(thread, [dto(20, ME, 'abcdefgh1')]);
    expect(thread.outgoing).toEqual([]);
    const [sent] = visibleMessages(thread);
    expect(sent!.key).toBe(pending!.key);
    expect(deliveryState(sent!, thread.peerLastRead)).toBe('sent');

    thread = applyPeerRead(thread, 20);
    expect(deliveryState(sent!, thread.peerLastRead)).toBe('read');
  });

  it('never moves the read pointer backwards', () => {
    const thread = applyPeerRead(applyPeerRead(emptyThread(PEER, 10), 30), 12);
    expect(thread.peerLastRead).toBe(30);
  });

  it('shows the bubble once when the ack and message:new both arrive', () => {
    let thread = addOutgoing(emptyThread(PEER, 10), draft('abcdefgh2'));
    thread = mergeStored(thread, [dto(21, ME, 'abcdefgh2')]);
    thread = mergeStored(thread, [dto(21, ME, 'abcdefgh2')]);
    expect(visibleMessages(thread).map((m) => m.key)).toEqual([messageKey(ME, 'abcdefgh2')]);
  });

  it('fails with a reason and retries with the same client id', () => {
    let thread = addOutgoing(emptyThread(PEER, 10), draft('abcdefgh3'));
    const key = messageKey(ME, 'abcdefgh3');
    thread = markFailed(thread, key, { code: 'insufficient_credits', needed: 1 });
    expect(deliveryState(thread.outgoing[0]!, 0)).toBe('failed');
    expect(thread.outgoing[0]!.failure).toEqual({ code: 'insufficient_credits', needed: 1 });
    thread = markRetrying(thread, key);
    expect(thread.outgoing[0]!.client_id).toBe('abcdefgh3');
    expect(deliveryState(thread.outgoing[0]!, 0)).toBe('pending');
  });

  it('keeps outgoing messages after the stored ones', () => {
    let thread = mergeStored(emptyThread(PEER, 10), [dto(1, PEER)]);
    thread = addOutgoing(thread, draft('abcdefgh4'));
    thread = mergeStored(thread, [dto(2, PEER)]);
    expect(visibleMessages(thread).map((m) => m.id)).toEqual([1, 2, null]);
    expect(newestPeerMessageId(thread)).toBe(2);
  });

  it('makes client ids the server accepts, different every time', () => {
    const a = newClientId();
    const b = newClientId();
    expect(clientIdField.safeParse(a).success).toBe(true);
    expect(a).not.toBe(b);
  });

  it('makes client ids that sort in the order they were made, across the years', () => {
    const start = Date.UTC(2026, 10, 27, 3, 0, 0);
    const times = [start, start + 1, start + 2, start + 999, start + 60_000, Date.UTC(2031, 0, 1), Date.UTC(2100, 0, 1), Date.UTC(3000, 0, 1)];
    const ids = times.map((t) => newClientId(t));
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids) expect(clientIdField.safeParse(id).success).toBe(true);
  });
});

describe('retrying a failed message', () => {
  it('is offered where the refusal may pass later, not where it never can', () => {
    for (const code of ['network', 'try_later', 'insufficient_credits', 'conversation_limit', 'blocked', 'recipient_unconfirmed'] as const) expect(canRetry({ code }), code).toBe(true);
    for (const code of ['icebreaker_unavailable', 'message_too_long', 'message_empty', 'invalid_request', 'not_found'] as const) expect(canRetry({ code }), code).toBe(false);
  });
});

describe('where the unread messages began', () => {
  it('is the first of the peer\'s messages after the read mark as the chat was opened, up to the newest then', () => {
    const thread = { ...mergeStored(emptyThread(PEER, 10), [dto(1, PEER), dto(2, ME), dto(3, PEER), dto(4, PEER), dto(5, PEER)]), openedReadMark: 2, openedNewest: 4 };
    expect(firstUnreadAtOpen(thread)?.id).toBe(3);
    // Everything read at opening: no divider, whatever arrives after.
    expect(firstUnreadAtOpen({ ...thread, openedReadMark: 4 })).toBeNull();
    // Only my own messages after the mark: nothing unread.
    expect(firstUnreadAtOpen({ ...thread, openedReadMark: 1, openedNewest: 2 })).toBeNull();
  });

  it('in a span is the first of the peer\'s messages after its start, up to its end', () => {
    const thread = mergeStored(emptyThread(PEER, 10), [dto(1, PEER), dto(2, ME), dto(4, ME), dto(6, PEER), dto(7, PEER)]);
    expect(firstUnreadIn(thread, { after: 1, through: 7 })?.id).toBe(6);
    // A start between ids, and one past the end of what is held.
    expect(firstUnreadIn(thread, { after: 3, through: 7 })?.id).toBe(6);
    expect(firstUnreadIn(thread, { after: 7, through: 9 })).toBeNull();
    // The peer's first message is past the span's end.
    expect(firstUnreadIn(thread, { after: 1, through: 5 })).toBeNull();
  });
});

describe('what came while the page was hidden', () => {
  // dto(n) was written n seconds after 12:00:00.
  const at = (second: number) => new Date(2025, 0, 1, 12, 0, second).getTime();
  const thread = mergeStored(emptyThread(PEER, 10), [dto(1, PEER), dto(2, ME), dto(3, PEER), dto(4, ME), dto(5, PEER), dto(6, PEER)]);

  it('is the peer\'s messages after the newest read on screen, its divider above the first of them', () => {
    const span = cameWhileAway(thread, 4, at(30));
    expect(span).toEqual({ after: 4, through: 6 });
    expect(firstUnreadIn(thread, span as UnreadSpan)?.id).toBe(5);
  });

  it('is not known yet when none of the peer\'s came, or only the member\'s own: the catch-up may bring some', () => {
    expect(cameWhileAway(thread, 6, at(30))).toBe('none');
    expect(cameWhileAway(mergeStored(thread, [dto(7, ME)]), 6, at(30))).toBe('none');
  });

  it('is nothing once the first to come was written after the return: the member saw it arrive', () => {
    expect(cameWhileAway(thread, 4, at(1))).toBe('live');
  });

  it('counts a message written as the member came back on a device whose clock runs a little behind', () => {
    expect(cameWhileAway(thread, 4, at(5) - CLOCK_MARGIN_MS)).toEqual({ after: 4, through: 6 });
    expect(cameWhileAway(thread, 4, at(5) - CLOCK_MARGIN_MS - 1)).toBe('live');
  });
});

describe('the peer\'s messages that arrived after a given one', () => {
  const thread = mergeStored(emptyThread(PEER, 10), [dto(1, PEER), dto(2, ME), dto(3, PEER), dto(4, ME), dto(5, PEER), dto(6, PEER)]);
  const after = (id: number, limit: number) => peerMessagesAfter(thread, id, limit).map((m) => m.id);

  it('are the peer\'s only, oldest first', () => {
    expect(after(2, 10)).toEqual([3, 5, 6]);
  });

  it('are the newest ones when more arrived than the limit', () => {
    expect(after(0, 2)).toEqual([5, 6]);
  });

  it('are none when nothing came after', () => {
    expect(after(6, 10)).toEqual([]);
    expect(peerMessagesAfter(emptyThread(PEER, 10), 0, 10)).toEqual([]);
  });
});

// @vitest-environment jsdom
/** A refused message kept across a reload keeps its reason (and whether Retry can help), however old. */
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from './chat-thread.js';
import { canRetry } from './chat-thread.js';
import { OUTBOX_AUTO_SEND_MS, loadOutbox } from './outbox.js';
import { CONVERSATION, ME, PEER } from './realtime-test-fakes.js';

function kept(local: 'pending' | 'failed', failure: ChatMessage['failure'], writtenAt: number): { profile: number; message: ChatMessage } {
  return {
    profile: PEER,
    message: { key: `${ME}:c-${local}-0001`, id: null, conversation: CONVERSATION, sender: ME, client_id: `c-${local}-0001`, kind: 'text', body: 'x'.repeat(5), gift_id: null, created_at: new Date(writtenAt).toISOString(), local, failure },
  };
}

beforeEach(() => localStorage.clear());

describe('a refused message brought back by a reload', () => {
  it('keeps the reason it was refused for, also two days later', () => {
    const now = Date.now();
    localStorage.setItem(`chat-outbox:${ME}`, JSON.stringify([kept('failed', { code: 'message_too_long' }, now - 2 * OUTBOX_AUTO_SEND_MS)]));
    const [entry] = loadOutbox(ME, now);
    expect(entry!.message.local).toBe('failed');
    expect(entry!.message.failure).toEqual({ code: 'message_too_long' });
    // A message that can never pass gets no Retry button.
    expect(canRetry(entry!.message.failure)).toBe(false);
  });

  it('while a pending one that old comes back as not sent (network), for the member to retry', () => {
    const now = Date.now();
    localStorage.setItem(`chat-outbox:${ME}`, JSON.stringify([kept('pending', null, now - 2 * OUTBOX_AUTO_SEND_MS)]));
    const [entry] = loadOutbox(ME, now);
    expect(entry!.message.local).toBe('failed');
    expect(entry!.message.failure).toEqual({ code: 'network' });
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MessageDto } from '@shared/api/chats.js';
import chat from '../../i18n/messages/chat/en.json';
import { fromDto, type ChatMessage, type SendFailure } from '../../state/chat-thread.js';
import { MessageBubble } from './MessageBubble.js';

afterEach(cleanup);

const ME = 1;
const stored = (id: number, sender = ME) =>
  fromDto({ id, conversation: 1, sender, client_id: `client-${id}`, kind: 'text', body: `message ${id}`, gift_id: null, created_at: '2026-11-28T10:00:00.000Z' });
const failed = (failure: SendFailure): ChatMessage => ({ ...stored(0), id: null, key: 'out-1', local: 'failed', failure });

/** Renders `message` as its row in the chat (own when ME sent it); the row. */
function bubble(message: ChatMessage, peerLastRead = 0, more: { author?: string; onRetry?: (key: string) => void; onDiscard?: (key: string) => void } = {}) {
  render(
    <IntlProvider locale="en" messages={chat}>
      <MessageBubble
        message={message}
        mine={message.sender === ME}
        author={more.author ?? ''}
        peerLastRead={peerLastRead}
        firstOfGroup
        onRetry={more.onRetry ?? (() => undefined)}
        onDiscard={more.onDiscard ?? (() => undefined)}
      />
    </IntlProvider>,
  );
  return screen.getByTestId('chat-message');
}

/** A message of `dto`'s kind from James, the peer; its bubble. */
function bubbleOfKind(dto: Pick<MessageDto, 'kind' | 'body' | 'gift_id'>) {
  const message = fromDto({ id: 9, conversation: 1, sender: 2, client_id: 'client-9', created_at: '2026-11-28T10:00:00.000Z', ...dto });
  return bubble(message, 0, { author: 'James: ' }).querySelector('.chat-bubble')!;
}

describe('a gift in the chat', () => {
  it('shows its emoji once, large, beside its name and note', () => {
    const gift = fromDto({ id: 5, conversation: 1, sender: 2, client_id: 'client-gift-1', kind: 'gift', body: 'for you', gift_id: 'rose', created_at: '2026-11-28T10:00:00.000Z' });
    render(
      <IntlProvider locale="en" messages={chat}>
        <MessageBubble message={gift} mine={false} author="James: " peerLastRead={0} firstOfGroup onRetry={() => undefined} onDiscard={() => undefined} />
      </IntlProvider>,
    );
    const bubble = screen.getByTestId('chat-message');
    expect(bubble.textContent?.match(/🌹/g)).toHaveLength(1);
    expect(bubble.textContent).toContain('Rose · for you');
  });
});

describe('a text in the chat', () => {
  it('takes its direction from its own words: a Hebrew message reads right to left in an English screen', () => {
    const text = fromDto({ id: 6, conversation: 1, sender: 2, client_id: 'client-text-1', kind: 'text', body: 'שלום, מה נשמע?', gift_id: null, created_at: '2026-11-28T10:00:00.000Z' });
    render(
      <IntlProvider locale="en" messages={chat}>
        <MessageBubble message={text} mine={false} author="James: " peerLastRead={0} firstOfGroup onRetry={() => undefined} onDiscard={() => undefined} />
      </IntlProvider>,
    );
    // dir="auto": the browser sets the direction from the first strong character and isolates the text.
    expect(screen.getByText('שלום, מה נשמע?').getAttribute('dir')).toBe('auto');
  });
});

describe('a message of emoji alone', () => {
  const bubbleFor = (body: string) => {
    const text = fromDto({ id: 7, conversation: 1, sender: 2, client_id: `client-${body.length}`, kind: 'text', body, gift_id: null, created_at: '2026-11-28T10:00:00.000Z' });
    const shown = bubble(text, 0, { author: 'James: ' }).querySelector('.chat-bubble')!;
    cleanup();
    return shown.classList.contains('is-emoji-only');
  };

  it('shows up to three emoji large, as messengers do', () => {
    expect(bubbleFor('👍')).toBe(true);
    expect(bubbleFor(' ❤️😂 ')).toBe(true);
    expect(bubbleFor('👩‍❤️‍👨')).toBe(true); // one emoji of several joined
    expect(bubbleFor('👍🏽🇳🇱')).toBe(true); // a skin tone, a flag
  });

  it('keeps text, numbers and longer runs of emoji at text size', () => {
    expect(bubbleFor('ok 👍')).toBe(false);
    expect(bubbleFor('123')).toBe(false);
    expect(bubbleFor('#')).toBe(false);
    expect(bubbleFor('😀😀😀😀')).toBe(false);
  });
});

describe('an icebreaker in the chat', () => {
  it('shows its opener in the reader\'s language under its label, with no gift emoji', () => {
    const shown = bubbleOfKind({ kind: 'icebreaker', body: 'icebreaker.coffee', gift_id: null });
    expect(shown.textContent).toContain('If we met for coffee, what would you order?');
    expect(shown.querySelector('.chat-icebreaker-label')).not.toBeNull();
    expect(shown.querySelector('.chat-gift-emoji')).toBeNull();
  });
});

describe('a gift whose note is one emoji', () => {
  // The large emoji size is for a text of emoji alone; the gift's name and note stay at text size.
  it('is not drawn as an emoji-only message', () => {
    const shown = bubbleOfKind({ kind: 'gift', body: '❤️', gift_id: 'rose' });
    expect(shown.classList.contains('is-emoji-only')).toBe(false);
  });
});

describe("an own message's ticks", () => {
  it('read once the peer has read up to it, including that very message; sent before', () => {
    expect(bubble(stored(10), 10).dataset.state).toBe('read');
    expect(screen.getByTestId('tick-read')).toBeTruthy();
    cleanup();
    expect(bubble(stored(10), 9).dataset.state).toBe('sent');
    expect(screen.getByTestId('tick-sent')).toBeTruthy();
  });

  it('are not drawn on the peer\'s messages', () => {
    expect(bubble(stored(10, 2), 10).dataset.state).toBe('received');
    expect(screen.queryByTestId('tick-read')).toBeNull();
    expect(screen.queryByTestId('tick-sent')).toBeNull();
  });
});

describe('a message that was not sent', () => {
  it('says "Not sent" and offers Retry and Remove, each for that message', () => {
    const onRetry = vi.fn();
    const onDiscard = vi.fn();
    const row = bubble(failed({ code: 'network' }), 0, { onRetry, onDiscard });
    expect(row.querySelector('.chat-bubble-failed')!.textContent).toContain('Not sent');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledWith('out-1');
    expect(onDiscard).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onDiscard).toHaveBeenCalledWith('out-1');
  });

  it('offers no Retry for a refusal that a retry would only meet again (too long): Remove only', () => {
    const row = bubble(failed({ code: 'message_too_long' }));
    expect(row.querySelector('.chat-bubble-failed')!.textContent).toContain('Not sent');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove' })).toBeTruthy();
  });
});

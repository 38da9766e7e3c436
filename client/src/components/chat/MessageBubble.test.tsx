// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import chat from '../../i18n/messages/chat/en.json';
import { fromDto } from '../../state/chat-thread.js';
import { MessageBubble } from './MessageBubble.js';

afterEach(cleanup);

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
    render(
      <IntlProvider locale="en" messages={chat}>
        <MessageBubble message={text} mine={false} author="James: " peerLastRead={0} firstOfGroup onRetry={() => undefined} onDiscard={() => undefined} />
      </IntlProvider>,
    );
    const bubble = screen.getByTestId('chat-message').querySelector('.chat-bubble')!;
    cleanup();
    return bubble.classList.contains('is-emoji-only');
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

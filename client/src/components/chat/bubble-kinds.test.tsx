// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import type { MessageDto } from '@shared/api/chats.js';
import chat from '../../i18n/messages/chat/en.json';
import { fromDto } from '../../state/chat-thread.js';
import { MessageBubble } from './MessageBubble.js';

afterEach(cleanup);

function bubble(dto: Pick<MessageDto, 'kind' | 'body' | 'gift_id'>) {
  const message = fromDto({ id: 9, conversation: 1, sender: 2, client_id: 'client-9', created_at: '2026-11-28T10:00:00.000Z', ...dto });
  render(
    <IntlProvider locale="en" messages={chat}>
      <MessageBubble message={message} mine={false} author="James: " peerLastRead={0} firstOfGroup onRetry={() => undefined} onDiscard={() => undefined} />
    </IntlProvider>,
  );
  return screen.getByTestId('chat-message').querySelector('.chat-bubble')!;
}

describe('an icebreaker in the chat', () => {
  it('shows its opener in the reader\'s language under its label, with no gift emoji', () => {
    const shown = bubble({ kind: 'icebreaker', body: 'icebreaker.coffee', gift_id: null });
    expect(shown.textContent).toContain('If we met for coffee, what would you order?');
    expect(shown.querySelector('.chat-icebreaker-label')).not.toBeNull();
    expect(shown.querySelector('.chat-gift-emoji')).toBeNull();
  });
});

describe('a gift whose note is one emoji', () => {
  // The large emoji size is for a text of emoji alone; the gift's name and note stay at text size.
  it('is not drawn as an emoji-only message', () => {
    const shown = bubble({ kind: 'gift', body: '❤️', gift_id: 'rose' });
    expect(shown.classList.contains('is-emoji-only')).toBe(false);
  });
});

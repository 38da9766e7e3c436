// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import chat from '../../i18n/messages/chat/en.json';
import { fromDto, type ChatMessage, type SendFailure } from '../../state/chat-thread.js';
import { MessageBubble } from './MessageBubble.js';

afterEach(cleanup);

const ME = 1;
const stored = (id: number, sender = ME) =>
  fromDto({ id, conversation: 1, sender, client_id: `client-${id}`, kind: 'text', body: `message ${id}`, gift_id: null, created_at: '2026-11-28T10:00:00.000Z' });
const failed = (failure: SendFailure): ChatMessage => ({ ...stored(0), id: null, key: 'out-1', local: 'failed', failure });

function bubble(message: ChatMessage, peerLastRead = 0, handlers: { onRetry?: (key: string) => void; onDiscard?: (key: string) => void } = {}) {
  render(
    <IntlProvider locale="en" messages={chat}>
      <MessageBubble
        message={message}
        mine={message.sender === ME}
        author=""
        peerLastRead={peerLastRead}
        firstOfGroup
        onRetry={handlers.onRetry ?? (() => undefined)}
        onDiscard={handlers.onDiscard ?? (() => undefined)}
      />
    </IntlProvider>,
  );
  return screen.getByTestId('chat-message');
}

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

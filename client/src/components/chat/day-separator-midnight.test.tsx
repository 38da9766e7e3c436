// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import chat from '../../i18n/messages/chat/en.json';
import type { ChatMessage } from '../../state/chat-thread.js';
import { MessageList } from './MessageList.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

// jsdom measures nothing: the list's row heights stay its estimates.
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

const message = (id: number, createdAt: Date): ChatMessage => ({
  key: `m${id}`, id, conversation: 1, sender: 2, client_id: `c${id}`, kind: 'text', body: `Message ${id}`, gift_id: null,
  created_at: createdAt.toISOString(), local: null, failure: null,
});

describe('a chat left open over midnight', () => {
  it('turns its "Today" into "Yesterday" when the day changes, as the list beside it does', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date(2026, 0, 1, 23, 58));
    vi.stubGlobal('ResizeObserver', NoResizeObserver);
    render(
      <IntlProvider locale="en-GB" messages={chat}>
        <MessageList messages={[message(1, new Date(2026, 0, 1, 23, 50))]} me={1} peerName="James" peerLastRead={0} hasMoreBefore={false} historyCut={false}
          loadingOlder={false} onLoadOlder={() => undefined} onRetry={() => undefined} onDiscard={() => undefined} stickToken={0} />
      </IntlProvider>,
    );
    expect(screen.getByRole('separator').textContent).toBe('Today');
    // Nothing new comes in the night; the member looks at the screen again at 00:05.
    act(() => vi.advanceTimersByTime(7 * 60_000));
    expect(screen.getByRole('separator').textContent).toBe('Yesterday');
  });
});

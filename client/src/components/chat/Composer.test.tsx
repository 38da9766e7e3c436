// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import chat from '../../i18n/messages/chat/en.json';
import { Composer } from './Composer.js';

afterEach(cleanup);

function renderComposer() {
  render(
    <IntlProvider locale="en" messages={chat}>
      <Composer disabled={false} onSend={() => undefined} onTyping={() => undefined} onOpenGifts={() => undefined} onOpenIcebreakers={null} />
    </IntlProvider>,
  );
  return screen.getByTestId('chat-input');
}

describe('the composer counter (message_length 1000 without site settings)', () => {
  it('counts the text as it will be sent: line ends after a full-length text do not mark it too long', () => {
    const box = renderComposer();
    fireEvent.change(box, { target: { value: `${'z'.repeat(1000)}\n\n` } });
    expect(screen.getByText('1000/1000')).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBeNull();
    expect((screen.getByTestId('chat-send') as HTMLButtonElement).disabled).toBe(false);
  });

  it('still marks a text over the limit and keeps it from being sent', () => {
    const box = renderComposer();
    fireEvent.change(box, { target: { value: 'z'.repeat(1001) } });
    expect(screen.getByText('1001/1000')).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByTestId('chat-send') as HTMLButtonElement).disabled).toBe(true);
  });
});

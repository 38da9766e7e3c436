// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import chat from '../../i18n/messages/chat/en.json';
import { Composer } from './Composer.js';

afterEach(cleanup);

function renderComposer(sent: string[]) {
  render(
    <IntlProvider locale="en" messages={chat}>
      <Composer disabled={false} onSend={(text) => sent.push(text)} onTyping={() => true} onOpenGifts={() => undefined} />
    </IntlProvider>,
  );
  return screen.getByTestId('chat-input') as HTMLTextAreaElement;
}

describe('the message box and the Enter key', () => {
  it('sends with Enter and empties the box for the next message', () => {
    const sent: string[] = [];
    const box = renderComposer(sent);
    fireEvent.change(box, { target: { value: 'Coffee on Sunday?' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(sent).toEqual(['Coffee on Sunday?']);
    expect(box.value).toBe('');
  });

  it('leaves Shift+Enter to the box (a new line): nothing is sent and the text stays', () => {
    const sent: string[] = [];
    const box = renderComposer(sent);
    fireEvent.change(box, { target: { value: 'First line' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(sent).toEqual([]);
    expect(box.value).toBe('First line');
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import chat from '../../i18n/messages/chat/en.json';
import { Composer } from './Composer.js';

afterEach(cleanup);

function renderComposer(onTyping: (typing: boolean) => boolean = () => true, more: { short?: boolean; disabled?: boolean; onSend?: (text: string) => void } = {}) {
  render(
    <IntlProvider locale="en" messages={chat}>
      <Composer disabled={more.disabled ?? false} onSend={more.onSend ?? (() => undefined)} onTyping={onTyping} onOpenGifts={() => undefined} short={more.short} />
    </IntlProvider>,
  );
  return screen.getByTestId('chat-input');
}

describe('a balance that does not cover a message', () => {
  it('lets the member write but not send: Enter keeps the text, and the send button is off', () => {
    const sent: string[] = [];
    const box = renderComposer(() => true, { short: true, onSend: (text) => sent.push(text) });
    fireEvent.change(box, { target: { value: 'Are you there?' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(sent).toEqual([]);
    expect((box as HTMLTextAreaElement).value).toBe('Are you there?');
    expect((box as HTMLTextAreaElement).disabled).toBe(false);
    expect((screen.getByTestId('chat-send') as HTMLButtonElement).disabled).toBe(true);
  });

  it('sends once it does', () => {
    const sent: string[] = [];
    const box = renderComposer(() => true, { onSend: (text) => sent.push(text) });
    fireEvent.change(box, { target: { value: 'Are you there?' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(sent).toEqual(['Are you there?']);
  });
});

describe('a chat the member cannot write in (a block, an unconfirmed peer)', () => {
  it('shows no price or balance under the closed box: the notice above says why', () => {
    renderComposer(() => true, { disabled: true });
    expect(screen.queryByText(/per message/)).toBeNull();
    expect(screen.queryByText(/credits left/)).toBeNull();
  });

  it('shows no character counter under it either: there is nothing to count toward', () => {
    renderComposer(() => true, { disabled: true });
    expect(screen.queryByText('0/1000')).toBeNull();
  });

  it('shows them where the member can write', () => {
    renderComposer();
    expect(screen.getByText(/per message/)).toBeTruthy();
  });
});

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
    fireEvent.change(box, { target: { value: 'z'.repeat(1159) } });
    // Said in words: a red "1159/1000" alone left the member to do the sum, and Enter did nothing.
    expect(screen.getByText('159 characters too many')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'z'.repeat(1001) } });
    expect(screen.getByText('1 character too many')).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByTestId('chat-send') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('the typing signal', () => {
  afterEach(() => vi.useRealTimers());

  it('is tried again at the next keystroke when it could not go out (socket down), not 3 s later', () => {
    vi.useFakeTimers();
    let socketUp = false;
    const sent: boolean[] = [];
    const box = renderComposer((typing) => {
      if (socketUp) sent.push(typing);
      return socketUp;
    });
    fireEvent.change(box, { target: { value: 'h' } });
    socketUp = true;
    vi.advanceTimersByTime(500);
    fireEvent.change(box, { target: { value: 'he' } });
    expect(sent).toEqual([true]);
  });

  it('goes out once per 3 s while the member keeps typing, and stops when the box is emptied', () => {
    vi.useFakeTimers();
    const sent: boolean[] = [];
    const box = renderComposer((typing) => (sent.push(typing), true));
    fireEvent.change(box, { target: { value: 'h' } });
    vi.advanceTimersByTime(1_000);
    fireEvent.change(box, { target: { value: 'he' } });
    vi.advanceTimersByTime(2_500);
    fireEvent.change(box, { target: { value: 'hey' } });
    fireEvent.change(box, { target: { value: '' } });
    expect(sent).toEqual([true, true, false]);
  });
});

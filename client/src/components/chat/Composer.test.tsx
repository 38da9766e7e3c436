// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SiteSettings } from '../../api/settings.js';
import type { UserDto } from '@shared/api/user.js';
import chat from '../../i18n/messages/chat/en.json';
import chatDe from '../../i18n/messages/chat/de.json';
import { Provider, createStore } from '../../state/jotai.js';
import { settingsAtom } from '../../state/settings.js';
import { userAtom } from '../../state/user.js';
import { Composer } from './Composer.js';

afterEach(cleanup);

type Store = ReturnType<typeof createStore>;

function renderComposer(
  onTyping: (typing: boolean) => boolean = () => true,
  more: { short?: boolean; disabled?: boolean; onSend?: (text: string) => void; store?: Store } = {},
) {
  const composer = (
    <IntlProvider locale="en" messages={chat}>
      <Composer disabled={more.disabled ?? false} onSend={more.onSend ?? (() => undefined)} onTyping={onTyping} onOpenGifts={() => undefined} short={more.short} />
    </IntlProvider>
  );
  render(more.store ? <Provider store={more.store}>{composer}</Provider> : composer);
  return screen.getByTestId('chat-input') as HTMLTextAreaElement;
}

/** A Dutch member with 7 credits on a site that charges 2 credits a message, from €0.50, and allows 20 characters. */
function dutchMemberStore() {
  const store = createStore();
  store.set(settingsAtom, { message_credits: 2, message_length: 20, minimum_message_costs: { NL: { costs: 50, currency: 'EUR' } } } as unknown as SiteSettings);
  store.set(userAtom, { id: 1, credits: 7, profile: { id: 1, name: 'Sophie', country: 'NL' } } as unknown as UserDto);
  return store;
}

/** The composer with what it sends pushed onto `sent`; its message box. */
const composerSendingTo = (sent: string[], store?: Store) => renderComposer(() => true, { onSend: (text) => sent.push(text), store });

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
    expect(screen.getByText('1,000/1,000')).toBeTruthy();
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

  it('keeps going out while the member types after the device clock was set back', () => {
    vi.useFakeTimers();
    const sent: boolean[] = [];
    const box = renderComposer((typing) => (sent.push(typing), true));
    fireEvent.change(box, { target: { value: 'h' } });
    // The member sets the phone's clock back an hour, and goes on typing for 4 s.
    vi.setSystemTime(Date.now() - 3_600_000);
    for (const value of ['he', 'hey', 'hey ', 'hey t']) {
      vi.advanceTimersByTime(1_000);
      fireEvent.change(box, { target: { value } });
    }
    expect(sent.filter((typing) => typing).length, 'typing renewed within 4 s').toBeGreaterThanOrEqual(2);
  });
});

describe('the message box and the Enter key', () => {
  it('sends with Enter and empties the box for the next message', () => {
    const sent: string[] = [];
    const box = composerSendingTo(sent);
    fireEvent.change(box, { target: { value: 'Coffee on Sunday?' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(sent).toEqual(['Coffee on Sunday?']);
    expect(box.value).toBe('');
  });

  it('leaves Shift+Enter to the box (a new line): nothing is sent and the text stays', () => {
    const sent: string[] = [];
    const box = composerSendingTo(sent);
    fireEvent.change(box, { target: { value: 'First line' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(sent).toEqual([]);
    expect(box.value).toBe('First line');
  });
});

describe('the line under the message box', () => {
  it("says the site's price per message, the minimum cost in the member's currency, and the credits left", () => {
    renderComposer(() => true, { store: dutchMemberStore() });
    const info = document.getElementById('chat-composer-info')!.textContent!;
    expect(info).toContain('2 credits per message');
    expect(info).toMatch(/from €\s?0\.50/);
    expect(info).toContain('7 credits left');
  });
});

describe("the site's message_length", () => {
  it('is the limit the counter counts to and the send keeps to', () => {
    const sent: string[] = [];
    const box = composerSendingTo(sent, dutchMemberStore());
    fireEvent.change(box, { target: { value: 'z'.repeat(20) } });
    expect(screen.getByText('20/20')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'z'.repeat(21) } });
    expect(screen.getByText('1 character too many')).toBeTruthy();
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(sent).toEqual([]);
    expect((screen.getByTestId('chat-send') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('the character counter in the member\'s language', () => {
  it('groups the thousands of the limit as the language does (1,000 in English, 1.000 in German)', () => {
    const store = createStore();
    store.set(settingsAtom, { message_credits: 1, message_length: 1000, minimum_message_costs: {} } as unknown as SiteSettings);
    store.set(userAtom, { id: 1, credits: 7, profile: { id: 1, name: 'Sophie', country: 'DE' } } as unknown as UserDto);
    renderComposer(() => true, { store });
    expect(document.querySelector('.chat-composer-counter')!.textContent).toBe('0/1,000');
    cleanup();
    render(
      <Provider store={store}>
        <IntlProvider locale="de-DE" messages={chatDe}>
          <Composer disabled={false} onSend={() => undefined} onTyping={() => true} onOpenGifts={() => undefined} />
        </IntlProvider>
      </Provider>,
    );
    expect(document.querySelector('.chat-composer-counter')!.textContent).toBe('0/1.000');
  });
});

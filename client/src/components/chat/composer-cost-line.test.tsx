// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import type { SiteSettings } from '../../api/settings.js';
import type { UserDto } from '@shared/api/user.js';
import chat from '../../i18n/messages/chat/en.json';
import { Provider, createStore } from '../../state/jotai.js';
import { settingsAtom } from '../../state/settings.js';
import { userAtom } from '../../state/user.js';
import { Composer } from './Composer.js';

afterEach(cleanup);

/** A Dutch member with 7 credits on a site that charges 2 credits a message, from €0.50, and allows 20 characters. */
function renderComposer(sent: string[] = []) {
  const store = createStore();
  store.set(settingsAtom, { message_credits: 2, message_length: 20, minimum_message_costs: { NL: { costs: 50, currency: 'EUR' } } } as unknown as SiteSettings);
  store.set(userAtom, { id: 1, credits: 7, profile: { id: 1, name: 'Sophie', country: 'NL' } } as unknown as UserDto);
  render(
    <Provider store={store}>
      <IntlProvider locale="en" messages={chat}>
        <Composer disabled={false} onSend={(text) => sent.push(text)} onTyping={() => true} onOpenGifts={() => undefined} />
      </IntlProvider>
    </Provider>,
  );
  return screen.getByTestId('chat-input') as HTMLTextAreaElement;
}

describe('the line under the message box', () => {
  it("says the site's price per message, the minimum cost in the member's currency, and the credits left", () => {
    renderComposer();
    const info = document.getElementById('chat-composer-info')!.textContent!;
    expect(info).toContain('2 credits per message');
    expect(info).toMatch(/from €\s?0\.50/);
    expect(info).toContain('7 credits left');
  });
});

describe("the site's message_length", () => {
  it('is the limit the counter counts to and the send keeps to', () => {
    const sent: string[] = [];
    const box = renderComposer(sent);
    fireEvent.change(box, { target: { value: 'z'.repeat(20) } });
    expect(screen.getByText('20/20')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'z'.repeat(21) } });
    expect(screen.getByText('1 character too many')).toBeTruthy();
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(sent).toEqual([]);
    expect((screen.getByTestId('chat-send') as HTMLButtonElement).disabled).toBe(true);
  });
});

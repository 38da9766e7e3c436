// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import chat from '../../i18n/messages/chat/en.json';
import en from '../../i18n/messages/en.json';
import { ChatNotices } from './ChatNotices.js';

afterEach(cleanup);

function show(credits: number) {
  render(
    <IntlProvider locale="en" messages={{ ...chat, ...en }}>
      <MemoryRouter>
        <ChatNotices name="Roos" blockedMe={false} blockedByMe={false} canReceiveReplies failure={{ code: 'insufficient_credits', needed: 5 }} credits={credits} onUnblock={() => undefined} />
      </MemoryRouter>
    </IntlProvider>,
  );
}

describe('"not enough credits" after a message was refused for credits', () => {
  // Bought exactly what the message needed: the member retries it, and is not told to buy more.
  it('goes once the balance is exactly what the message needed', () => {
    show(5);
    expect(screen.queryByTestId('notice-credits')).toBeNull();
  });

  it('stays while the balance is one short of it', () => {
    show(4);
    expect(screen.getByTestId('notice-credits')).toBeTruthy();
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import chat from '../../i18n/messages/chat/en.json';
import en from '../../i18n/messages/en.json';
import { ChatNotices } from './ChatNotices.js';

type Props = Parameters<typeof ChatNotices>[0];

function show(props: Partial<Props>) {
  const all: Props = { name: 'Roos', blockedMe: false, blockedByMe: false, canReceiveReplies: true, failure: null, onUnblock: () => undefined, ...props };
  render(
    <IntlProvider locale="en" messages={{ ...chat, ...en }}>
      <MemoryRouter>
        <ChatNotices {...all} />
      </MemoryRouter>
    </IntlProvider>,
  );
}

afterEach(cleanup);

describe('the notices above the composer', () => {
  it('tell a member why they cannot reply to someone whose e-mail is unconfirmed', () => {
    show({ canReceiveReplies: false });
    expect(screen.getByTestId('notice-unconfirmed').textContent).toBe('Roos has not confirmed their e-mail address and cannot receive messages yet.');
  });

  it('tell the blocked member they cannot contact, and nothing about e-mail; the blocker gets Unblock', () => {
    show({ blockedMe: true, canReceiveReplies: false });
    expect(screen.getByTestId('notice-blocked').textContent).toBe('You cannot contact this member.');
    expect(screen.queryByTestId('notice-unconfirmed')).toBeNull();
    cleanup();

    const onUnblock = vi.fn();
    show({ blockedByMe: true, onUnblock });
    expect(screen.getByTestId('notice-blocked-by-me').textContent).toContain('You have blocked Roos.');
    fireEvent.click(screen.getByRole('button', { name: 'Unblock' }));
    expect(onUnblock).toHaveBeenCalledTimes(1);
  });

  it('offer credits before a send is refused, when the balance does not cover a message', () => {
    show({ short: true });
    expect(screen.getByTestId('notice-credits').textContent).toContain('You do not have enough credits');
    cleanup();
    show({});
    expect(screen.queryByTestId('notice-credits')).toBeNull();
  });

  it('offer credits after a refusal for credits, and premium at the conversation limit', () => {
    show({ failure: { code: 'insufficient_credits' } as Props['failure'] });
    expect(screen.getByTestId('notice-credits').textContent).toContain('You do not have enough credits');
    expect(screen.getByRole('link', { name: 'Buy credits' }).getAttribute('href')).toBe('/credits');
    cleanup();
    show({ premiumRequired: true });
    expect(screen.getByRole('link', { name: /Premium/ }).getAttribute('href')).toBe('/premium');
  });

  // Those refusals are the chat's state (state/refusal-causes.ts): once their cause has gone the
  // refused message alone says nothing above an open box.
  it('say nothing for a refusal for a block, an unconfirmed peer or the limit whose cause has gone', () => {
    for (const code of ['blocked', 'recipient_unconfirmed', 'conversation_limit'] as const) {
      show({ failure: { code } });
      expect(document.querySelector('.chat-notices')!.textContent, code).toBe('');
      cleanup();
    }
  });

  // A message refused for credits keeps its bubble (Retry) after credits are bought: the notice
  // then said "You do not have enough credits" above "10 credits left".
  it('offer no credits once the balance covers what the refused message needed', () => {
    show({ failure: { code: 'insufficient_credits', needed: 5 }, credits: 10 });
    expect(screen.queryByTestId('notice-credits')).toBeNull();
    cleanup();
    show({ failure: { code: 'insufficient_credits', needed: 5 }, credits: 4 });
    expect(screen.getByTestId('notice-credits').textContent).toContain('You do not have enough credits');
  });
});

describe('"not enough credits" after a message was refused for credits', () => {
  // Bought exactly what the message needed: the member retries it, and is not told to buy more.
  it('goes once the balance is exactly what the message needed', () => {
    show({ failure: { code: 'insufficient_credits', needed: 5 }, credits: 5 });
    expect(screen.queryByTestId('notice-credits')).toBeNull();
  });

  it('stays while the balance is one short of it', () => {
    show({ failure: { code: 'insufficient_credits', needed: 5 }, credits: 4 });
    expect(screen.getByTestId('notice-credits')).toBeTruthy();
  });
});

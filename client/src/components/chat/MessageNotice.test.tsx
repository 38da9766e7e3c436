// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatEntryDto, MessageDto } from '@shared/api/chats.js';
import type { UserDto } from '@shared/api/user.js';
import chat from '../../i18n/messages/chat/en.json';
import en from '../../i18n/messages/en.json';
import { Provider, appStore } from '../../state/jotai.js';
import { chatEntriesAtom } from '../../state/chats.js';
import { messageNoticeAtom, noticeArrival } from '../../state/message-notice.js';
import { userAtom } from '../../state/user.js';
import { MESSAGE_NOTICE_HELD_CHECK_MS, MESSAGE_NOTICE_MS, MessageNotice } from './MessageNotice.js';

const ME = 1;
const BEN = 2;

function message(id: number, sender = BEN, extra: Partial<MessageDto> = {}): MessageDto {
  return { id, conversation: 40, sender, client_id: `c-${id}`, kind: 'text', body: `Hello ${id}`, gift_id: null, created_at: new Date().toISOString(), ...extra };
}

function entry(extra: Partial<ChatEntryDto> = {}): ChatEntryDto {
  const profile = { id: BEN, name: 'Ben', age: 30, country: 'GB', main_image: null, can_receive_replies: true, online: true, last_seen: null };
  return { conversation: 40, profile, num_unread_messages: 1, last_message: null, peer_last_read: 0, blocked_by_me: false, blocked_me: false, visible_after: 0, ...extra };
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderAt(path: string) {
  render(
    <Provider store={appStore}>
      <IntlProvider locale="en" messages={{ ...chat, ...en }}>
        <MemoryRouter initialEntries={[path]}>
          <MessageNotice />
          <Routes>
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </IntlProvider>
    </Provider>,
  );
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
}

beforeEach(() => {
  appStore.set(userAtom, { id: ME, credits: 10, credits_version: 1, profile: { id: ME, name: 'Me', country: 'NL', status: 'active', main_image: null } } as UserDto);
  appStore.set(chatEntriesAtom, new Map([[BEN, entry()]]));
  appStore.set(messageNoticeAtom, null);
  setVisibility('visible');
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the banner for a message that comes while the member is elsewhere', () => {
  it('shows who wrote and what, and a tap opens the chat and closes it', () => {
    renderAt('/members');
    act(() => noticeArrival(message(7)));
    const notice = screen.getByTestId('message-notice');
    expect(notice.textContent).toContain('Ben');
    expect(notice.textContent).toContain('Hello 7');
    // Said to a screen reader as a whole sentence, in the live region the page always holds.
    expect(screen.getByRole('status').textContent).toContain('New message from Ben');

    fireEvent.click(screen.getByRole('link'));
    expect(screen.getByTestId('where').textContent).toBe('/chats/40');
    expect(screen.queryByTestId('message-notice')).toBeNull();
  });

  it('says a gift by its name, as the list does', () => {
    renderAt('/likes');
    act(() => noticeArrival(message(8, BEN, { kind: 'gift', gift_id: 'rose', body: '' })));
    expect(screen.getByTestId('message-notice').textContent).toContain('Rose');
  });

  it('goes by itself after a while, and a newer message takes its place and its time', () => {
    vi.useFakeTimers();
    renderAt('/members');
    act(() => noticeArrival(message(7)));
    act(() => vi.advanceTimersByTime(MESSAGE_NOTICE_MS - 1_000));
    act(() => noticeArrival(message(9)));
    act(() => vi.advanceTimersByTime(MESSAGE_NOTICE_MS - 1_000));
    expect(screen.getByTestId('message-notice').textContent).toContain('Hello 9');
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.queryByTestId('message-notice')).toBeNull();
  });

  it('stays while the keyboard\'s focus is on it, and goes once the focus has left', () => {
    vi.useFakeTimers();
    renderAt('/members');
    act(() => noticeArrival(message(7)));
    const close = screen.getByRole('button', { name: 'Close' });
    act(() => close.focus());
    act(() => vi.advanceTimersByTime(MESSAGE_NOTICE_MS * 2));
    expect(screen.getByTestId('message-notice').textContent).toContain('Hello 7');
    expect(document.activeElement).toBe(close);

    act(() => close.blur());
    act(() => vi.advanceTimersByTime(MESSAGE_NOTICE_HELD_CHECK_MS));
    expect(screen.queryByTestId('message-notice')).toBeNull();
  });

  it('closes with its close button', () => {
    renderAt('/members');
    act(() => noticeArrival(message(7)));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('message-notice')).toBeNull();
  });

  it('is not shown on the chat screens, which show the message themselves, nor kept for later', () => {
    renderAt('/chats');
    act(() => noticeArrival(message(7)));
    expect(screen.queryByTestId('message-notice')).toBeNull();
    expect(appStore.get(messageNoticeAtom)).toBeNull();
  });

  it('is shown in another member\'s chat on a phone, where the list is not on screen', () => {
    renderAt('/chats/99');
    act(() => noticeArrival(message(7)));
    expect(screen.getByTestId('message-notice').textContent).toContain('Hello 7');
    fireEvent.click(screen.getByRole('link'));
    expect(screen.getByTestId('where').textContent).toBe('/chats/40');
  });

  it('is not shown in the sender\'s own chat on a phone, by conversation or by profile', () => {
    for (const path of ['/chats/40', `/members/${BEN}/chat`]) {
      renderAt(path);
      act(() => noticeArrival(message(7)));
      expect(screen.queryByTestId('message-notice')).toBeNull();
      expect(appStore.get(messageNoticeAtom)).toBeNull();
      cleanup();
    }
  });

  it('is not shown in a chat on a desktop, where the list beside shows the message', () => {
    const matchMedia = vi.fn(() => ({ matches: true, addEventListener() {}, removeEventListener() {} }));
    vi.stubGlobal('matchMedia', matchMedia);
    try {
      renderAt('/chats/99');
      act(() => noticeArrival(message(7)));
      expect(matchMedia).toHaveBeenCalledWith('(min-width: 900px)');
      expect(screen.queryByTestId('message-notice')).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('waits for the list to know a new chat, and is not shown for a blocked one', () => {
    appStore.set(chatEntriesAtom, new Map());
    renderAt('/members');
    act(() => noticeArrival(message(7)));
    expect(screen.queryByTestId('message-notice')).toBeNull();
    act(() => appStore.set(chatEntriesAtom, new Map([[BEN, entry()]])));
    expect(screen.getByTestId('message-notice').textContent).toContain('Hello 7');

    act(() => appStore.set(chatEntriesAtom, new Map([[BEN, entry({ blocked_by_me: true })]])));
    expect(screen.queryByTestId('message-notice')).toBeNull();
    // nor for one whose member has blocked this one
    act(() => appStore.set(chatEntriesAtom, new Map([[BEN, entry({ blocked_me: true })]])));
    expect(screen.queryByTestId('message-notice')).toBeNull();
  });

  it('is not raised by the member\'s own message from another tab, nor in a hidden tab', () => {
    renderAt('/members');
    act(() => noticeArrival(message(7, ME)));
    expect(screen.queryByTestId('message-notice')).toBeNull();
    setVisibility('hidden');
    act(() => noticeArrival(message(8)));
    expect(screen.queryByTestId('message-notice')).toBeNull();
  });
});

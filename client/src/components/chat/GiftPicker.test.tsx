// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GiftDto } from '@shared/api/chats.js';
import en from '../../i18n/messages/en.json';
import chat from '../../i18n/messages/chat/en.json';
import { GiftPicker } from './GiftPicker.js';

// The catalogue request, answered as each test says.
const fetchGifts = vi.fn<() => Promise<GiftDto[]>>();
vi.mock('../../api/chats.js', () => ({ fetchGifts: () => fetchGifts() }));

afterEach(() => {
  cleanup();
  fetchGifts.mockReset();
});

function picker(open: boolean, credits = 20) {
  return (
    <IntlProvider locale="en" messages={{ ...en, ...chat }}>
      <MemoryRouter>
        <GiftPicker open={open} credits={credits} onClose={() => undefined} onPick={() => undefined} />
      </MemoryRouter>
    </IntlProvider>
  );
}

const ROSE: GiftDto = { id: 'rose', emoji: '🌹', credits: 5 };

describe('the gift picker after the catalogue failed to load once', () => {
  it('opened again with the network back, shows the gifts without the old "could not load" notice', async () => {
    fetchGifts.mockRejectedValueOnce(new Error('offline'));
    const view = render(picker(true));
    expect(await screen.findByText(chat['chat.loadFailed'])).toBeTruthy();

    // The member closes the sheet and opens it again once back online.
    view.rerender(picker(false));
    fetchGifts.mockResolvedValueOnce([ROSE]);
    view.rerender(picker(true));
    expect(await screen.findByTestId('gift-rose')).toBeTruthy();
    expect(screen.queryByText(chat['chat.loadFailed'])).toBeNull();
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
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

function picker(open: boolean, credits = 20, onPick: (gift: GiftDto) => void = () => undefined) {
  return (
    <IntlProvider locale="en" messages={{ ...en, ...chat }}>
      <MemoryRouter>
        <GiftPicker open={open} credits={credits} onClose={() => undefined} onPick={onPick} />
      </MemoryRouter>
    </IntlProvider>
  );
}

const ROSE: GiftDto = { id: 'rose', emoji: '🌹', credits: 5 };
const TEDDY: GiftDto = { id: 'teddy', emoji: '🧸', credits: 20 };

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

describe('the gift picker keeps its catalogue current', () => {
  it('a catalogue that failed to load offers Try again, which loads it without closing the sheet', async () => {
    fetchGifts.mockRejectedValueOnce(new Error('offline'));
    render(picker(true));
    const tryAgain = await screen.findByRole('button', { name: chat['chat.tryAgain'] });
    fetchGifts.mockResolvedValueOnce([ROSE]);
    fireEvent.click(tryAgain);
    expect(await screen.findByTestId('gift-rose')).toBeTruthy();
    expect(screen.queryByText(chat['chat.loadFailed'])).toBeNull();
    expect(screen.queryByRole('button', { name: chat['chat.tryAgain'] })).toBeNull();
  });

  it('each opening asks for the catalogue again: a price the operator changed shows without a reload', async () => {
    fetchGifts.mockResolvedValueOnce([ROSE]);
    const view = render(picker(true));
    expect((await screen.findByTestId('gift-rose')).textContent).toContain('5 credits');
    view.rerender(picker(false));
    fetchGifts.mockResolvedValueOnce([{ ...ROSE, credits: 8 }]);
    view.rerender(picker(true));
    await vi.waitFor(() => expect(screen.getByTestId('gift-rose').textContent).toContain('8 credits'));
  });

  it('a refresh that fails keeps showing the catalogue it had, with no error', async () => {
    fetchGifts.mockResolvedValueOnce([ROSE]);
    const view = render(picker(true));
    await screen.findByTestId('gift-rose');
    view.rerender(picker(false));
    fetchGifts.mockRejectedValueOnce(new Error('offline'));
    view.rerender(picker(true));
    await vi.waitFor(() => expect(fetchGifts).toHaveBeenCalledTimes(2));
    await Promise.resolve();
    expect(screen.getByTestId('gift-rose')).toBeTruthy();
    expect(screen.queryByText(chat['chat.loadFailed'])).toBeNull();
  });
});

describe('what a gift costs against the balance', () => {
  it('a gift that costs exactly the balance can be sent', async () => {
    fetchGifts.mockResolvedValueOnce([ROSE]);
    const onPick = vi.fn();
    render(picker(true, 5, onPick));
    const rose = (await screen.findByTestId('gift-rose')) as HTMLButtonElement;
    expect(rose.disabled).toBe(false);
    fireEvent.click(rose);
    expect(onPick).toHaveBeenCalledWith(ROSE);
    expect(screen.queryByTestId('gift-credits')).toBeNull();
  });

  it('one gift out of reach is greyed, the others stay, and Buy credits is offered', async () => {
    fetchGifts.mockResolvedValueOnce([ROSE, TEDDY]);
    render(picker(true, 10));
    expect(((await screen.findByTestId('gift-teddy')) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('gift-rose') as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByTestId('gift-credits').textContent).toContain('Buy credits');
  });
});

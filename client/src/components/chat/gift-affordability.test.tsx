// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GiftDto } from '@shared/api/chats.js';
import en from '../../i18n/messages/en.json';
import chat from '../../i18n/messages/chat/en.json';
import { GiftPicker } from './GiftPicker.js';

const fetchGifts = vi.fn<() => Promise<GiftDto[]>>();
vi.mock('../../api/chats.js', () => ({ fetchGifts: () => fetchGifts() }));

afterEach(() => {
  cleanup();
  fetchGifts.mockReset();
});

const ROSE: GiftDto = { id: 'rose', emoji: '🌹', credits: 5 };
const TEDDY: GiftDto = { id: 'teddy', emoji: '🧸', credits: 20 };

function picker(credits: number, onPick: (gift: GiftDto) => void = () => undefined) {
  render(
    <IntlProvider locale="en" messages={{ ...en, ...chat }}>
      <MemoryRouter>
        <GiftPicker open credits={credits} onClose={() => undefined} onPick={onPick} />
      </MemoryRouter>
    </IntlProvider>,
  );
}

describe('what a gift costs against the balance', () => {
  it('a gift that costs exactly the balance can be sent', async () => {
    fetchGifts.mockResolvedValueOnce([ROSE]);
    const onPick = vi.fn();
    picker(5, onPick);
    const rose = (await screen.findByTestId('gift-rose')) as HTMLButtonElement;
    expect(rose.disabled).toBe(false);
    fireEvent.click(rose);
    expect(onPick).toHaveBeenCalledWith(ROSE);
    expect(screen.queryByTestId('gift-credits')).toBeNull();
  });

  it('one gift out of reach is greyed, the others stay, and Buy credits is offered', async () => {
    fetchGifts.mockResolvedValueOnce([ROSE, TEDDY]);
    picker(10);
    expect(((await screen.findByTestId('gift-teddy')) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('gift-rose') as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByTestId('gift-credits').textContent).toContain('Buy credits');
  });
});

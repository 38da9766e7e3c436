// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../i18n/messages/en.json';
import { Provider, createStore } from '../../state/jotai.js';
import { ResetPasswordDoPage, ResetPasswordPage } from './PasswordResetPages.js';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderAt(path: string, page: React.ReactNode) {
  render(
    <Provider store={createStore()}>
      <IntlProvider locale="en" messages={en}>
        <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
      </IntlProvider>
    </Provider>,
  );
}

describe('the password reset pages', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    cleanup();
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  const typePasswords = (password: string, confirmation = password) => {
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: password } });
    fireEvent.change(screen.getByLabelText('Repeat the new password'), { target: { value: confirmation } });
  };

  it('says a new password left empty is missing, not too short, and asks the server nothing', async () => {
    renderAt('/reset-password/do?token=abc', <ResetPasswordDoPage />);
    typePasswords('');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save password' })));
    expect(screen.getByText('Please enter your password.')).toBeTruthy();
    expect(screen.queryByText('Password must be 8 to 128 characters.')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('counts characters as the server does: 8 emoji are long enough, 7 are not', async () => {
    renderAt('/reset-password/do?token=abc', <ResetPasswordDoPage />);
    typePasswords('🙂'.repeat(7));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save password' })));
    expect(screen.getByText('Password must be 8 to 128 characters.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    fetchMock.mockResolvedValue(json(400, { error: 'link_invalid', message: 'Link expired or invalid, request a new email' }));
    typePasswords('🙂'.repeat(8));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save password' })));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Password must be 8 to 128 characters.')).toBeNull();
  });

  it('shows the address the link went to with line breaks only after its @ and before its dots', async () => {
    renderAt('/reset-password', <ResetPasswordPage />);
    fetchMock.mockResolvedValue(json(200, { ok: true }));
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: ' sophie.mueller@mail.example.com ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send link' })));
    const sent = screen.getByRole('status');
    expect(sent.textContent).toBe('We sent a link to sophie.mueller@mail.example.com. It is valid for a limited time.');
    expect(sent.querySelectorAll('wbr')).toHaveLength(4);
  });
});

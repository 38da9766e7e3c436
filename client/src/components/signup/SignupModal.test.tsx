// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../i18n/messages/en.json';
import { retryTiming } from '../../api/http.js';
import { Provider, createStore } from '../../state/jotai.js';
import { DRAFT_STORAGE_KEY, signupDraftAtom, EMPTY_DRAFT } from '../../state/signup-draft.js';
import { signupModalOpenAtom } from '../../state/ui.js';
import { userLoadedAtom } from '../../state/user.js';
import { SignupModal } from './SignupModal.js';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderModal(draft = EMPTY_DRAFT) {
  const store = createStore();
  store.set(signupModalOpenAtom, true);
  store.set(userLoadedAtom, true);
  store.set(signupDraftAtom, draft);
  render(
    <Provider store={store}>
      <IntlProvider locale="en" messages={en}>
        <MemoryRouter>
          <SignupModal />
        </MemoryRouter>
      </IntlProvider>
    </Provider>,
  );
  return store;
}

const ready = { step: 4, gender: 'female' as const, seeking: 'male' as const, date_of_birth: '1990-02-03', name: 'Sophie', email: 'sophie@example.com', signup_message: 'Hello' };

/** Opens the password step of a filled draft, types a password, continues and creates the account. */
async function submitFromPasswordStep() {
  renderModal({ ...ready, step: 3 });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'super-secret-1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));
  });
}

describe('SignupModal', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    retryTiming.baseMs = 0;
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('Esc closes it before the visitor starts, but not once a choice is made', () => {
    const store = renderModal();
    fireEvent.click(screen.getByLabelText(/Woman/));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(store.get(signupModalOpenAtom)).toBe(true);
    cleanup();
    const fresh = renderModal();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(fresh.get(signupModalOpenAtom)).toBe(false);
  });

  it('the last step starts in its message box, not on Create my account', () => {
    renderModal({ ...ready, step: 3 });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'super-secret-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('button', { name: 'Create my account' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /message/i }));
  });

  it('keeps the draft in sessionStorage but never the password', () => {
    renderModal({ ...ready, step: 3 });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'super-secret-1' } });
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'new@example.com' } });
    const stored = sessionStorage.getItem(DRAFT_STORAGE_KEY)!;
    expect(stored).toContain('new@example.com');
    expect(stored).not.toContain('super-secret-1');
  });

  it('a server field error sends the visitor back to that step with the typed value kept', async () => {
    fetchMock.mockImplementation(async () => json(400, { error: 'username_invalid', message: 'x', fields: { name: 'username_invalid' } }));
    await submitFromPasswordStep();
    await screen.findByText('This username is not allowed.');
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('Sophie');
    const body = JSON.parse(String(fetchMock.mock.calls[0]![1]!.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ email: 'sophie@example.com', name: 'Sophie', password: 'super-secret-1', gender: 'female', seeking: 'male', date_of_birth: '1990-02-03' });
  });

  // The notice replaces the form whose button had the focus: the notice's action takes it (it fell
  // to the page's body), with the notice read as its description.
  it.each([
    ['account_exists', 409, 'link', 'Log in', 'You already have an account, please log in.'],
    ['account_pending_deletion', 409, 'link', 'Log in', 'This account is scheduled for deletion. Log in to reactivate it and keep your profile.'],
    ['signups_closed', 403, 'button', 'Got it', 'Sign-up on this website is by invitation only.'],
  ] as const)('the %s notice gives the focus to its action', async (code, status, role, name, text) => {
    fetchMock.mockImplementation(async () => json(status, { error: code, message: 'x' }));
    await submitFromPasswordStep();
    const notice = (await screen.findByText(text)).closest<HTMLElement>('.notice')!;
    const action = within(notice).getByRole(role, { name });
    expect(document.activeElement).toBe(action);
    expect(action.getAttribute('aria-describedby')).toBe(screen.getByText(text).id);
  });

  it('after sign-up, says where the confirmation went, the address breaking only after its @ and before its dots', async () => {
    fetchMock.mockImplementation(async () => json(201, { user: { id: 7, email: 'sophie.mueller@mail.example.com', status: 'not_confirmed' } }));
    await submitFromPasswordStep();
    const text = await screen.findByText(/^Almost done!/);
    expect(text.textContent).toBe('Almost done! We sent a confirmation link to sophie.mueller@mail.example.com. Click it to activate your profile.');
    expect(text.querySelectorAll('wbr')).toHaveLength(4);
  });

  it('invite-only sites show the notice instead of the steps', async () => {
    fetchMock.mockImplementation(async () => json(403, { error: 'signups_closed', message: 'x' }));
    await submitFromPasswordStep();
    await screen.findByText('Sign-up on this website is by invitation only.');
  });

  it('the invite-only notice names its two ways out apart: the × Close, the action Got it, which closes it too', async () => {
    fetchMock.mockImplementation(async () => json(403, { error: 'signups_closed', message: 'x' }));
    const store = renderModal({ ...ready, step: 3 });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'super-secret-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    });
    await screen.findByText('Sign-up on this website is by invitation only.');
    const dialog = screen.getByRole('dialog');
    // A screen reader's list of buttons read "Close, Close".
    expect(within(dialog).getAllByRole('button').map((b) => b.getAttribute('aria-label') ?? b.textContent)).toEqual(['Close', 'Got it']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Got it' }));
    expect(store.get(signupModalOpenAtom)).toBe(false);
  });
});

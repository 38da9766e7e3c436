// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserDto } from '@shared/api/user.js';
import en from '../i18n/messages/en.json';
import { countsAtom } from '../state/counts.js';
import { Provider, createStore } from '../state/jotai.js';
import { userAtom, userLoadedAtom } from '../state/user.js';
import { TopNav } from './TopNav.js';

const member = (overrides: Partial<UserDto> = {}): UserDto => ({
  id: 1,
  email: 'sophie@example.com',
  status: 'active',
  credits: 20,
  credits_version: 1,
  paid_user: false,
  notifications_disabled: [],
  signup_date: '2025-01-01T00:00:00Z',
  fictional_icon: false,
  language: 'en',
  invisible: false,
  logged_in: true,
  profile: { id: 1, name: 'Sophie', country: 'NL', status: 'active', main_image: null },
  ...overrides,
});

function renderNav(user: UserDto | null, counts = { total_unread: 0, total_new_likes: 0, badge: 0, version: 0 }, path = '/members') {
  const store = createStore();
  store.set(userAtom, user);
  store.set(userLoadedAtom, true);
  store.set(countsAtom, counts);
  return render(
    <Provider store={store}>
      <IntlProvider locale="en" messages={en}>
        <MemoryRouter initialEntries={[path]}>
          <TopNav />
        </MemoryRouter>
      </IntlProvider>
    </Provider>,
  );
}

afterEach(cleanup);

describe('TopNav', () => {
  it('logged out: a Login button and no member links', () => {
    renderNav(null, undefined, '/');
    expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
  });

  it('caps the Messages and Likes badges at 99+', () => {
    renderNav(member(), { total_unread: 150, total_new_likes: 7, badge: 157, version: 0 });
    expect(screen.getByLabelText('150 unread messages').textContent).toBe('99+');
    expect(screen.getByLabelText('7 new likes').textContent).toBe('7');
  });

  // The app badge and the title add the likes in; the Messages link counts messages only.
  it('counts unread messages alone on Messages, and new likes alone on Likes', () => {
    renderNav(member(), { total_unread: 3, total_new_likes: 2, badge: 5, version: 0 });
    expect(screen.getByLabelText('3 unread messages').textContent).toBe('3');
    expect(screen.getByLabelText('2 new likes').textContent).toBe('2');
  });

  it('free members see Get Premium, paid members Credits', () => {
    renderNav(member({ paid_user: false }));
    expect(screen.getByRole('link', { name: /Get Premium/ })).toBeTruthy();
    cleanup();
    renderNav(member({ paid_user: true, credits: 500 }));
    expect(screen.getByRole('link', { name: /Credits/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Get Premium/ })).toBeNull();
  });

  it('credits badge: warning at 10 or fewer, danger at 0, none above 10', () => {
    renderNav(member({ paid_user: true, credits: 3 }));
    expect(screen.getByLabelText('3 credits left').className).toContain('badge-warning');
    cleanup();
    renderNav(member({ paid_user: true, credits: 0 }));
    expect(screen.getByLabelText('0 credits left').className).toContain('badge-danger');
    cleanup();
    renderNav(member({ paid_user: true, credits: 11 }));
    expect(screen.queryByLabelText(/credits left/)).toBeNull();
  });

  it('hides the dropdowns on complete-signup', () => {
    renderNav(member(), undefined, '/complete-signup');
    expect(screen.queryByRole('button', { name: /Account menu/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Language/ })).toBeNull();
  });
});

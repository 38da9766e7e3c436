// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countsAtom } from '../state/counts.js';
import type { UserDto } from '@shared/api/user.js';
import { Provider, createStore } from '../state/jotai.js';
import { userAtom, userLoadedAtom } from '../state/user.js';
import { AppBadgeSync } from './AppBadgeSync.js';

const counts = (badge: number) => ({ total_unread: badge, total_new_likes: 0, badge, version: 0 });
const nav = navigator;

function mount(badge: number) {
  const store = createStore();
  store.set(countsAtom, counts(badge));
  store.set(userAtom, { id: 1 } as UserDto);
  store.set(userLoadedAtom, true);
  render(
    <Provider store={store}>
      <AppBadgeSync />
    </Provider>,
  );
  return store;
}

beforeEach(() => {
  Reflect.deleteProperty(nav, 'setAppBadge');
  Reflect.deleteProperty(nav, 'clearAppBadge');
});
afterEach(cleanup);

describe('the app badge', () => {
  it('shows unread messages plus new likes on the installed app, and clears at zero', () => {
    const setAppBadge = vi.fn(async () => undefined);
    const clearAppBadge = vi.fn(async () => undefined);
    Object.assign(nav, { setAppBadge, clearAppBadge });
    const store = mount(4);
    expect(setAppBadge).toHaveBeenLastCalledWith(4);
    act(() => store.set(countsAtom, counts(0)));
    expect(clearAppBadge).toHaveBeenCalledTimes(1);
  });

  it('shows a single unread message as 1, not as nothing', () => {
    const setAppBadge = vi.fn(async () => undefined);
    const clearAppBadge = vi.fn(async () => undefined);
    Object.assign(nav, { setAppBadge, clearAppBadge });
    mount(1);
    expect(setAppBadge).toHaveBeenLastCalledWith(1);
    expect(clearAppBadge).not.toHaveBeenCalled();
  });

  it('clears once no member is logged in: the icon outlives the page', () => {
    const setAppBadge = vi.fn(async () => undefined);
    const clearAppBadge = vi.fn(async () => undefined);
    Object.assign(nav, { setAppBadge, clearAppBadge });
    const store = mount(4);
    act(() => store.set(userAtom, null));
    expect(clearAppBadge).toHaveBeenCalledTimes(1);
  });

  it('ignores a browser that refuses the badge, by a rejected promise or a throw, or has none', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      Object.assign(nav, { setAppBadge: vi.fn(async () => Promise.reject(new DOMException('not allowed', 'NotAllowedError'))) });
      const store = mount(2);
      Object.assign(nav, {
        setAppBadge: vi.fn(() => {
          throw new TypeError('Illegal invocation');
        }),
      });
      act(() => store.set(countsAtom, counts(3)));
      Reflect.deleteProperty(nav, 'setAppBadge');
      act(() => store.set(countsAtom, counts(5)));
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});

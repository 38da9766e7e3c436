// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SiteSettings } from '../api/settings.js';
import { countsAtom } from '../state/counts.js';
import { Provider, createStore } from '../state/jotai.js';
import { settingsAtom } from '../state/settings.js';
import { screenTitleAtom } from './page-title.js';
import { TitleSync } from './TitleSync.js';

afterEach(cleanup);

const counts = (unread: number, likes: number) => ({ total_unread: unread, total_new_likes: likes, badge: unread + likes, version: 0 });

describe('the tab title', () => {
  it('begins with the unread messages and new likes, and follows them down to no prefix', () => {
    const store = createStore();
    store.set(settingsAtom, { name: 'Amora' } as SiteSettings);
    store.set(screenTitleAtom, 'Messages');
    store.set(countsAtom, counts(2, 1));
    render(
      <Provider store={store}>
        <TitleSync />
      </Provider>,
    );
    expect(document.title).toBe('(3) Messages · Amora');
    act(() => store.set(countsAtom, counts(5, 1)));
    expect(document.title).toBe('(6) Messages · Amora');
    act(() => store.set(countsAtom, counts(0, 0)));
    expect(document.title).toBe('Messages · Amora');
  });

  it('keeps the site title the server\'s page came with until the settings load, not the name in between', () => {
    document.title = 'Other Site: dates & more';
    localStorage.setItem('site-name', 'Other Site');
    const store = createStore();
    render(
      <Provider store={store}>
        <TitleSync />
      </Provider>,
    );
    expect(document.title).toBe('Other Site: dates & more');
    act(() => store.set(settingsAtom, { name: 'Other Site', index_title: 'Other Site: dates & more' } as SiteSettings));
    expect(document.title).toBe('Other Site: dates & more');
    localStorage.clear();
  });
});

// @vitest-environment jsdom
/**
 * A white-label site's name shows from the first paint: before the settings load, the header
 * shows the name this site's settings had last time (localStorage is per origin, so per site),
 * not the build's default brand that then flips to the site's own.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { SiteSettings } from '../api/settings.js';
import { Logo } from '../components/Logo.js';
import { Provider, createStore } from './jotai.js';
import { settingsAtom } from './settings.js';
import { siteNameAtom } from './site-name.js';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function renderLogo(store: ReturnType<typeof createStore>) {
  render(
    <Provider store={store}>
      <MemoryRouter>
        <Logo />
      </MemoryRouter>
    </Provider>,
  );
}

describe('the site name before the settings load', () => {
  it('is the one remembered for this site, then the one the settings bring', () => {
    localStorage.setItem('site-name', 'Other Site');
    const store = createStore();
    renderLogo(store);
    expect(screen.getByRole('link').textContent).toBe('Other Site');

    act(() => store.set(settingsAtom, { name: 'Other Site Renamed' } as SiteSettings));
    expect(screen.getByRole('link').textContent).toBe('Other Site Renamed');
  });

  it('is the default brand on a first visit', () => {
    const store = createStore();
    expect(store.get(siteNameAtom)).toBe('Amora');
  });
});

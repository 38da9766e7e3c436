// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * refreshUser decides member or visitor only from an answer: 403 is "logged out"; a network error,
 * a 503 (Redis away) or a 500 is no answer, so the first load waits on the can't-connect page and
 * retries with back-off until it gets one.
 */
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const MEMBER = { id: 7, name: 'Demo' };
const fetchMock = vi.fn<typeof fetch>();
const userCalls = () => fetchMock.mock.calls.filter(([url]) => url === '/api/user.php').length;

// Fresh modules per test: the store and the retry schedule are module singletons.
async function load() {
  vi.resetModules();
  const http = await import('../api/http.js');
  http.retryTiming.baseMs = 0;
  const boot = await import('./boot.js');
  const { appStore } = await import('../state/jotai.js');
  const user = await import('../state/user.js');
  const state = () => ({ user: appStore.get(user.userAtom), loaded: appStore.get(user.userLoadedAtom), unreachable: appStore.get(user.userUnreachableAtom) });
  return { ...boot, state };
}

describe('refreshUser', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('a 403 means logged out', async () => {
    fetchMock.mockResolvedValue(json(403, { error: 'authentication_required', authentication_required: true }));
    const { refreshUser, state } = await load();
    await refreshUser();
    expect(state()).toEqual({ user: null, loaded: true, unreachable: null });
  });

  it.each([
    ['a network error', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a 503 service_unavailable', () => Promise.resolve(json(503, { error: 'service_unavailable' }))],
    ['a 500', () => Promise.resolve(json(500, { error: 'try_later' }))],
    // Not the server's: a web filter, a CDN's firewall or a captive portal answering in its place.
    // Taken as "logged out", the member was shown the log-in page with a session that was fine.
    ['a proxy\'s 403 page', () => Promise.resolve(new Response('<html><h1>Access denied</h1></html>', { status: 403, headers: { 'Content-Type': 'text/html' } }))],
    ['a proxy\'s 401 page', () => Promise.resolve(new Response('<html><h1>Sign in to the wifi</h1></html>', { status: 401, headers: { 'Content-Type': 'text/html' } }))],
  ])('%s is not "logged out": it waits and retries, and a later success sets the member', async (_name, failure) => {
    fetchMock.mockImplementation(failure);
    const { refreshUser, state } = await load();
    await refreshUser({ retries: 0 });
    expect(state()).toEqual({ user: null, loaded: false, unreachable: 'waiting' });

    // the first automatic retry comes after 2 s and fails again: still waiting, not logged out
    await vi.advanceTimersByTimeAsync(1_999);
    expect(userCalls()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(userCalls()).toBe(2);
    expect(state()).toEqual({ user: null, loaded: false, unreachable: 'waiting' });

    // the second waits 4 s and gets through
    fetchMock.mockImplementation(() => Promise.resolve(json(200, { user: MEMBER })));
    await vi.advanceTimersByTimeAsync(4_000);
    expect(userCalls()).toBe(3);
    expect(state()).toEqual({ user: MEMBER, loaded: true, unreachable: null });
    // the settings a start without network missed are fetched again
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/settings.php'))).toBe(true);

    // and then nothing more is scheduled
    await vi.advanceTimersByTimeAsync(120_000);
    expect(userCalls()).toBe(3);
  });

  it('"Try again" and the online event retry at once', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const { refreshUser, retryUserLoadNow, state } = await load();
    await refreshUser({ retries: 0 });
    retryUserLoadNow();
    expect(state().unreachable).toBe('trying');
    await vi.advanceTimersByTimeAsync(0);
    expect(userCalls()).toBe(2);
    expect(state().unreachable).toBe('waiting');

    fetchMock.mockResolvedValue(json(200, { user: MEMBER }));
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(userCalls()).toBe(3);
    expect(state()).toEqual({ user: MEMBER, loaded: true, unreachable: null });
  });

  it('at start, a browser that says it is offline gets the can\'t-connect page after one attempt, not after api()\'s retries', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { loadUserAtStart, state } = await load();
    const loading = loadUserAtStart();
    await vi.advanceTimersByTimeAsync(0);
    expect(userCalls()).toBe(1);
    expect(state()).toEqual({ user: null, loaded: false, unreachable: 'waiting' });
    await loading;
  });

  it('at start, a browser that says it is online rides out a blip with api()\'s retries', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(json(200, { user: MEMBER }));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const { loadUserAtStart, state } = await load();
    const loading = loadUserAtStart();
    await vi.advanceTimersByTimeAsync(0);
    await loading;
    expect(userCalls()).toBe(2);
    // no can't-connect page for a blip
    expect(state()).toEqual({ user: MEMBER, loaded: true, unreachable: null });
  });

  describe('at start, on a network where requests get no answer (a stalled connection, an origin a CDN waits on)', () => {
    /** A fetch that never settles by itself, only when its signal aborts, as the browser's does. */
    const stalled = (_url: unknown, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    beforeEach(() => {
      fetchMock.mockImplementation(stalled);
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    });

    it("the can't-connect page shows within 10 s, not after six attempts of 15 s each", async () => {
      // Each attempt waited its 15 s deadline, six of them: the can't-connect page came after 98 s.
      const { loadUserAtStart, state } = await load();
      void loadUserAtStart();
      await vi.advanceTimersByTimeAsync(10_000);
      expect(state()).toEqual({ user: null, loaded: false, unreachable: 'waiting' });
    });

    it('the first render does not wait longer than that for the settings (no language cookie)', async () => {
      // It waited for them: a blank white page for 98 s.
      // The catalogue's chunk is loaded at once (it is no API call).
      vi.doMock('../i18n/change-locale.js', () => ({ activateLocale: async () => undefined }));
      try {
        const { boot } = await load();
        let rendered = false;
        void boot().then(() => (rendered = true));
        await vi.advanceTimersByTimeAsync(10_000);
        expect(rendered).toBe(true);
      } finally {
        vi.doUnmock('../i18n/change-locale.js');
      }
    });

    it('settings that missed the start come later by themselves, on a slow but working network', async () => {
      vi.doMock('../i18n/change-locale.js', () => ({ activateLocale: async () => undefined }));
      try {
        // The member's answer comes; the settings' does not, for the start's 10 s.
        fetchMock.mockImplementation((url, init) => (String(url).startsWith('/api/settings.php') ? stalled(url, init) : Promise.resolve(json(200, { user: MEMBER }))));
        const { boot } = await load();
        const { appStore } = await import('../state/jotai.js');
        const { settingsAtom } = await import('../state/settings.js');
        void boot();
        await vi.advanceTimersByTimeAsync(10_000);
        fetchMock.mockImplementation((url) => Promise.resolve(String(url).startsWith('/api/settings.php') ? json(200, { name: 'Amora' }) : json(200, { user: MEMBER })));
        // The attempt under way when the network came back waits its deadline (15 s), the next gets through.
        await vi.advanceTimersByTimeAsync(20_000);
        expect(appStore.get(settingsAtom)).toMatchObject({ name: 'Amora' });
      } finally {
        vi.doUnmock('../i18n/change-locale.js');
      }
    });

    it('a slow answer that comes in time still counts', async () => {
      fetchMock.mockImplementation(() => new Promise((resolve) => setTimeout(() => resolve(json(200, { user: MEMBER })), 6_000)));
      const { loadUserAtStart, state } = await load();
      void loadUserAtStart();
      await vi.advanceTimersByTimeAsync(6_000);
      expect(state()).toEqual({ user: MEMBER, loaded: true, unreachable: null });
    });
  });

  it('a failure after the member is known keeps the member shown', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { user: MEMBER }));
    const { refreshUser, state } = await load();
    await refreshUser();
    fetchMock.mockResolvedValue(json(500, {}));
    await refreshUser();
    expect(state()).toEqual({ user: MEMBER, loaded: true, unreachable: null });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(userCalls()).toBe(2);
  });
});

describe('the start language', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    vi.doUnmock('../i18n/change-locale.js');
    document.cookie = 'i18n_redirected=; Max-Age=0; Path=/';
  });

  const answering = (language: string) => (url: unknown) =>
    Promise.resolve(String(url).startsWith('/api/settings.php') ? json(200, { name: 'Amora', domain_language: 'de_DE' }) : json(200, { user: { ...MEMBER, language } }));

  async function languagesShown(): Promise<string[]> {
    const shown: string[] = [];
    vi.doMock('../i18n/change-locale.js', () => ({ activateLocale: async (locale: string) => void shown.push(locale) }));
    const { boot } = await load();
    await boot();
    // Each language once, in the order shown: this stand-in does not make the language current, so
    // the member's own may be asked for again after the start.
    return [...new Set(shown)];
  }

  it('of a member on a device where no language was chosen is hers from the first render, not the site’s first', async () => {
    // The page came up in German (the site's domain_language) and turned Polish a moment later.
    fetchMock.mockImplementation(answering('pl'));
    expect(await languagesShown()).toEqual(['pl']);
  });

  it('is the language chosen on this device (the cookie) before the member’s own', async () => {
    document.cookie = 'i18n_redirected=fr; Path=/';
    fetchMock.mockImplementation(answering('pl'));
    expect(await languagesShown()).toEqual(['fr']);
  });

  it('of a visitor, or of a member whose language the app does not have, is the site’s', async () => {
    fetchMock.mockImplementation(answering('xx'));
    expect(await languagesShown()).toEqual(['de']);
  });
});

describe('the site name', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    vi.doMock('../i18n/change-locale.js', () => ({ activateLocale: async () => undefined }));
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    vi.doUnmock('../i18n/change-locale.js');
    localStorage.clear();
  });

  // The next start shows it before its settings load (state/site-name.ts), not the default brand.
  it('of the settings loaded at start is remembered for the next start on this site', async () => {
    fetchMock.mockImplementation((url) =>
      Promise.resolve(String(url).startsWith('/api/settings.php') ? json(200, { name: 'Other Site', domain_language: 'en_US' }) : json(403, { error: 'authentication_required', authentication_required: true })),
    );
    const { boot } = await load();
    await boot();
    expect(localStorage.getItem('site-name')).toBe('Other Site');
  });
});

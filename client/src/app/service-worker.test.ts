// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PUSH_WORKER_URL, REGISTER_AFTER_LOAD_MS, registerServiceWorker } from './service-worker.js';

describe('service worker registration', () => {
  const register = vi.fn(() => Promise.resolve({}));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllEnvs();
    register.mockClear();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });
  const withServiceWorker = () => Object.defineProperty(navigator, 'serviceWorker', { value: { register }, configurable: true });

  it('registers /sw-push.js version 2 in a production build, a while after load, asking the server on every update check', () => {
    vi.useFakeTimers();
    vi.stubEnv('PROD', true);
    withServiceWorker();
    registerServiceWorker();
    vi.advanceTimersByTime(REGISTER_AFTER_LOAD_MS - 1);
    expect(register).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(PUSH_WORKER_URL).toBe('/sw-push.js?v=2');
    expect(register).toHaveBeenCalledWith('/sw-push.js?v=2', { updateViaCache: 'none' });
  });

  it('waits for the load event when the page is still loading', () => {
    vi.useFakeTimers();
    vi.stubEnv('PROD', true);
    withServiceWorker();
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    registerServiceWorker();
    vi.advanceTimersByTime(REGISTER_AFTER_LOAD_MS);
    expect(register).not.toHaveBeenCalled();
    readyState.mockRestore();
    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(REGISTER_AFTER_LOAD_MS);
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('registers nothing under the dev server', () => {
    vi.useFakeTimers();
    vi.stubEnv('PROD', false);
    withServiceWorker();
    registerServiceWorker();
    vi.advanceTimersByTime(REGISTER_AFTER_LOAD_MS);
    expect(register).not.toHaveBeenCalled();
  });

  it('does nothing where the browser has no service workers', () => {
    vi.stubEnv('PROD', true);
    expect(() => registerServiceWorker()).not.toThrow();
  });
});

// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PUSH_WORKER_URL, registerServiceWorker } from './service-worker.js';

describe('service worker registration', () => {
  const register = vi.fn(() => Promise.resolve({}));
  afterEach(() => {
    vi.unstubAllEnvs();
    register.mockClear();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });
  const withServiceWorker = () => Object.defineProperty(navigator, 'serviceWorker', { value: { register }, configurable: true });

  it('registers /sw-push.js version 2 in a production build, asking the server on every update check', () => {
    vi.stubEnv('PROD', true);
    withServiceWorker();
    registerServiceWorker();
    expect(PUSH_WORKER_URL).toBe('/sw-push.js?v=2');
    expect(register).toHaveBeenCalledWith('/sw-push.js?v=2', { updateViaCache: 'none' });
  });

  it('registers nothing under the dev server', () => {
    vi.stubEnv('PROD', false);
    withServiceWorker();
    registerServiceWorker();
    expect(register).not.toHaveBeenCalled();
  });

  it('does nothing where the browser has no service workers', () => {
    vi.stubEnv('PROD', true);
    expect(() => registerServiceWorker()).not.toThrow();
  });
});

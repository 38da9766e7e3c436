// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, reloadForChunkError } from './chunk-reload.js';

describe('chunk-load failure', () => {
  afterEach(() => {
    sessionStorage.clear();
    vi.unstubAllGlobals();
  });

  it('recognises the browsers’ dynamic import errors only', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads at most once a minute', () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const t0 = Date.parse('2025-01-01T10:00:00Z');
    expect(reloadForChunkError(t0)).toBe(true);
    expect(reloadForChunkError(t0 + 30_000)).toBe(false);
    expect(reloadForChunkError(t0 + 61_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});

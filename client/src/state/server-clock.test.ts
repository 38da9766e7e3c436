import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api/http.js';
import { forgetServerClock, noteServerDate, serverNow, serverOffset } from './server-clock.js';

const SERVER_NOW = Date.UTC(2026, 11, 2, 9, 30, 0, 400);
const DEVICE_AHEAD_MS = 3 * 3_600_000;

afterEach(() => {
  forgetServerClock();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the server\'s time on a device whose clock is wrong', () => {
  it('is the device\'s own until an API answer said otherwise', () => {
    expect(serverOffset()).toBe(0);
  });

  it('comes from the Date header of API answers, to within a second', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(SERVER_NOW + DEVICE_AHEAD_MS);
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 200, headers: { Date: new Date(SERVER_NOW).toUTCString() } })));
    await api('/api/settings.php');
    expect(Math.abs(serverNow() - SERVER_NOW)).toBeLessThanOrEqual(1_000);
  });

  it('narrows down with each answer, and starts again when the device clock was set meanwhile', () => {
    // Two answers, each bounding the offset to a second: together to half of one.
    noteServerDate(new Date(SERVER_NOW - 400).toUTCString(), SERVER_NOW - 10_000, SERVER_NOW - 10_000);
    noteServerDate(new Date(SERVER_NOW + 100).toUTCString(), SERVER_NOW + 100 - 500, SERVER_NOW + 100 - 500);
    expect(serverOffset()).toBeGreaterThanOrEqual(0);
    expect(serverOffset()).toBeLessThanOrEqual(1_000);
    // The member sets the device an hour back: the next answer alone counts.
    noteServerDate(new Date(SERVER_NOW + 5_000).toUTCString(), SERVER_NOW + 5_000 - 3_600_000, SERVER_NOW + 5_000 - 3_600_000);
    expect(Math.abs(serverOffset() - 3_600_000)).toBeLessThanOrEqual(1_000);
  });

  it('ignores an answer without a readable Date header', () => {
    noteServerDate(null, 0, 0);
    noteServerDate('not a date', 0, 0);
    expect(serverOffset()).toBe(0);
  });
});

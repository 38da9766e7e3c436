import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserDto } from '@shared/api/user.js';
import { appStore } from '../state/jotai.js';
import { userAtom } from '../state/user.js';
import { sessionEnded } from './session-ended.js';

describe('a session that ended', () => {
  const navigate = vi.fn<(path: string) => void>();
  const load = vi.fn<(path: string) => void>();
  beforeEach(() => {
    navigate.mockReset();
    load.mockReset();
  });

  it("loads the log-in page afresh in a member's tab, so nothing of theirs stays for the next member", () => {
    appStore.set(userAtom, { id: 7, credits: 10, credits_version: 1 } as UserDto);
    sessionEnded(navigate, load);
    expect(load).toHaveBeenCalledWith('/login');
    expect(navigate).not.toHaveBeenCalled();
  });

  it("navigates a visitor's tab to the log-in page without a reload", () => {
    appStore.set(userAtom, null);
    sessionEnded(navigate, load);
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(load).not.toHaveBeenCalled();
  });
});

describe('a session that this tab is logging out of', () => {
  it('leaves the tab to the log-out, which goes to the root path: the end it sets off (the socket closed and refused, a 403) is no reason for the log-in page', async () => {
    const { sessionEnded: ended, loggingOutHere } = await import('./session-ended.js');
    const navigate = vi.fn<(path: string) => void>();
    const load = vi.fn<(path: string) => void>();
    appStore.set(userAtom, { id: 7, credits: 10, credits_version: 1 } as UserDto);
    loggingOutHere();
    ended(navigate, load);
    expect(load).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe("a session another tab is logging out of", () => {
  it('stands aside only for a bounded time: that tab may close before it says the log-out is done, and a later refusal is a session that ended', async () => {
    vi.resetModules();
    vi.useFakeTimers({ now: new Date('2026-11-30T12:00:00Z') });
    try {
      const { sessionEnded: ended, loggingOutHere } = await import('./session-ended.js');
      const { appStore: store } = await import('../state/jotai.js');
      const { userAtom: user } = await import('../state/user.js');
      const load = vi.fn<(path: string) => void>();
      store.set(user, { id: 7, credits: 10, credits_version: 1 } as UserDto);
      loggingOutHere(15_000);
      vi.setSystemTime(new Date('2026-11-30T12:00:14Z'));
      ended(() => undefined, load);
      expect(load).not.toHaveBeenCalled();
      vi.setSystemTime(new Date('2026-11-30T12:00:16Z'));
      ended(() => undefined, load);
      expect(load).toHaveBeenCalledWith('/login');
    } finally {
      vi.useRealTimers();
    }
  });
});

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

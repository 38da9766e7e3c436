// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserDto } from '@shared/api/user.js';

vi.mock('./change-locale.js', () => ({ activateLocale: vi.fn(async () => undefined) }));
const { activateLocale } = await import('./change-locale.js');
const { followAccountLanguage } = await import('./account-language.js');
const { appStore } = await import('../state/jotai.js');
const { localeAtom } = await import('../state/locale.js');
const { userAtom } = await import('../state/user.js');

const member = (language: string) => ({ id: 7, language }) as UserDto;
const clearCookies = () => document.cookie.split('; ').forEach((c) => (document.cookie = `${c.split('=')[0]}=; Max-Age=0; Path=/`));

describe('the member’s own language', () => {
  let stop: () => void;
  beforeEach(() => {
    clearCookies();
    appStore.set(userAtom, null);
    appStore.set(localeAtom, 'en');
    vi.mocked(activateLocale).mockClear();
  });
  afterEach(() => stop());

  it('is shown once the member logs in on a device where no language was chosen', () => {
    stop = followAccountLanguage();
    expect(activateLocale).not.toHaveBeenCalled();
    appStore.set(userAtom, member('pl'));
    expect(activateLocale).toHaveBeenCalledWith('pl');
  });

  it('is shown at start when the member is already known', () => {
    appStore.set(userAtom, member('de'));
    stop = followAccountLanguage();
    expect(activateLocale).toHaveBeenCalledWith('de');
  });

  it('gives way to a language chosen on this device (the cookie), and to nothing it cannot show', () => {
    document.cookie = 'i18n_redirected=fr; Path=/';
    stop = followAccountLanguage();
    appStore.set(userAtom, member('pl'));
    clearCookies();
    appStore.set(userAtom, member('xx'));
    appStore.set(userAtom, member('en'));
    expect(activateLocale).not.toHaveBeenCalled();
  });
});

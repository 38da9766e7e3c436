/**
 * The member's own language, once the member is known, on a device where no language was chosen
 * (no cookie). They chose it in the dropdown on some device, which saved it to the account
 * (PUT /api/user.php), or signed up in it; logging in on a new phone showed the site's language.
 * A cookie, a choice made on this device, wins. Without a member, domain_language decides as before.
 */
import { isLocale } from '@shared/rules/language-visibility.js';
import { appStore } from '../state/jotai.js';
import { localeAtom } from '../state/locale.js';
import { userAtom } from '../state/user.js';
import { activateLocale } from './change-locale.js';
import { readLanguageCookie } from './cookie.js';

/** Shows the member's language now and whenever the member changes (log-in); returns the unsubscribe. */
export function followAccountLanguage(): () => void {
  const apply = () => {
    const language = appStore.get(userAtom)?.language;
    if (!isLocale(language) || language === appStore.get(localeAtom) || readLanguageCookie() !== null) return;
    void activateLocale(language);
  };
  apply();
  return appStore.sub(userAtom, apply);
}

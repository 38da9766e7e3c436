import { LOCALE_INFO, LOCALES } from '@shared/constants.js';
import { ComingSoon, ScreenFrame } from '../../components/ScreenFrame.js';
import { chooseLocale } from '../../i18n/change-locale.js';
import { useT } from '../../i18n/use-t.js';
import { useAtomValue } from '../../state/jotai.js';
import { localeAtom } from '../../state/locale.js';

export function SettingsPage() {
  const t = useT();
  return (
    <ScreenFrame title={t('settings.title')}>
      <ComingSoon icon="settings" text={t('settings.coming')} />
    </ScreenFrame>
  );
}

export function NotificationsPage() {
  const t = useT();
  return (
    <ScreenFrame title={t('notifications.title')}>
      <ComingSoon icon="bell" text={t('notifications.coming')} />
    </ScreenFrame>
  );
}

/** /lang-config: every language, also those the dropdown hides for the visitor's country. */
export function LanguageConfigPage() {
  const t = useT();
  const locale = useAtomValue(localeAtom);
  return (
    <ScreenFrame title={t('langConfig.title')} subtitle={t('langConfig.subtitle')} narrow>
      <div className="language-list card" role="radiogroup" aria-label={t('langConfig.title')}>
        {LOCALES.map((l) => (
          <button key={l} type="button" role="radio" aria-checked={l === locale} lang={l} className={`language-option${l === locale ? ' language-option-current' : ''}`} onClick={() => void chooseLocale(l)}>
            <span className="language-code">{l.toUpperCase()}</span>
            {LOCALE_INFO[l].nativeName}
          </button>
        ))}
      </div>
    </ScreenFrame>
  );
}

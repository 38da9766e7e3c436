import { LOCALE_INFO, type Locale } from '@shared/constants.js';
import { visibleLanguages } from '@shared/rules/language-visibility.js';
import { chooseLocale } from '../i18n/change-locale.js';
import { useT } from '../i18n/use-t.js';
import { useAtomValue } from '../state/jotai.js';
import { localeAtom } from '../state/locale.js';
import { settingsAtom } from '../state/settings.js';
import { Dropdown } from './Dropdown.js';
import { Icon } from './Icon.js';

/** Languages of the visitor's country plus the current and browser language (spec section 9). */
export function LanguageDropdown() {
  const t = useT();
  const locale = useAtomValue(localeAtom);
  const settings = useAtomValue(settingsAtom);
  const languages = visibleLanguages(settings?.geoip_selected_country, locale, navigator.language);
  return (
    <Dropdown
      className="language-dropdown"
      toggleLabel={t('nav.language', { language: LOCALE_INFO[locale].nativeName })}
      toggle={
        <>
          <Icon name="globe" />
          <span className="language-code">{locale.toUpperCase()}</span>
          <Icon name="chevronDown" size={16} />
        </>
      }
    >
      {(close) =>
        languages.map((l: Locale) => (
          <button
            key={l}
            type="button"
            role="menuitemradio"
            aria-checked={l === locale}
            lang={l}
            className="dropdown-item"
            data-locale={l}
            onClick={() => {
              close();
              void chooseLocale(l);
            }}
          >
            <span className="language-code">{l.toUpperCase()}</span>
            {LOCALE_INFO[l].nativeName}
            {l === locale && <Icon name="check" size={16} />}
          </button>
        ))
      }
    </Dropdown>
  );
}

import { useT } from '../i18n/use-t.js';
import { useAtomValue } from '../state/jotai.js';
import { settingsAtom } from '../state/settings.js';

/** Adults-only notice and, when the site uses them, the fictional-profiles notice of the settings. */
export function Disclaimer() {
  const t = useT();
  const settings = useAtomValue(settingsAtom);
  return (
    <aside className="disclaimer container" aria-label={t('disclaimer.label')}>
      <p>
        <strong>18+</strong> {t('disclaimer.adults')}
      </p>
      {settings?.fictional_warning && <p>{settings.fictional_warning}</p>}
    </aside>
  );
}

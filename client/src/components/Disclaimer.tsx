import { useT } from '../i18n/use-t.js';
import { useAtomValue } from '../state/jotai.js';
import { settingsAtom } from '../state/settings.js';

/**
 * Adults-only notice and, when the site sets a fictional warning, the fictional-profiles notice.
 * The settings text exists in one language only, so the notice comes from the translated catalogue.
 */
export function Disclaimer() {
  const t = useT();
  const settings = useAtomValue(settingsAtom);
  return (
    <aside className="disclaimer container" aria-label={t('disclaimer.label')}>
      <p>
        <strong>18+</strong> {t('disclaimer.adults')}
      </p>
      {settings?.fictional_warning && <p>{t('disclaimer.fictional')}</p>}
    </aside>
  );
}

import { useT } from '../i18n/use-t.js';

/** `delayed`: shows only after a moment, for waits that are usually too short to mention. */
export function Spinner({ block = false, delayed = false }: { block?: boolean; delayed?: boolean }) {
  const t = useT();
  return (
    <div className={`${block ? 'spinner-block' : 'spinner-inline'}${delayed ? ' spinner-delayed' : ''}`} role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}

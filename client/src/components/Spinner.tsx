import { useT } from '../i18n/use-t.js';

export function Spinner({ block = false }: { block?: boolean }) {
  const t = useT();
  return (
    <div className={block ? 'spinner-block' : 'spinner-inline'} role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}

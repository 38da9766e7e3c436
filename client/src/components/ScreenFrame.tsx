import type { ReactNode } from 'react';
import { usePageTitle } from '../app/page-title.js';
import { useT } from '../i18n/use-t.js';
import type { IconName } from './Icon.js';
import { Illustration } from './Illustration.js';

interface ScreenFrameProps {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
  children?: ReactNode;
  narrow?: boolean;
}

/** Page heading + content column shared by the screens of the default layout. */
export function ScreenFrame({ title, subtitle, actions, children, narrow = false }: ScreenFrameProps) {
  usePageTitle(title);
  return (
    <div className={`screen container${narrow ? ' screen-narrow' : ''}`}>
      <div className="screen-header">
        <div>
          <h1 className="screen-title">{title}</h1>
          {subtitle && <p className="screen-subtitle">{subtitle}</p>}
        </div>
        {actions && <div className="screen-actions">{actions}</div>}
      </div>
      {children}
    </div>
  );
}

/** The clear "coming soon" state of a screen that a later release fills. Never a blank page. */
export function ComingSoon({ icon, text, children }: { icon: IconName; text: string; children?: ReactNode }) {
  const t = useT();
  return (
    <section className="coming-soon card" aria-labelledby="coming-soon-title">
      <Illustration icon={icon} />
      <span className="pill">{t('coming.pill')}</span>
      <h2 id="coming-soon-title">{t('coming.title')}</h2>
      <p>{text}</p>
      {children}
    </section>
  );
}

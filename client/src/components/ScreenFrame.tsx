import { useRef, type ReactNode } from 'react';
import { usePageTitle } from '../app/page-title.js';
import { useFocusWhenLost } from '../app/use-focus-when-lost.js';
import { useT } from '../i18n/use-t.js';
import type { IconName } from './Icon.js';
import { Illustration } from './Illustration.js';

interface ScreenFrameProps {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
  children?: ReactNode;
  narrow?: boolean;
  /**
   * The title takes a focus that is nowhere when the screen opens: for a screen reached from a
   * dialog that closes on the way (sign-up's Continue), whose button is gone with it.
   */
  focusTitle?: boolean;
}

/** Page heading + content column shared by the screens of the default layout. */
export function ScreenFrame({ title, subtitle, actions, children, narrow = false, focusTitle = false }: ScreenFrameProps) {
  usePageTitle(title);
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusWhenLost(heading, focusTitle);
  return (
    <div className={`screen container${narrow ? ' screen-narrow' : ''}`}>
      <div className="screen-header">
        <div>
          <h1 className="screen-title" ref={heading} tabIndex={focusTitle ? -1 : undefined}>
            {title}
          </h1>
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

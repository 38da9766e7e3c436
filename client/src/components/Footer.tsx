import { Link } from 'react-router';
import { COPYRIGHT_YEAR } from '@shared/constants.js';
import { useT } from '../i18n/use-t.js';
import { useAtomValue } from '../state/jotai.js';
import { settingsAtom } from '../state/settings.js';
import { siteNameAtom } from '../state/site-name.js';
import { LogoMark } from './Logo.js';

const FOOTER_LINKS = [
  ['/pages/terms', 'footer.terms'],
  ['/pages/privacy', 'footer.privacy'],
  ['/pages/cookies', 'footer.cookies'],
  ['/pages/ban', 'footer.ban'],
  ['/pricing', 'footer.pricing'],
  ['/complaints', 'footer.complaints'],
  ['/pages/return-policy', 'footer.returnPolicy'],
  ['/pages/faq', 'footer.faq'],
] as const;

export function Footer() {
  const t = useT();
  const settings = useAtomValue(settingsAtom);
  const name = useAtomValue(siteNameAtom);
  const supportEmail = settings?.support_email;
  return (
    <footer className="footer">
      <div className="container footer-inner">
        <div className="footer-brand">
          <LogoMark size={28} />
          <span>{name}</span>
        </div>
        <nav aria-label={t('footer.label')}>
          <ul className="footer-links">
            {FOOTER_LINKS.map(([to, key]) => (
              <li key={to}>
                <Link to={to}>{t(key)}</Link>
              </li>
            ))}
            {supportEmail && (
              <li>
                <a href={`mailto:${supportEmail}`}>{t('footer.support')}</a>
              </li>
            )}
          </ul>
        </nav>
        <p className="footer-copy">{t('footer.copyright', { year: COPYRIGHT_YEAR, name })}</p>
      </div>
    </footer>
  );
}

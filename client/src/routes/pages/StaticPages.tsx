import { useLocation, useParams } from 'react-router';
import { matchRoute } from '@shared/routes.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { NotFoundPage } from '../../components/ErrorPage.js';
import { useT } from '../../i18n/use-t.js';
import { useAtomValue } from '../../state/jotai.js';
import { settingsAtom } from '../../state/settings.js';
import { siteNameAtom } from '../../state/site-name.js';
import { CompanyInfoBlock, TermsVersion } from './CompanyInfoBlock.js';

const PAGE_KEYS = {
  'pages-terms': 'terms',
  'pages-privacy': 'privacy',
  'pages-cookies': 'cookies',
  'pages-ban': 'ban',
  'pages-return-policy': 'returnPolicy',
  'pages-service': 'service',
} as const;

const SECTIONS = [1, 2, 3] as const;

/** /pages/*: legal pages with their sections, the company info and (terms) the version date. */
export function StaticPage() {
  const t = useT();
  const name = matchRoute(useLocation().pathname)?.name;
  const settings = useAtomValue(settingsAtom);
  const siteName = useAtomValue(siteNameAtom);
  const key = name && name in PAGE_KEYS ? PAGE_KEYS[name as keyof typeof PAGE_KEYS] : null;
  if (!key) return <NotFoundPage />;
  const values = { name: siteName, days: settings?.refund_days ?? 14 };
  return (
    <ScreenFrame title={t(`pages.${key}.title`)} narrow>
      <article className="prose card">
        {key === 'terms' && <TermsVersion />}
        <p className="lead">{t(`pages.${key}.intro`, values)}</p>
        {SECTIONS.map((n) => (
          <section key={n}>
            <h2>{t(`pages.${key}.h${n}`)}</h2>
            <p>{t(`pages.${key}.p${n}`, values)}</p>
          </section>
        ))}
      </article>
      <CompanyInfoBlock />
    </ScreenFrame>
  );
}

const FAQ_ITEMS = [1, 2, 3, 4, 5] as const;

export function FaqPage() {
  const t = useT();
  const settings = useAtomValue(settingsAtom);
  const siteName = useAtomValue(siteNameAtom);
  const values = { name: siteName, days: settings?.refund_days ?? 14 };
  return (
    <ScreenFrame title={t('pages.faq.title')} narrow>
      <div className="faq">
        {FAQ_ITEMS.map((n) => (
          <details key={n} className="faq-item card">
            <summary>{t(`pages.faq.q${n}`, values)}</summary>
            <p>{t(`pages.faq.a${n}`, values)}</p>
          </details>
        ))}
      </div>
      <CompanyInfoBlock />
    </ScreenFrame>
  );
}

/** /{token}: the small single-segment pages (about, contact, safety, imprint). */
export function TokenPage() {
  const t = useT();
  const { token } = useParams();
  const siteName = useAtomValue(siteNameAtom);
  if (!token || !['about', 'contact', 'safety', 'imprint'].includes(token)) return <NotFoundPage />;
  return (
    <ScreenFrame title={t(`pages.token.${token}.title`)} narrow>
      <article className="prose card">
        <p className="lead">{t(`pages.token.${token}.text`, { name: siteName })}</p>
      </article>
      <CompanyInfoBlock />
    </ScreenFrame>
  );
}

export function ComplaintsPage() {
  const t = useT();
  const settings = useAtomValue(settingsAtom);
  return (
    <ScreenFrame title={t('complaints.title')} narrow>
      <article className="prose card">
        <p className="lead">{t('complaints.text')}</p>
        {settings?.support_email && (
          <p>
            <a className="btn btn-secondary btn-md" href={`mailto:${settings.support_email}`}>
              {t('complaints.mail')}
            </a>
          </p>
        )}
      </article>
      <CompanyInfoBlock />
    </ScreenFrame>
  );
}

import { useEffect, useState } from 'react';
import { FormattedDate, useIntl } from 'react-intl';
import { cleanSupportPhone } from '@shared/rules/support-phone.js';
import { termsVersionDate } from '@shared/rules/terms-date.js';
import { fetchCompanyInfo, type CompanyInfo } from '../../api/settings.js';
import { EmailAddress } from '../../components/EmailAddress.js';
import { useT } from '../../i18n/use-t.js';
import { useAtomValue } from '../../state/jotai.js';
import { settingsAtom } from '../../state/settings.js';
import { companyCountryName } from './company-country.js';

const list = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(', ') : (value ?? ''));

function useCompanyInfo(): CompanyInfo | null {
  const [info, setInfo] = useState<CompanyInfo | null>(null);
  useEffect(() => {
    fetchCompanyInfo()
      .then(setInfo)
      .catch(() => setInfo(null));
  }, []);
  return info;
}

/** Who runs the site: company, address, chamber of commerce, VAT, support contacts. */
export function CompanyInfoBlock() {
  const t = useT();
  const { locale } = useIntl();
  const info = useCompanyInfo();
  const settings = useAtomValue(settingsAtom);
  if (!info) return null;
  const phone = cleanSupportPhone(info.support_phone);
  return (
    <section className="company card" aria-labelledby="company-title">
      <h2 id="company-title">{t('pages.company')}</h2>
      <dl className="company-list">
        <dt>{t('pages.companyName')}</dt>
        <dd>{info.name}</dd>
        <dt>{t('pages.address')}</dt>
        <dd>
          {info.address}, {info.city}, {companyCountryName(info.country, locale)}
        </dd>
        <dt>{t('pages.kvk')}</dt>
        <dd>{info.kvk}</dd>
        {list(info.vat_numbers) && (
          <>
            <dt>{t('pages.vat')}</dt>
            <dd>{list(info.vat_numbers)}</dd>
          </>
        )}
        {list(info.tradenames) && (
          <>
            <dt>{t('pages.tradenames')}</dt>
            <dd>{list(info.tradenames)}</dd>
          </>
        )}
        {phone && (
          <>
            <dt>{t('pages.phone')}</dt>
            <dd>
              <a href={`tel:${phone}`}>{info.support_phone}</a>
            </dd>
          </>
        )}
        {settings?.support_email && (
          <>
            <dt>{t('pages.email')}</dt>
            <dd>
              <a href={`mailto:${settings.support_email}`}>
                <EmailAddress value={settings.support_email} />
              </a>
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}

/** "Version of <date>": 2023-12-01 12:00 UTC or the company's added date if later. */
export function TermsVersion() {
  const t = useT();
  const info = useCompanyInfo();
  const date = termsVersionDate(info?.added ?? null);
  return (
    <p className="muted terms-version">
      {t('pages.termsVersion')} <FormattedDate value={date} year="numeric" month="long" day="numeric" />
    </p>
  );
}

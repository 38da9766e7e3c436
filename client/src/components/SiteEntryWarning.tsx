import { useState } from 'react';
import { shouldShowSiteEntryWarning } from '@shared/rules/site-entry.js';
import { isStandalone } from '../app/display-mode.js';
import { useT } from '../i18n/use-t.js';
import { useAtomValue } from '../state/jotai.js';
import { settingsAtom } from '../state/settings.js';
import { userAtom, userLoadedAtom } from '../state/user.js';
import { Button } from './Button.js';
import { Modal } from './Modal.js';

export const SITE_ENTRY_STORAGE_KEY = 'skipped-site-entry-warning';

function dismissedBefore(): boolean {
  try {
    return localStorage.getItem(SITE_ENTRY_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

/** Adult-content warning shown once per browser under the five conditions of spec section 2. */
export function SiteEntryWarning({ countries }: { countries?: readonly string[] | null }) {
  const t = useT();
  const settings = useAtomValue(settingsAtom);
  const user = useAtomValue(userAtom);
  const userLoaded = useAtomValue(userLoadedAtom);
  const [dismissed, setDismissed] = useState(dismissedBefore);
  // Wait for settings and the user: a logged-in member must never see it flash.
  if (!settings || !userLoaded) return null;
  const show = shouldShowSiteEntryWarning({
    standalone: isStandalone(),
    dismissed,
    enableSetting: settings.enable_site_entry_popup,
    loggedIn: user !== null,
    countries: countries ?? settings.site_entry_countries ?? null,
    selectedCountry: settings.geoip_selected_country,
  });
  const accept = () => {
    try {
      localStorage.setItem(SITE_ENTRY_STORAGE_KEY, String(Date.now()));
    } catch {
      // storage disabled: it is dismissed for this page view at least
    }
    setDismissed(true);
  };
  return (
    <Modal open={show} title={t('siteEntry.title')} id="site-entry-warning" dismissible={false} size="sm">
      <div className="site-entry">
        <div className="site-entry-age" aria-hidden="true">
          18+
        </div>
        <p>{t('siteEntry.text', { name: settings.name })}</p>
        <Button block size="lg" onClick={accept}>
          {t('siteEntry.accept')}
        </Button>
        <a className="btn btn-ghost btn-md btn-block" href="https://www.google.com" rel="noreferrer">
          {t('siteEntry.leave')}
        </a>
      </div>
    </Modal>
  );
}

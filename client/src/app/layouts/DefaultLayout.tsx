import { Outlet } from 'react-router';
import { ActivationBanner } from '../../components/ActivationBanner.js';
import { Disclaimer } from '../../components/Disclaimer.js';
import { Footer } from '../../components/Footer.js';
import { SignupModal } from '../../components/signup/SignupModal.js';
import { SiteEntryWarning } from '../../components/SiteEntryWarning.js';
import { TopNav } from '../../components/TopNav.js';
import { useT } from '../../i18n/use-t.js';
import { NavigationProgress } from './NavigationProgress.js';

/** default: top navigation, warnings header, footer, disclaimer, entry warning, signup modal. */
export function DefaultLayout() {
  const t = useT();
  return (
    <div className="layout layout-default">
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <NavigationProgress />
      <TopNav />
      <div className="warnings-header">
        <ActivationBanner />
      </div>
      <main id="main" className="layout-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Disclaimer />
      <Footer />
      <SiteEntryWarning />
      <SignupModal />
    </div>
  );
}
